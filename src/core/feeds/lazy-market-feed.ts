/**
 * The market feed as the first paint holds it: subscriptions, state and controls now, the feed itself
 * (reconnect policy, STOMP client and the @stomp/stompjs library) from its own chunks. The platform asks for
 * them when it is created, in parallel with /config.json; the socket cannot open before the config is there
 * anyway, so no subscription reaches the server later than it did with the feed in the first paint.
 */
import type { FeedState, MarketFeed } from '../runtime/types';

const IDLE: FeedState = { status: 'idle', attempt: 0, connectionLost: false, lastMessageAt: null };

interface Pending {
  destination: string;
  listener: (body: unknown) => void;
  release: (() => void) | null;
  released: boolean;
}

/**
 * A MarketFeed that forwards to the feed `load` resolves to; `load` runs once, right away. Until then it is
 * idle: subscriptions, `start` and `retry` are kept and applied in order when the feed is there; `close`
 * before that closes the feed as soon as it arrives, without connecting. A feed that fails to load stays idle.
 */
export function createLazyMarketFeed(load: () => Promise<MarketFeed>): MarketFeed {
  const listeners = new Set<(state: FeedState) => void>();
  let feed: MarketFeed | null = null;
  let pending: Pending[] = [];
  let start = false;
  let closed = false;

  void load().then(
    (loaded) => {
      feed = loaded;
      loaded.onState((state) => {
        for (const listener of [...listeners]) listener(state);
      });
      if (closed) return loaded.close();
      for (const entry of pending) {
        if (!entry.released) entry.release = loaded.subscribe(entry.destination, entry.listener);
      }
      pending = [];
      if (start) loaded.start();
    },
    (error: unknown) => console.error('[tradekit] market feed unavailable', error),
  );

  return {
    subscribe<T>(destination: string, listener: (body: T) => void) {
      if (feed) return feed.subscribe(destination, listener);
      const entry: Pending = {
        destination,
        listener: listener as (body: unknown) => void,
        release: null,
        released: false,
      };
      pending.push(entry);
      return () => {
        entry.released = true;
        entry.release?.();
      };
    },
    getState: () => feed?.getState() ?? IDLE,
    onState(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (feed) feed.start();
      else start = true;
    },
    retry() {
      // Before the feed is there nothing has failed: a retry is a start.
      if (feed) feed.retry();
      else start = true;
    },
    close() {
      closed = true;
      feed?.close();
    },
  };
}
