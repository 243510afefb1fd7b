/**
 * What the market socket holds for the feed's listeners. Each destination one subscription, except past
 * MAX_SYMBOL_SUBSCRIPTIONS per-symbol price topics: then the catalogue stands in for all of them (EK18).
 */
import { Topic } from '../contract/paths';
import type { SocketSubscriptions } from './socket-subscriptions';
import type { SubscriptionRegistry } from './subscription-registry';

/**
 * Per-symbol price destinations (`/topic/prices.<symbol>`, PP1) the socket holds before it takes the whole
 * catalogue (`/topic/prices`) in their place and hands each listener its symbol's entry from it (EK18). The
 * broker refuses a socket's 257th subscription (S4) and closes it, for every widget of the page; the rest of
 * the 256 stays for charts, order books and other topics.
 */
export const MAX_SYMBOL_SUBSCRIPTIONS = 200;
export const SYMBOL_PRICES = Topic.symbolPrices('');

/** The feed's socket plan. */
export interface SocketPlan {
  /** Brings the socket's subscriptions to the plan; `fresh`: a new socket that holds none yet. */
  sync(options?: { fresh?: boolean }): void;
  /** Forgets what the socket held (it is gone or going). */
  clear(): void;
  /** Whether a message of the destination has any listener. */
  wants(destination: string): boolean;
  /** Gives a parsed message to its listeners, and a carrying catalogue's entries to their symbols' listeners. */
  deliver(destination: string, value: unknown): void;
}

/**
 * Create the socket plan of one feed: its socket subscriptions, its listeners, and whether the socket is
 * connected (else the next connect brings it to the plan).
 */
export function createSocketPlan(
  socketSubs: SocketSubscriptions,
  listeners: () => SubscriptionRegistry,
  open: () => boolean,
): SocketPlan {
  const onSocket = new Set<string>();
  let routed = false;
  const planned = (): Set<string> => {
    const wanted = listeners().destinations();
    routed = wanted.filter((d) => d.startsWith(SYMBOL_PRICES)).length > MAX_SYMBOL_SUBSCRIPTIONS;
    return new Set(routed ? [...wanted.filter((d) => !d.startsWith(SYMBOL_PRICES)), Topic.prices] : wanted);
  };
  return {
    sync(options) {
      if (options?.fresh) this.clear();
      const plan = planned();
      if (!open()) return;
      for (const destination of [...onSocket])
        if (!plan.has(destination)) {
          onSocket.delete(destination);
          socketSubs.unsubscribe(destination);
        }
      for (const destination of plan)
        if (!onSocket.has(destination)) {
          onSocket.add(destination);
          socketSubs.subscribe(destination);
        }
    },
    clear() {
      socketSubs.clear();
      onSocket.clear();
    },
    wants: (destination) => listeners().has(destination) || (routed && destination === Topic.prices),
    deliver(destination, value) {
      const registry = listeners();
      registry.dispatch(destination, value);
      if (!routed || destination !== Topic.prices || !Array.isArray(value)) return;
      for (const entry of value as { symbol?: unknown }[])
        if (typeof entry?.symbol === 'string') registry.dispatch(SYMBOL_PRICES + entry.symbol, entry);
    },
  };
}
