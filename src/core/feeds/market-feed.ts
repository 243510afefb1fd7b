/**
 * The page's one market socket (STOMP over WebSocket, spec §4 live-data rules). stompjs only moves frames:
 * its own reconnect is off (`reconnectDelay: 0`) and this module drives reconnects, staleness and
 * re-subscription itself, because stompjs neither re-subscribes after a reconnect nor knows our policy.
 */
import type { IStompSocket } from '@stomp/stompjs';
import { BRAND_TOPIC_PREFIX } from '../contract/paths';
import type { FeedState, MarketFeed } from '../runtime/types';
import {
  CONNECT_TIMEOUT_MS,
  HEARTBEAT_MS,
  IDLE_CLOSE_MS,
  STALE_CHECK_MS,
  isStale,
  nextDelay,
  shouldGiveUp,
} from './reconnect-policy';
import { HEARTBEAT_STRATEGY, createStompClient, defaultSocket, watchTraffic } from './stomp-client';
import type { FeedClientConfig, StompClientLike } from './stomp-client';
import { createSocketPlan } from './socket-plan';
import { createSocketSubscriptions } from './socket-subscriptions';
import { createSubscriptionRegistry, type SubscriptionRegistry } from './subscription-registry';

export type { FeedClientConfig, StompClientLike } from './stomp-client';
export { MAX_SYMBOL_SUBSCRIPTIONS } from './socket-plan';

export interface FeedTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
}

export interface MarketFeedOptions {
  /** Socket URL (ws:/wss:), read on every connect. */
  url: () => string;
  clientFactory?: (config: FeedClientConfig) => StompClientLike;
  /** Opens the socket; default: the page's WebSocket with the STOMP sub-protocols. */
  webSocketFactory?: (url: string) => IStompSocket;
  /** Connecting waits for this (the platform passes "runtime config loaded"). */
  ready?: Promise<unknown>;
  now?: () => number;
  timers?: Partial<FeedTimers>;
  debug?: (message: string) => void;
}

/**
 * A destination that rides along (BE10): held while the socket is open for others, but it never opens the socket,
 * keeps it from closing when idle or counts for staleness (a brand's topic is quiet for days).
 */
const ridesAlong = (destination: string) => destination.startsWith(BRAND_TOPIC_PREFIX);
/** Whether any destination but those riding along has a listener. */
const listened = (registry: SubscriptionRegistry) => registry.destinations().some((d) => !ridesAlong(d));

const sameStatus = (a: FeedState, b: FeedState) =>
  a.status === b.status && a.attempt === b.attempt && a.connectionLost === b.connectionLost;

/** The page's timers, with any the caller passes in their place. */
function withDefaultTimers(timers: Partial<FeedTimers> | undefined): FeedTimers {
  return {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
    setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
    clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
    ...timers,
  };
}

/** Runs `onIdle` IDLE_CLOSE_MS after `arm` (a second `arm` keeps the first deadline), unless `cancel` comes first. */
function idleCloser(timers: FeedTimers, onIdle: () => void): { arm(): void; cancel(): void } {
  let timer: unknown = null;
  return {
    arm() {
      if (timer !== null) return;
      timer = timers.setTimeout(() => {
        timer = null;
        onIdle();
      }, IDLE_CLOSE_MS);
    },
    cancel() {
      timers.clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * The feed's sockets: the page's WebSocket (or the options' own), with heart-beats sent on its traffic and a link
 * silent for two heart-beat periods dropped (`watchTraffic`, EK60). `drop` is called only for the newest socket.
 */
function socketOpener(options: MarketFeedOptions, timers: FeedTimers, now: () => number, drop: () => void) {
  let newest: IStompSocket | null = null;
  return (): IStompSocket => {
    const socket: IStompSocket = watchTraffic((options.webSocketFactory ?? defaultSocket)(options.url()), {
      beatEveryMs: HEARTBEAT_MS / 2,
      silentMs: 2 * HEARTBEAT_MS,
      onSilence: () => {
        if (socket === newest) drop();
      },
      now,
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
    });
    newest = socket;
    return socket;
  };
}

/**
 * Create the market feed. `onState` listeners hear status, attempt and connectionLost changes;
 * `lastMessageAt` is kept current in `getState()` without a notification per message.
 */
export function createMarketFeed(options: MarketFeedOptions): MarketFeed {
  const now = options.now ?? Date.now;
  const timers = withDefaultTimers(options.timers);
  const debug = options.debug ?? (() => undefined);
  const stateListeners = new Set<(state: FeedState) => void>();
  let state: FeedState = { status: 'idle', attempt: 0, connectionLost: false, lastMessageAt: null };
  let client: StompClientLike | null = null;
  let connectedAt = 0;
  let started = false;
  let closed = false;
  let reconnectTimer: unknown = null;
  let staleTimer: unknown = null;

  function setState(patch: Partial<FeedState>): void {
    const next = { ...state, ...patch };
    const notify = !sameStatus(state, next);
    state = next;
    if (!notify) return;
    for (const listener of [...stateListeners]) listener(state);
  }

  const socketSubs = createSocketSubscriptions({ client: () => client, onMessage, debug });
  const isOpen = () => state.status === 'open';
  const plan = createSocketPlan(socketSubs, () => registry, isOpen);
  const registry = createSubscriptionRegistry({
    onFirst(destination) {
      if (!ridesAlong(destination)) idle.cancel();
      plan.sync();
    },
    onLast() {
      plan.sync();
      // With no listener left, the socket closes after IDLE_CLOSE_MS unless one comes back (EK9).
      if (started && !listened(registry)) idle.arm();
    },
  });
  const idle = idleCloser(timers, () => {
    debug('no market listener left: closing the socket until the next one');
    stop();
    setState({ status: 'idle', attempt: 0, connectionLost: false });
  });

  /** Close the socket and every timer; a later start() opens a new socket with the same client. */
  function stop(): void {
    started = false;
    timers.clearTimeout(reconnectTimer);
    timers.clearInterval(staleTimer);
    reconnectTimer = staleTimer = null;
    idle.cancel();
    plan.clear();
    void client?.deactivate();
  }

  function onMessage(destination: string, body: string): void {
    if (!plan.wants(destination)) return;
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      debug(`ignoring a message on ${destination} that is not JSON`);
      return;
    }
    setState({ lastMessageAt: now(), connectionLost: false });
    plan.deliver(destination, value);
  }

  function getClient(): StompClientLike {
    const factory = options.clientFactory ?? createStompClient;
    client ??= factory({
      webSocketFactory: socketOpener(options, timers, now, () => client?.forceDisconnect()),
      reconnectDelay: 0,
      heartbeatIncoming: HEARTBEAT_MS,
      heartbeatOutgoing: HEARTBEAT_MS,
      heartbeatStrategy: HEARTBEAT_STRATEGY,
      connectionTimeout: CONNECT_TIMEOUT_MS,
      discardWebsocketOnCommFailure: true,
      debug,
      onConnect,
      onWebSocketClose,
      onStompError: () => client?.forceDisconnect(),
    });
    return client;
  }

  function connect(): void {
    if (closed || !started) return;
    getClient().activate();
  }

  function onConnect(): void {
    if (closed || !started) return;
    connectedAt = now();
    // stompjs forgets subscriptions with the socket: every live destination is subscribed again here.
    setState({ status: 'open', attempt: 0 });
    plan.sync({ fresh: true });
    if (!listened(registry)) idle.arm();
  }

  function onWebSocketClose(): void {
    // A close we asked for (deactivate) leaves the client inactive; only an unexpected one counts.
    if (closed || !client?.active) return;
    void client.deactivate();
    connectionLost();
  }

  function connectionLost(): void {
    plan.clear();
    const attempt = state.attempt + 1;
    if (shouldGiveUp(attempt)) {
      setState({ status: 'failed', connectionLost: true });
      return;
    }
    setState({ status: 'reconnecting', attempt, connectionLost: true });
    timers.clearTimeout(reconnectTimer);
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, nextDelay(attempt));
  }

  function checkStale(): void {
    if (state.status !== 'open' || !listened(registry) || !client) return;
    if (!isStale(Math.max(state.lastMessageAt ?? 0, connectedAt), now())) return;
    debug('no market message for too long: dropping the socket');
    void client.deactivate({ force: true });
    connectionLost();
  }

  function start(): void {
    if (closed || started) return;
    started = true;
    setState({ status: 'connecting' });
    staleTimer = timers.setInterval(checkStale, STALE_CHECK_MS);
    if (!options.ready) return connect();
    options.ready.then(connect, () => {
      // No config, no socket: stay idle so a later subscribe tries again.
      started = false;
      timers.clearInterval(staleTimer);
      setState({ status: 'idle' });
    });
  }

  return {
    subscribe<T>(destination: string, listener: (body: T) => void) {
      const release = registry.add(destination, listener as (value: unknown) => void);
      if (!ridesAlong(destination)) start();
      return release;
    },
    getState: () => state,
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    start,
    retry() {
      if (closed) return;
      if (!started) return start();
      if (state.status !== 'failed') return;
      setState({ status: 'reconnecting', attempt: 0 });
      connect();
    },
    close() {
      closed = true;
      stop();
      setState({ status: 'idle' });
    },
  };
}
