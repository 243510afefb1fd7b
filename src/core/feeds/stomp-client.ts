/**
 * The seam between the feed and @stomp/stompjs: the subset of the Client the feed drives, the settings it
 * applies, and its heart-beats.
 */
import { Client, StompSocketState, TickerStrategy, Versions } from '@stomp/stompjs';
import type { IStompSocket } from '@stomp/stompjs';
import { readFramesWhole } from './stomp-frames';

// The page's stompjs reads each message by whole frames (EK61).
readFramesWhole();

/** The part of the stompjs Client the feed uses (a fake implements it in tests). */
export interface StompClientLike {
  readonly active: boolean;
  readonly connected: boolean;
  activate(): void;
  deactivate(options?: { force?: boolean }): Promise<void>;
  forceDisconnect(): void;
  subscribe(destination: string, callback: (message: { body: string }) => void): { unsubscribe(): void };
}

/** What the feed configures on its client. */
export interface FeedClientConfig {
  webSocketFactory: () => IStompSocket;
  reconnectDelay: number;
  heartbeatIncoming: number;
  heartbeatOutgoing: number;
  heartbeatStrategy: TickerStrategy;
  connectionTimeout: number;
  discardWebsocketOnCommFailure: boolean;
  debug: (message: string) => void;
  onConnect: () => void;
  onWebSocketClose: () => void;
  onStompError: () => void;
}

/** The real stompjs Client with the feed's settings. */
export function createStompClient(config: FeedClientConfig): StompClientLike {
  return new Client(config);
}

/**
 * The client's heart-beats run on intervals (EK60). A hidden tab throttles chained timers to one a minute, so the
 * socket itself (`watchTraffic`) also sends a heart-beat when a frame arrives and half a period has passed since its
 * last one (message events are not throttled, and the server's own beats bring a frame at least every period), and
 * notices a silent link from a timer armed by its own events (not a chain of timers, so not throttled to a minute).
 * stompjs' Worker ticker would also survive throttling, but starting its worker (and a probe of it) took about
 * 25 ms of the page's main thread while the first page renders.
 */
export const HEARTBEAT_STRATEGY = TickerStrategy.Interval;

/** A socket with the events of the page's WebSocket (the feed's fakes may have none). */
interface EventSocket {
  readyState: number;
  send(data: string): void;
  addEventListener(type: 'open' | 'message' | 'close', listener: () => void): void;
}

/** What `watchTraffic` does with a socket's traffic. */
export interface TrafficWatch {
  /** A heart-beat goes out with a frame that arrives at least this long after the last one sent. */
  beatEveryMs: number;
  /** `onSilence` is called when an open socket receives nothing for this long. */
  silentMs: number;
  onSilence: () => void;
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

/**
 * Makes `socket` send a STOMP heart-beat (an end of line, legal between any two frames) when a frame arrives and at
 * least `beatEveryMs` has passed since its last one, counted from its creation, and call `onSilence` when it is open
 * and nothing arrives for `silentMs`. Answers the same socket; a socket without events is left as it is.
 */
export function watchTraffic<S extends IStompSocket>(socket: S, watch: TrafficWatch): S {
  const events = socket as unknown as Partial<EventSocket>;
  if (typeof events.addEventListener !== 'function') return socket;
  let last = watch.now();
  let silence: unknown = null;
  const stop = () => {
    watch.clearTimeout(silence);
    silence = null;
  };
  const arm = () => {
    stop();
    silence = watch.setTimeout(() => {
      silence = null;
      if (socket.readyState === StompSocketState.OPEN) watch.onSilence();
    }, watch.silentMs);
  };
  events.addEventListener('open', arm);
  events.addEventListener('close', stop);
  events.addEventListener('message', () => {
    arm();
    const at = watch.now();
    if (at - last < watch.beatEveryMs || socket.readyState !== StompSocketState.OPEN) return;
    last = at;
    socket.send('\n');
  });
  return socket;
}

/** A browser WebSocket offering the STOMP sub-protocols stompjs would offer itself. */
export function defaultSocket(url: string): IStompSocket {
  return new WebSocket(url, Versions.default.protocolVersions()) as unknown as IStompSocket;
}
