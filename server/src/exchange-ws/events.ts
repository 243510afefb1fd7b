/**
 * What the exchange sockets of users hear, from the modules that make it happen: the events (a fill or a
 * stop-out, a settlement, a new notification, a support message) go through the user's journal and reach the
 * sockets with their number (RP1); the state of the moment (the lists, a count) goes to them at once.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { toOptionOrder } from '../options';
import type { ExchangeHub } from './hub';
import type { Journal, JournalFrame } from './journal';

/** Listens to the modules present; answers the functions that stop listening. */
export function followEvents(
  app: FastifyInstance,
  hub: ExchangeHub,
  journal: Pick<Journal, 'append'>,
  log: FastifyBaseLogger,
): Array<() => void> {
  /**
   * An event is written to the user's journal, then pushed with its number to every socket of the user. When
   * the journal cannot take it (the database failed), it is pushed as before the journal, without a number.
   */
  const journaled = (
    userId: string,
    virtual: boolean | null,
    frame: JournalFrame,
    unjournaled: () => void,
  ) => {
    journal.append(userId, virtual, frame).then(
      (entry) => hub.journaled(userId, entry),
      (error: unknown) => {
        log.error({ err: error }, 'exchange journal write failed');
        unjournaled();
      },
    );
  };
  const unsubscribe = [
    app.trading.onChange((change) =>
      change.event
        ? journaled(
            change.userId,
            change.virtual,
            // Always the same keys in the same order: another process's write of this event is found by it.
            { ordertype: 'orderEvent', event: { kind: change.event.kind, orderId: change.event.orderId } },
            () => hub.changed(change),
          )
        : hub.changed(change),
    ),
  ];
  if (app.hasDecorator('notifications')) {
    unsubscribe.push(
      app.notifications.onPush(({ userId, message }) =>
        // A new notification is an event; a count that changed (one was read) is the state of the moment.
        message.id
          ? journaled(userId, null, message, () => hub.notified(userId, message))
          : hub.notified(userId, message),
      ),
    );
  }
  if (app.hasDecorator('support')) {
    unsubscribe.push(
      app.support.onPush((push) => {
        const { target, message } = push;
        if (!message || !('userId' in target)) return hub.supported(push);
        // The operators' inbox at once; the user's sockets by the journal.
        hub.supported({ ...push, message: undefined });
        journaled(target.userId, null, message, () => hub.supportedUser(target.userId, message));
      }),
    );
  }
  if (app.hasDecorator('optionMode')) {
    unsubscribe.push(
      app.optionMode.onSettled((rows, remote) => {
        // Settled in another process: its journal entry comes to these sockets over the bus (MP11).
        if (remote) return;
        // One message per account, as the sockets had it: `{ optionSettled, virtual, list }`.
        const byAccount = new Map<string, { userId: string; virtual: boolean; rows: typeof rows }>();
        for (const row of rows) {
          const key = `${String(row.userId)}|${row.virtual}`;
          const entry = byAccount.get(key) ?? { userId: String(row.userId), virtual: row.virtual, rows: [] };
          entry.rows.push(row);
          byAccount.set(key, entry);
        }
        for (const { userId, virtual, rows: own } of byAccount.values()) {
          const frame = { ordertype: 'optionSettled' as const, virtual, list: own.map(toOptionOrder) };
          journaled(userId, virtual, frame, () =>
            hub.optionsSettled(frame.list.map((order) => ({ userId, virtual, order }))),
          );
        }
      }),
    );
  }
  return unsubscribe;
}
