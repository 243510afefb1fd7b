/**
 * The seam between the feed and @stomp/stompjs: the subset of the Client the feed drives, the settings it
 * applies, and its heart-beats.
 */
import { Client, StompSocketState, TickerStrategy, Versions } from '@stomp/stompjs';
import type { IStompSocket } from '@stomp/stompjs';

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
 * The client's heart-beats run on intervals (EK60). A hidden tab throttles them to one a minute, so the socket also
 * sends a heart-beat of its own (`beatOnTraffic`) when a frame arrives and half a period has passed since its last
 * one: message events are not throttled, and the server's own beats bring a frame at least every period. stompjs'
 * Worker ticker would also survive throttling, but starting its worker (and a probe of it) took about 25 ms of the
 * page's main thread while the first page renders.
 */
export const HEARTBEAT_STRATEGY = TickerStrategy.Interval;

/** A socket with the events of the page's WebSocket (the feed's fakes may have none). */
interface EventSocket {
  readyState: number;
  send(data: string): void;
  addEventListener(type: 'message', listener: () => void): void;
}

/**
 * Makes `socket` send a STOMP heart-beat (an end of line, legal between any two frames) when a frame arrives and
 * at least `everyMs` has passed since its last one, counted from its creation. Answers the same socket.
 */
export function beatOnTraffic<S extends IStompSocket>(socket: S, everyMs: number, now: () => number): S {
  const events = socket as unknown as Partial<EventSocket>;
  if (typeof events.addEventListener !== 'function') return socket;
  let last = now();
  events.addEventListener('message', () => {
    const at = now();
    if (at - last < everyMs || socket.readyState !== StompSocketState.OPEN) return;
    last = at;
    socket.send('\n');
  });
  return socket;
}

/** A browser WebSocket offering the STOMP sub-protocols stompjs would offer itself. */
export function defaultSocket(url: string): IStompSocket {
  return new WebSocket(url, Versions.default.protocolVersions()) as unknown as IStompSocket;
}
