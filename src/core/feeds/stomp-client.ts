/**
 * The seam between the feed and @stomp/stompjs: the subset of the Client the feed drives, the settings it
 * applies, and the heart-beat strategy choice.
 */
import { Client, TickerStrategy, Versions } from '@stomp/stompjs';
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

/** Worker heart-beats survive hidden-tab timer throttling; fall back when workers are missing or blocked. */
export function pickHeartbeatStrategy(): TickerStrategy {
  if (typeof Worker === 'undefined' || typeof Blob === 'undefined' || !URL.createObjectURL)
    return TickerStrategy.Interval;
  try {
    const url = URL.createObjectURL(new Blob([''], { type: 'text/javascript' }));
    new Worker(url).terminate();
    URL.revokeObjectURL(url);
    return TickerStrategy.Worker;
  } catch {
    // A page CSP without blob: in worker-src makes stompjs throw on connect; intervals still work.
    return TickerStrategy.Interval;
  }
}

/** A browser WebSocket offering the STOMP sub-protocols stompjs would offer itself. */
export function defaultSocket(url: string): IStompSocket {
  return new WebSocket(url, Versions.default.protocolVersions()) as unknown as IStompSocket;
}
