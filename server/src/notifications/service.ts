/**
 * The notification service other modules call (cashier, KYC, loans, support, operators): it writes the row,
 * inside the caller's transaction when given one, and tells the user's exchange sockets the new unread count
 * once the row is committed.
 */
import type { ExchangeNotificationMessage, Notification } from '../../../src/core/contract/notifications';
import type { Db, Queryable } from '../db/types';
import { toMoney } from '../ledger';
import { findNotification, insertNotification, unreadCount, type NewNotification } from './repo';

/** What the exchange sockets of one user are told. */
export interface NotificationPush {
  userId: string;
  message: ExchangeNotificationMessage;
}

/** A notification written; `publish()` pushes it (call it after the caller's transaction committed). */
export interface Notified {
  id: string;
  userId: string;
  publish(): Promise<void>;
}

export interface NotificationService {
  /**
   * Writes a notification. Without `tx` it is committed and pushed at once. With `tx` it commits with the
   * caller's transaction (a refund and its notice together) and the caller calls `publish()` after COMMIT;
   * a push that is never made only delays the badge until the next unread-count call.
   */
  notify(tx: Queryable | undefined, input: NewNotification): Promise<Notified>;
  /** Pushes the current unread count to the user's sockets (after a read in another tab, say). */
  pushUnread(userId: string): Promise<void>;
  /** One of the user's notifications, or null (Web Push reads the one it announces). */
  find(userId: string, id: string): Promise<Notification | null>;
  /** Hears every push; answers the unsubscribe function. */
  onPush(listener: (push: NotificationPush) => void): () => void;
}

/** Creates the service on the database. */
export function createNotificationService(
  db: Db,
  log: { error(obj: unknown, msg: string): void },
): NotificationService {
  const listeners = new Set<(push: NotificationPush) => void>();

  /** What a push of a new notification carries besides the count (the page announces it from this). */
  type Arrival = Pick<ExchangeNotificationMessage, 'id' | 'alarmType' | 'paymentPrice' | 'paymentUnit'>;

  async function push(userId: string, extra: Arrival | null): Promise<void> {
    if (listeners.size === 0) return;
    const message: ExchangeNotificationMessage = {
      ordertype: 'notification',
      unread: await unreadCount(db, userId),
      ...(extra ?? {}),
    };
    for (const listener of [...listeners]) {
      try {
        listener({ userId, message });
      } catch (error) {
        log.error({ err: error }, 'notification push listener failed');
      }
    }
  }

  const service: NotificationService = {
    async notify(tx, input) {
      const id = await insertNotification(tx ?? db, input);
      const notified: Notified = {
        id,
        userId: input.userId,
        publish: () =>
          push(input.userId, {
            id,
            alarmType: input.alarmType,
            ...(input.paymentPrice == null ? {} : { paymentPrice: toMoney(input.paymentPrice) }),
            ...(input.paymentUnit == null ? {} : { paymentUnit: input.paymentUnit }),
          }).catch((error: unknown) => log.error({ err: error }, 'notification push failed')),
      };
      if (!tx) await notified.publish();
      return notified;
    },
    pushUnread: (userId) =>
      push(userId, null).catch((error: unknown) => log.error({ err: error }, 'notification push failed')),
    find: (userId, id) => findNotification(db, userId, id),
    onPush(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return service;
}
