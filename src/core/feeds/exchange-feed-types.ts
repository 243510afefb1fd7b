/** The public shape of the exchange (order) feed: what the order atoms and widgets read. */
import type { OptionOrder } from '../contract/options';
import type { CloseReason, MarketOrder, PositionSummary } from '../contract/trading';

/**
 * `unauthorized`: the server refused the token (4401) or ended the session (4402); the feed waits for the
 * session. `replaced`: the server closed this socket for a newer one of the same account (4409).
 */
export type ExchangeStatus =
  'idle' | 'connecting' | 'open' | 'reconnecting' | 'failed' | 'unauthorized' | 'replaced';

/** A change the server made on its own (stop loss, take profit, stop-out, pending fill), for a toast. */
export interface ExchangeEvent {
  kind: CloseReason | 'filled';
  orderId: string;
  /** The order as last seen before the change (null when the page never saw it). */
  order: MarketOrder | null;
  /** Increases with every event, so the same order closing twice is still two toasts. */
  seq: number;
  receivedAt: number;
}

/** Options of the account the server just settled (`optionSettled`), as `findOption` answers them. */
export interface OptionSettledPush {
  list: readonly OptionOrder[];
  /** Increases with every push, so a widget sees each one once. */
  seq: number;
  receivedAt: number;
}

/** The summary as the open list reports it (P&L of open positions) and as the pending list does (expected). */
export interface PositionSummaries {
  open: PositionSummary | null;
  pending: PositionSummary | null;
  /** Whichever arrived last: net value and free margin are account-wide and freshest here. */
  latest: PositionSummary | null;
}

/** The user's unread notification count as the socket last pushed it. */
export interface NotificationPushState {
  unread: number;
  /** Increases with every push, so equal counts in a row are still two pushes. */
  seq: number;
  /** Set when a new notification arrived (not when one was read). */
  newId: string | null;
  /** The new notification's alarm type, amount and its unit, as pushed (null when not sent). */
  alarmType: number | null;
  paymentPrice: string | null;
  paymentUnit: string | null;
}

/** The last live-support change the socket pushed (a message, a read receipt, an assignment, a close). */
export interface SupportPushState {
  /** The frame as sent: the chat parses it (support-push.ts `parseSupportPush`). */
  frame: string;
}

/** Everything the feed knows at one moment (a new object on every change). */
export interface ExchangeSnapshot {
  status: ExchangeStatus;
  /** Reconnect attempts since the last message (max 10). */
  attempt: number;
  /** Whether the lists belong to the demo account; null before the first message. */
  virtual: boolean | null;
  /** Open positions (holtOrder); null until the server sent the list. */
  openOrders: readonly MarketOrder[] | null;
  /** Pending orders (pendingOrder); null until the server sent the list. */
  pendingOrders: readonly MarketOrder[] | null;
  summary: PositionSummaries;
  event: ExchangeEvent | null;
  /** The last notification push of this connection; null before one (read the count over HTTP first). */
  notifications: NotificationPushState | null;
  /** The last settlement push of the account (null until one arrived). */
  optionSettled: OptionSettledPush | null;
  /**
   * The last live-support push of the user (absent until one arrived, and after a reconnect): a new object
   * for every push, so a listener applies each one once by identity.
   */
  support?: SupportPushState;
}

/** The page's one exchange socket, opened while someone listens and the session is signed in. */
export interface ExchangeFeed {
  getSnapshot(): ExchangeSnapshot;
  /**
   * Reference-counted: the first listener opens the socket (once signed in), the last one closes it and
   * forgets the lists. The listener hears every new snapshot; it is called once at once with the current.
   */
  subscribe(listener: (snapshot: ExchangeSnapshot) => void): () => void;
  /** Try again after `failed` (the connection banner's Retry). */
  retry(): void;
  /** Close for good (platform teardown). */
  close(): void;
}

/** The part of a browser WebSocket the feed uses (a fake implements it in tests). */
export interface ExchangeSocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}
