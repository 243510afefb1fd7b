/**
 * A scripted stand-in for the stompjs Client, for tests of the feed and of what is built on it. It follows
 * the stompjs behaviours the feed relies on: an unexpected close leaves the client active, a close caused
 * by deactivate() reports an inactive client, subscriptions die with the socket.
 */
import type { FeedClientConfig, StompClientLike } from './market-feed';

export class FakeStompClient implements StompClientLike {
  active = false;
  connected = false;
  activations = 0;
  /** SUBSCRIBE / UNSUBSCRIBE frames in the order the client sent them. */
  readonly frames: string[] = [];
  private readonly subs = new Map<number, { destination: string; callback: (m: { body: string }) => void }>();
  private nextId = 0;

  constructor(readonly config: FeedClientConfig) {}

  activate(): void {
    if (this.active) return;
    this.active = true;
    this.activations++;
  }

  async deactivate(): Promise<void> {
    const hadSocket = this.connected;
    this.active = false;
    this.dropSubscriptions();
    if (hadSocket) this.config.onWebSocketClose();
  }

  forceDisconnect(): void {
    if (this.active) this.serverClose();
  }

  subscribe(destination: string, callback: (m: { body: string }) => void): { unsubscribe(): void } {
    if (!this.connected) throw new TypeError('There is no underlying STOMP connection');
    const id = this.nextId++;
    this.subs.set(id, { destination, callback });
    this.frames.push(`SUBSCRIBE ${destination}`);
    return {
      unsubscribe: () => {
        if (!this.connected) throw new TypeError('There is no underlying STOMP connection');
        this.subs.delete(id);
        this.frames.push(`UNSUBSCRIBE ${destination}`);
      },
    };
  }

  /** The broker answers CONNECTED. */
  acceptConnect(): void {
    if (!this.active) throw new Error('connect while inactive');
    this.connected = true;
    this.config.onConnect();
  }

  /** The socket closes without the client asking (server drop, refused connect). */
  serverClose(): void {
    this.connected = false;
    this.dropSubscriptions();
    this.config.onWebSocketClose();
  }

  /** The broker sends a MESSAGE to every subscription of `destination`. */
  deliver(destination: string, body: unknown): void {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    for (const sub of [...this.subs.values()])
      if (sub.destination === destination) sub.callback({ body: text });
  }

  /** Destinations with a live socket subscription (one entry per SUBSCRIBE). */
  subscribed(): string[] {
    return [...this.subs.values()].map((s) => s.destination);
  }

  private dropSubscriptions(): void {
    this.connected = false;
    this.subs.clear();
  }
}

/** A client factory that remembers the one client it made. */
export function fakeClientFactory(): {
  factory: (config: FeedClientConfig) => FakeStompClient;
  client: () => FakeStompClient;
} {
  let made: FakeStompClient | null = null;
  return {
    factory: (config) => (made = new FakeStompClient(config)),
    client: () => {
      if (!made) throw new Error('the feed has not created its client yet');
      return made;
    },
  };
}
