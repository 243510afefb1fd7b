/**
 * The exchange feed's snapshot and its listeners: what each pushed message changes in the lists, the
 * summaries, the event toast and the notification count. Knows nothing about the socket or the session.
 */
import type { ExchangeNotificationMessage } from '../contract/notifications';
import { EXCHANGE_HEARTBEAT_FRAME, type ExchangeOrderMessage, type MarketOrder } from '../contract/trading';
import type { ExchangeEvent, ExchangeSnapshot, ExchangeStatus } from './exchange-feed-types';
import { parseExchangeMessage, parseNotificationMessage } from './exchange-feed-message';

const EMPTY: ExchangeSnapshot = {
  status: 'idle',
  attempt: 0,
  virtual: null,
  openOrders: null,
  pendingOrders: null,
  summary: { open: null, pending: null, latest: null },
  event: null,
  notifications: null,
  optionSettled: null,
};

/** The snapshot of one exchange feed. */
export interface ExchangeStore {
  /** Everyone who looks; the feed opens its socket only while there is someone. */
  readonly listeners: Set<(snapshot: ExchangeSnapshot) => void>;
  get(): ExchangeSnapshot;
  /** Apply a change and tell every listener. */
  update(patch: Partial<ExchangeSnapshot>): void;
  /** Forget the lists of the account (the last event stays for its toast) and set the status. */
  clear(status: ExchangeStatus): void;
  /** Apply one socket message; `virtual` answers which account the page shows now. */
  receive(data: unknown, virtual: () => boolean): void;
}

/** Create the store of one exchange feed. */
export function createExchangeStore(deps: {
  now: () => number;
  debug: (message: string) => void;
}): ExchangeStore {
  const { now, debug } = deps;
  const listeners = new Set<(snapshot: ExchangeSnapshot) => void>();
  let snapshot = EMPTY;
  let eventSeq = 0;
  let pushSeq = 0;

  function update(patch: Partial<ExchangeSnapshot>): void {
    snapshot = { ...snapshot, ...patch };
    for (const listener of [...listeners]) listener(snapshot);
  }

  function apply(message: ExchangeOrderMessage): void {
    const patch: Partial<ExchangeSnapshot> = { attempt: 0, status: 'open', virtual: message.virtual };
    const open = message.ordertype === 'holtOrder';
    if (message.event) patch.event = eventOf(message);
    if (open) patch.openOrders = message.list;
    else patch.pendingOrders = message.list;
    patch.summary = {
      ...snapshot.summary,
      [open ? 'open' : 'pending']: message.summary,
      latest: message.summary,
    };
    update(patch);
  }

  function applyNotification(message: ExchangeNotificationMessage): void {
    const seq = (snapshot.notifications?.seq ?? 0) + 1;
    update({
      notifications: {
        unread: message.unread,
        seq,
        newId: message.id ?? null,
        alarmType: message.alarmType ?? null,
        paymentPrice: message.paymentPrice ?? null,
        paymentUnit: message.paymentUnit ?? null,
      },
    });
  }

  function eventOf(message: ExchangeOrderMessage): ExchangeEvent | null {
    const event = message.event;
    if (!event) return null;
    const known = (list: readonly MarketOrder[] | null) => list?.find((o) => o.id === event.orderId);
    const order = known(snapshot.openOrders) ?? known(snapshot.pendingOrders) ?? known(message.list) ?? null;
    return { kind: event.kind, orderId: event.orderId, order, seq: ++eventSeq, receivedAt: now() };
  }

  function receive(data: unknown, virtual: () => boolean): void {
    // The heart-beat only tells the feed that the link lives (HB1).
    if (data === EXCHANGE_HEARTBEAT_FRAME) return;
    // Notifications are the user's, not one account's: no real/demo check.
    const notification = parseNotificationMessage(data);
    if (notification) return applyNotification(notification);
    const message = parseExchangeMessage(data);
    // Live support is the user's, whichever account the page shows. The chat parses the frame
    // (support-push.ts): the order widgets, which share this store, do not carry its parser.
    const frame = String(data);
    if (!message)
      return frame.includes('"ordertype":"support"')
        ? update({ support: { frame } })
        : debug('exchange message of an unknown shape');
    // A message for the other account (sent before a switch reached the server) is not ours to show.
    if (message.virtual !== virtual()) return;
    if (message.ordertype === 'optionSettled') {
      update({
        attempt: 0,
        status: 'open',
        optionSettled: { list: message.list, seq: ++pushSeq, receivedAt: now() },
      });
      return;
    }
    apply(message);
  }

  return {
    listeners,
    get: () => snapshot,
    update,
    clear(status) {
      snapshot = { ...EMPTY, event: snapshot.event };
      update({ status });
    },
    receive,
  };
}
