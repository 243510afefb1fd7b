/**
 * Order atoms of a page (spec §2 positions): the exchange socket's open and pending lists, summaries,
 * status and the last server-made change. Mounting any of them subscribes the page's exchange feed
 * (ref-counted: one socket for every widget); unmounting the last releases it.
 */
import type { MarketOrder } from '../contract/trading';
import { createExchangeFeed } from '../feeds/exchange-feed';
import type {
  ExchangeEvent,
  ExchangeFeed,
  ExchangeFeedOptions,
  ExchangeSnapshot,
  ExchangeStatus,
  OptionSettledPush,
  PositionSummaries,
} from '../feeds/exchange-feed';
import { ConfigError } from '../config/runtime-config';
import { pageSingletonMap } from '../runtime/page-singleton';
import type { Platform } from '../runtime/types';
import { getSession } from '../session/session';
import { atom } from './store';
import type { Atom } from './store';

/** The page's order atoms (read them with useAtomValue). */
export interface OrderAtoms {
  /** Open positions; null until the server sent them (or while signed out). */
  openOrders: Atom<readonly MarketOrder[] | null>;
  pendingOrders: Atom<readonly MarketOrder[] | null>;
  positionSummary: Atom<PositionSummaries>;
  exchangeStatus: Atom<ExchangeStatus>;
  /** The last change the server made by itself (stop loss, take profit, stop-out, fill). */
  event: Atom<ExchangeEvent | null>;
  /** Whether the lists are the demo account's; null before the first message. */
  virtual: Atom<boolean | null>;
  /** The last settlement push (options the server just settled); see also `watchOptionSettled`. */
  optionSettled: Atom<OptionSettledPush | null>;
}

/** The atoms over one feed. */
export function createOrderAtoms(feed: Pick<ExchangeFeed, 'getSnapshot' | 'subscribe'>): OrderAtoms {
  const base = atom<ExchangeSnapshot>(feed.getSnapshot());
  const live = atom(
    (get) => get(base),
    (_get, set, next: ExchangeSnapshot) => set(base, next),
  );
  // Every derived atom depends on `live`, so jotai mounts it once however many widgets read them.
  live.onMount = (set) => feed.subscribe(set);
  return {
    openOrders: atom((get) => get(live).openOrders),
    pendingOrders: atom((get) => get(live).pendingOrders),
    positionSummary: atom((get) => get(live).summary),
    exchangeStatus: atom((get) => get(live).status),
    event: atom((get) => get(live).event),
    virtual: atom((get) => get(live).virtual),
    optionSettled: atom((get) => get(live).optionSettled),
  };
}

/** The exchange feed of a page with its atoms. */
export interface Orders {
  feed: ExchangeFeed;
  atoms: OrderAtoms;
}

/** Build the exchange feed and atoms of a platform (its session, its config). Prefer getOrders(). */
export function createOrders(platform: Platform, options: Partial<ExchangeFeedOptions> = {}): Orders {
  const feed = createExchangeFeed({
    url: (uid) => {
      const config = platform.store.get(platform.atoms.config);
      if (!config) throw new ConfigError('exchange socket requested before the config loaded');
      return `${config.services.exchangeWs.replace(/\/+$/, '')}/${encodeURIComponent(uid)}`;
    },
    ready: platform.ready,
    session: getSession(platform),
    ...options,
  });
  return { feed, atoms: createOrderAtoms(feed) };
}

const pageOrders = pageSingletonMap<Platform, Orders>(
  'orders',
  (platform) => createOrders(platform),
  (orders) => orders.feed.close(),
);

/** The page's exchange feed and order atoms, created on first use (shared across bundles). */
export function getOrders(platform: Platform): Orders {
  return pageOrders.get(platform);
}

/** Make `orders` the ones getOrders(platform) returns (test harnesses). */
export function setOrdersForTests(platform: Platform, orders: Orders): void {
  pageOrders.set(platform, orders);
}

/** Close and forget the orders of a platform (tests only). */
export function resetOrdersForTests(platform: Platform): void {
  pageOrders.reset(platform);
}
