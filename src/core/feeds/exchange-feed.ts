/**
 * The page's one exchange (order) socket: a raw WebSocket to `{exchangeWs}/{uid}` that pushes the
 * account's open and pending orders (spec §7). Opened only while signed in and someone listens; the token
 * goes in the first message, never in the URL. Reconnects like the market feed (500 ms × attempt, at most
 * 10), except that 4401/4402 (token refused, session ended) stop and let the session check itself.
 *
 * A token refresh does not reopen the socket: the server authenticates a socket once, at its first
 * message, and ends it with 4402 when the session (not one access token) ends; every reconnect sends the
 * token current at that moment. An account switch or another user does reopen it.
 */
import { ExchangeClose } from '../contract/trading';
import type { OptionOrder } from '../contract/options';
import type { ExchangeOrderMessage, MarketOrder } from '../contract/trading';
import type { Session } from '../session/session-types';
import type {
  ExchangeEvent,
  ExchangeFeed,
  ExchangeSnapshot,
  ExchangeSocketLike,
  ExchangeStatus,
} from './exchange-feed-types';
import { parseExchangeMessage, parseNotificationMessage } from './exchange-feed-message';
import { nextDelay, shouldGiveUp } from './reconnect-policy';

export type * from './exchange-feed-types';

/** What the feed needs of the session. */
export type ExchangeSession = Pick<
  Session,
  'getState' | 'getToken' | 'subscribe' | 'onLogout' | 'onAccountSwitch' | 'check'
>;

export interface ExchangeFeedOptions {
  /** Socket URL for an account id; read on every connect (throws before the config loaded). */
  url: (uid: string) => string;
  session: ExchangeSession;
  /** Connecting waits for this (the platform passes "runtime config loaded"). */
  ready?: Promise<unknown>;
  socketFactory?: (url: string) => ExchangeSocketLike;
  timers?: {
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (id: unknown) => void;
  };
  now?: () => number;
  debug?: (message: string) => void;
}

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

/** Statuses the feed leaves only when something changes (retry, a new token, another account). */
const STOPPED: ReadonlySet<ExchangeStatus> = new Set(['failed', 'unauthorized', 'replaced']);

const defaultSocket = (url: string) => new WebSocket(url) as unknown as ExchangeSocketLike;

/** Create the exchange feed of one page. */
export function createExchangeFeed(options: ExchangeFeedOptions): ExchangeFeed {
  const { session } = options;
  const now = options.now ?? Date.now;
  const debug = options.debug ?? (() => undefined);
  const timers = options.timers ?? {
    setTimeout: (fn: () => void, ms: number) => globalThis.setTimeout(fn, ms),
    clearTimeout: (id: unknown) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  };
  const listeners = new Set<(snapshot: ExchangeSnapshot) => void>();
  let snapshot = EMPTY;
  let socket: ExchangeSocketLike | null = null;
  /** The account the socket (or the pending reconnect) is for: `uid|virtual`. */
  let socketAccount: string | null = null;
  let socketToken: string | null = null;
  let reconnectTimer: unknown = null;
  let configReady = !options.ready;
  let waitingForConfig = false;
  let sessionRelease: Array<() => void> = [];
  let eventSeq = 0;
  let pushSeq = 0;
  let closedForGood = false;

  function update(patch: Partial<ExchangeSnapshot>): void {
    snapshot = { ...snapshot, ...patch };
    for (const listener of [...listeners]) listener(snapshot);
  }

  const accountKey = () => {
    const state = session.getState();
    return state.status === 'signedIn' && state.uid ? `${state.uid}|${state.virtual}` : null;
  };
  const wanted = () => !closedForGood && listeners.size > 0 && accountKey() !== null && !!session.getToken();

  /** Forget the socket and any planned reconnect (a close we caused is not reported). */
  function drop(): void {
    timers.clearTimeout(reconnectTimer);
    reconnectTimer = null;
    const old = socket;
    socket = null;
    socketToken = null;
    if (!old) return;
    old.onopen = old.onmessage = old.onerror = old.onclose = null;
    try {
      old.close(1000, 'client closed');
    } catch (error) {
      debug(`closing the exchange socket failed: ${String(error)}`);
    }
  }

  /** Drop the socket and the lists of the account it was for. */
  function reset(status: ExchangeStatus = 'idle'): void {
    drop();
    socketAccount = null;
    snapshot = { ...EMPTY, event: snapshot.event };
    update({ status });
  }

  function sync(): void {
    if (!wanted()) {
      if (socket || reconnectTimer || snapshot.status !== 'idle' || snapshot.openOrders) reset();
      return;
    }
    if (socketAccount !== null && accountKey() !== socketAccount) reset();
    if (socket || reconnectTimer || STOPPED.has(snapshot.status)) return;
    open();
  }

  function open(): void {
    if (!configReady) {
      if (waitingForConfig) return;
      waitingForConfig = true;
      // No config, no socket: a later subscribe or session change tries again.
      options.ready?.then(
        () => {
          configReady = true;
          waitingForConfig = false;
          sync();
        },
        () => {
          waitingForConfig = false;
        },
      );
      return;
    }
    const state = session.getState();
    const token = session.getToken();
    if (!state.uid || !token) return;
    let next: ExchangeSocketLike;
    try {
      next = (options.socketFactory ?? defaultSocket)(options.url(state.uid));
    } catch (error) {
      debug(`cannot open the exchange socket: ${String(error)}`);
      return lost();
    }
    socket = next;
    socketToken = token;
    socketAccount = accountKey();
    update({ status: snapshot.attempt > 0 ? 'reconnecting' : 'connecting' });
    next.onopen = () => {
      if (socket !== next) return;
      next.send(JSON.stringify({ token }));
      update({ status: 'open' });
    };
    next.onmessage = (event) => {
      if (socket !== next) return;
      // Notifications are the user's, not one account's: no real/demo check.
      const notification = parseNotificationMessage(event.data);
      if (notification) return applyNotification(notification.unread, notification.id ?? null);
      const message = parseExchangeMessage(event.data);
      if (!message) return debug('ignoring an exchange message of an unknown shape');
      // A message for the other account (sent before a switch reached the server) is not ours to show.
      if (message.virtual !== session.getState().virtual) return;
      if (message.ordertype === 'optionSettled') {
        update({
          attempt: 0,
          status: 'open',
          optionSettled: { list: message.list, seq: ++pushSeq, receivedAt: now() },
        });
        return;
      }
      apply(message);
    };
    next.onerror = () => debug('exchange socket error');
    next.onclose = (event) => {
      if (socket !== next) return;
      socket = null;
      socketToken = null;
      closedByServer(event.code, token);
    };
  }

  function closedByServer(code: number, token: string): void {
    if (code === ExchangeClose.unauthorized || code === ExchangeClose.sessionEnded) {
      update({ status: 'unauthorized' });
      // The session decides: it refreshes or ends itself; a new token means a new try.
      void session.check().then(() => {
        if (snapshot.status !== 'unauthorized' || !wanted() || session.getToken() === token) return;
        update({ status: 'connecting', attempt: 0 });
        sync();
      });
      return;
    }
    // Two tabs of one account would take the socket from each other for ever: the replaced one stops.
    if (code === ExchangeClose.replaced) return update({ status: 'replaced' });
    lost();
  }

  function lost(): void {
    const attempt = snapshot.attempt + 1;
    if (shouldGiveUp(attempt)) return update({ status: 'failed' });
    update({ status: 'reconnecting', attempt });
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      if (wanted()) open();
    }, nextDelay(attempt));
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

  function applyNotification(unread: number, newId: string | null): void {
    const seq = (snapshot.notifications?.seq ?? 0) + 1;
    update({ notifications: { unread, seq, newId } });
  }

  function eventOf(message: ExchangeOrderMessage): ExchangeEvent | null {
    const event = message.event;
    if (!event) return null;
    const known = (list: readonly MarketOrder[] | null) => list?.find((o) => o.id === event.orderId);
    const order = known(snapshot.openOrders) ?? known(snapshot.pendingOrders) ?? known(message.list) ?? null;
    return { kind: event.kind, orderId: event.orderId, order, seq: ++eventSeq, receivedAt: now() };
  }

  function attachSession(): void {
    sessionRelease = [
      // Sign-in, sign-out, another user, real ↔ demo: compare the account, not the token (refreshes).
      session.subscribe(() => sync()),
      session.onLogout(() => reset()),
      session.onAccountSwitch(() => {
        if (socketToken !== session.getToken()) reset();
        sync();
      }),
    ];
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) attachSession();
      listener(snapshot);
      sync();
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return;
        for (const release of sessionRelease) release();
        sessionRelease = [];
        // Nobody looks: no socket, and no list that would be stale when someone looks again.
        reset();
      };
    },
    retry() {
      if (!STOPPED.has(snapshot.status)) return;
      update({ status: 'connecting', attempt: 0 });
      sync();
    },
    close() {
      closedForGood = true;
      for (const release of sessionRelease) release();
      sessionRelease = [];
      reset();
      listeners.clear();
    },
  };
}

/**
 * Calls `onSettled` once when a settlement push of the feed's account names option `uid` (it also keeps the
 * feed's socket open while watched). Answers the function that stops watching.
 */
export function watchOptionSettled(
  feed: Pick<ExchangeFeed, 'getSnapshot' | 'subscribe'>,
  uid: string,
  onSettled: (order: OptionOrder) => void,
): () => void {
  // Only pushes that arrive from now on: an earlier one is of options settled before.
  const seen = feed.getSnapshot().optionSettled?.seq ?? 0;
  let done = false;
  let stop: (() => void) | null = null;
  stop = feed.subscribe((snapshot) => {
    const push = snapshot.optionSettled;
    if (done || !push || push.seq <= seen) return;
    const order = push.list.find((o) => o.uid === uid);
    if (!order) return;
    done = true;
    onSettled(order);
  });
  if (done) stop();
  return () => {
    done = true;
    stop?.();
    stop = null;
  };
}
