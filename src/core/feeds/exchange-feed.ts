/**
 * The page's one exchange (order) socket: a raw WebSocket to `{exchangeWs}/{uid}` that pushes the
 * account's open and pending orders (spec §7). Opened only while signed in and someone listens; the token
 * goes in the first message, never in the URL. Reconnects like the market feed (500 ms × attempt, at most
 * 10), except that 4401/4402 (token refused, session ended) stop and let the session check itself.
 *
 * A token refresh does not reopen the socket: the server authenticates a socket once, at its first
 * message, and ends it with 4402 when the session (not one access token) ends; every reconnect sends the
 * token current at that moment. An account switch or another user does reopen it.
 *
 * Events (fills, stop-outs, settlements, new notifications, support messages) carry the number of the user's
 * journal (`seq`, RP1): the feed remembers the last one it handled, sends it as `since` when it connects again,
 * ignores a number it handled and connects again (with `since`) when one is missing (RP4).
 */
import { EXCHANGE_HEARTBEAT_MS, ExchangeClose } from '../contract/trading';
import type { OptionOrder } from '../contract/options';
import type { Session } from '../session/session-types';
import type { ExchangeFeed, ExchangeSocketLike, ExchangeStatus } from './exchange-feed-types';
import { createExchangeStore } from './exchange-feed-store';
import { createEventSeries } from './exchange-series';
import { IDLE_CLOSE_MS, nextDelay, shouldGiveUp } from './reconnect-policy';

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

/** Statuses the feed leaves only when something changes (retry, a new token, another account). */
const STOPPED: ReadonlySet<ExchangeStatus> = new Set(['failed', 'unauthorized', 'replaced']);

const defaultSocket = (url: string) => new WebSocket(url) as unknown as ExchangeSocketLike;

const defaultTimers = {
  setTimeout: (fn: () => void, ms: number) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id: unknown) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * Waits for the runtime config once: `pass` answers whether it loaded, and the first call before it did
 * starts waiting and calls `onReady` when it loads. A config that fails to load waits for the next call.
 */
function createReadyGate(ready: Promise<unknown> | undefined, onReady: () => void): { pass(): boolean } {
  let configReady = !ready;
  let waitingForConfig = false;
  return {
    pass() {
      if (configReady) return true;
      if (waitingForConfig) return false;
      waitingForConfig = true;
      ready?.then(
        () => {
          configReady = true;
          waitingForConfig = false;
          onReady();
        },
        () => {
          waitingForConfig = false;
        },
      );
      return false;
    },
  };
}

/** Close a socket we no longer want without hearing from it again. */
function closeQuietly(old: ExchangeSocketLike, debug: (message: string) => void): void {
  old.onopen = old.onmessage = old.onerror = old.onclose = null;
  try {
    old.close(1000, 'client closed');
  } catch (error) {
    debug(`closing the exchange socket failed: ${String(error)}`);
  }
}

/**
 * The wait for a socket's next frame: armed by `heard()` at its opening and each frame, stopped with the socket.
 * Two heart-beats without a frame mean a dead link (HB1), which a browser notices by itself only when TCP gives
 * up, minutes later. Armed from a socket event, not from a timer, it is not one of the chained timers a hidden
 * tab slows to one a minute.
 */
function silenceWatch(
  timers: NonNullable<ExchangeFeedOptions['timers']>,
  debug: (message: string) => void,
  onSilent: ReadonlyArray<() => void>,
) {
  let timer: unknown = null;
  return {
    heard() {
      timers.clearTimeout(timer);
      timer = timers.setTimeout(() => {
        timer = null;
        debug('no frame from the exchange socket for two heart-beats: connecting again');
        for (const step of onSilent) step();
      }, 2 * EXCHANGE_HEARTBEAT_MS);
    },
    stop() {
      timers.clearTimeout(timer);
      timer = null;
    },
  };
}

/** Create the exchange feed of one page. */
export function createExchangeFeed(options: ExchangeFeedOptions): ExchangeFeed {
  const { session, timers = defaultTimers } = options;
  const debug = options.debug ?? (() => undefined);
  const store = createExchangeStore({ now: options.now ?? Date.now, debug });
  const { listeners, update } = store;
  let socket: ExchangeSocketLike | null = null;
  /** The account the socket (or the pending reconnect) is for: `uid|virtual`. */
  let socketAccount: string | null = null;
  let socketToken: string | null = null;
  let reconnectTimer: unknown = null;
  // No config, no socket: a later subscribe or session change tries again.
  const config = createReadyGate(options.ready, () => sync());
  let sessionRelease: Array<() => void> = [];
  let closedForGood = false;
  /** Runs while nobody listens: the socket and the lists go when it fires (EK9). */
  let idleTimer: unknown = null;
  const silence = silenceWatch(timers, debug, [drop, lost]);
  const series = createEventSeries(debug, [drop, lost]);

  const accountKey = () => {
    const state = session.getState();
    return state.status === 'signedIn' && state.uid ? `${state.uid}|${state.virtual}` : null;
  };
  // While the last listener's IDLE_CLOSE_MS run, the socket is still wanted: it follows the account meanwhile.
  const listened = () => listeners.size > 0 || idleTimer !== null;
  const wanted = () => !closedForGood && listened() && accountKey() !== null && !!session.getToken();

  /** Forget the socket and any planned reconnect (a close we caused is not reported). */
  function drop(): void {
    timers.clearTimeout(reconnectTimer);
    reconnectTimer = null;
    silence.stop();
    const old = socket;
    socket = null;
    socketToken = null;
    if (old) closeQuietly(old, debug);
  }

  /** Drop the socket and the lists of the account it was for. */
  function reset(status: ExchangeStatus = 'idle'): void {
    drop();
    socketAccount = null;
    store.clear(status);
  }

  function sync(): void {
    if (!wanted()) {
      const { status, openOrders } = store.get();
      if (socket || reconnectTimer || status !== 'idle' || openOrders) reset();
      return;
    }
    if (socketAccount !== null && accountKey() !== socketAccount) reset();
    if (socket || reconnectTimer || STOPPED.has(store.get().status)) return;
    open();
  }

  function open(): void {
    if (!config.pass()) return;
    const { uid } = session.getState();
    const token = session.getToken();
    if (!uid || !token) return;
    let next: ExchangeSocketLike;
    try {
      next = (options.socketFactory ?? defaultSocket)(options.url(uid));
    } catch (error) {
      debug(`cannot open the exchange socket: ${String(error)}`);
      return lost();
    }
    socket = next;
    socketToken = token;
    socketAccount = accountKey();
    update({ status: store.get().attempt > 0 ? 'reconnecting' : 'connecting' });
    next.onopen = () => {
      if (socket !== next) return;
      next.send(JSON.stringify({ token, since: series.since(uid) }));
      update({ status: 'open' });
      silence.heard();
    };
    next.onmessage = (event) => {
      if (socket !== next) return;
      silence.heard();
      if (series.admit(uid, event.data)) store.receive(event.data, () => session.getState().virtual);
    };
    next.onerror = () => debug('exchange socket error');
    next.onclose = (event) => {
      if (socket !== next) return;
      // Its silence is no longer a sign of anything: a reconnect waits by its own policy.
      silence.stop();
      socket = socketToken = null;
      closedByServer(event.code, token);
    };
  }

  function closedByServer(code: number, token: string): void {
    if (code === ExchangeClose.unauthorized || code === ExchangeClose.sessionEnded) {
      update({ status: 'unauthorized' });
      // The session decides: it refreshes or ends itself; a new token means a new try.
      void session.check().then(() => {
        if (store.get().status !== 'unauthorized' || !wanted() || session.getToken() === token) return;
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
    const attempt = store.get().attempt + 1;
    if (shouldGiveUp(attempt)) return update({ status: 'failed' });
    update({ status: 'reconnecting', attempt });
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      // No reconnect for nobody: a listener that comes back opens the socket again.
      if (listeners.size > 0 && wanted()) open();
    }, nextDelay(attempt));
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

  function detachSession(): void {
    timers.clearTimeout(idleTimer);
    idleTimer = null;
    for (const release of sessionRelease) release();
    sessionRelease = [];
  }

  return {
    getSnapshot: () => store.get(),
    subscribe(listener) {
      listeners.add(listener);
      timers.clearTimeout(idleTimer);
      idleTimer = null;
      if (sessionRelease.length === 0) attachSession();
      listener(store.get());
      sync();
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return;
        // Nobody looks: no socket, and no list that would be stale when someone looks again. Not at once: a
        // widget moved or replaced by the page's next view listens again within IDLE_CLOSE_MS, on the same socket.
        idleTimer = timers.setTimeout(() => {
          idleTimer = null;
          if (listeners.size > 0) return;
          detachSession();
          reset();
        }, IDLE_CLOSE_MS);
      };
    },
    retry() {
      if (!STOPPED.has(store.get().status)) return;
      update({ status: 'connecting', attempt: 0 });
      sync();
    },
    close() {
      closedForGood = true;
      detachSession();
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
