/**
 * Reference-counted listeners keyed by destination, with the last value replayed to late listeners.
 * Knows nothing about sockets: the feed is told when a destination gains its first listener and loses its
 * last one, and hands every parsed message to `dispatch`.
 */

export interface RegistryHooks {
  /** The destination got its first listener: subscribe on the socket. */
  onFirst(destination: string): void;
  /** The destination lost its last listener: release the socket subscription. */
  onLast(destination: string): void;
}

interface Entry {
  listener: (value: unknown) => void;
  /** Whether this listener has been given any value (then the replay is skipped). */
  served: boolean;
}

interface Channel {
  entries: Set<Entry>;
  last: { value: unknown } | null;
}

/** The registry the market feed (and later the exchange feed) keeps its listeners in. */
export interface SubscriptionRegistry {
  /**
   * Add a listener; returns its (idempotent) release. A destination that already has a value replays it to
   * the new listener in a microtask, so `add` never calls back before it returns.
   */
  add(destination: string, listener: (value: unknown) => void): () => void;
  /** Remember `value` as the destination's last value and give it to every listener. */
  dispatch(destination: string, value: unknown): void;
  has(destination: string): boolean;
  destinations(): string[];
  /** Number of destinations with at least one listener. */
  readonly size: number;
}

function deliver(entry: Entry, value: unknown): void {
  entry.served = true;
  try {
    entry.listener(value);
  } catch (error) {
    // One widget's bug must not starve the other listeners of the same message.
    console.error('[tradekit] feed listener failed', error);
  }
}

/** Create an empty registry. */
export function createSubscriptionRegistry(hooks: RegistryHooks): SubscriptionRegistry {
  const channels = new Map<string, Channel>();

  return {
    add(destination, listener) {
      let channel = channels.get(destination);
      const first = !channel;
      if (!channel) {
        channel = { entries: new Set(), last: null };
        channels.set(destination, channel);
      }
      const entry: Entry = { listener, served: false };
      channel.entries.add(entry);
      if (first) hooks.onFirst(destination);
      if (channel.last) {
        const own = channel;
        queueMicrotask(() => {
          if (own.entries.has(entry) && !entry.served && own.last) deliver(entry, own.last.value);
        });
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const current = channels.get(destination);
        if (!current || !current.entries.delete(entry) || current.entries.size > 0) return;
        channels.delete(destination);
        hooks.onLast(destination);
      };
    },
    dispatch(destination, value) {
      const channel = channels.get(destination);
      if (!channel) return;
      channel.last = { value };
      for (const entry of [...channel.entries]) {
        if (channel.entries.has(entry)) deliver(entry, value);
      }
    },
    has: (destination) => channels.has(destination),
    destinations: () => [...channels.keys()],
    get size() {
      return channels.size;
    },
  };
}
