/**
 * The platform's page-wide atoms (vanilla jotai). Subscriptions follow mounting: `prices` subscribes the
 * market feed's whole catalogue while some widget reads it, `pricesOf(symbols)` those symbols only, `clock` ticks while mounted, `feedState` mirrors the feed.
 */
import { Topic } from '../contract/paths';
import type { PriceEntry, RuntimeConfig, SystemConfigResponse } from '../contract/types';
import type { MarketFeed, PlatformAtoms, QuoteView } from '../runtime/types';
import { atom } from './store';
import type { PrimitiveAtom } from './store';

/** PlatformAtoms with the setters the platform itself needs (widgets see the read-only PlatformAtoms). */
export interface WritablePlatformAtoms extends PlatformAtoms {
  config: PrimitiveAtom<RuntimeConfig | null>;
  configError: PrimitiveAtom<string | null>;
  systemConfig: PrimitiveAtom<SystemConfigResponse | null>;
  language: PrimitiveAtom<string>;
  productNames: PrimitiveAtom<ReadonlyMap<string, string>>;
}

export interface PlatformAtomsDeps {
  feed: MarketFeed;
  now?: () => number;
  /** Clock tick (default 1 s). */
  tickMs?: number;
  language?: string;
}

function isPriceEntry(value: unknown): value is PriceEntry {
  return typeof value === 'object' && value !== null && typeof (value as PriceEntry).symbol === 'string';
}

/**
 * A new map with the entries of one `/topic/prices` message stamped `receivedAt`; symbols missing from
 * the message keep their last quote. Returns `previous` itself when the message holds no entry.
 */
export function mergePrices(
  previous: ReadonlyMap<string, QuoteView>,
  message: unknown,
  receivedAt: number,
): ReadonlyMap<string, QuoteView> {
  const entries = (Array.isArray(message) ? message : [message]).filter(isPriceEntry);
  if (entries.length === 0) return previous;
  const next = new Map(previous);
  for (const entry of entries) next.set(entry.symbol, { ...entry, receivedAt });
  return next;
}

/** The quotes with the local name of each symbol that has one (the feed sends the English names). */
export function withNames(
  quotes: ReadonlyMap<string, QuoteView>,
  names: ReadonlyMap<string, string>,
): ReadonlyMap<string, QuoteView> {
  if (names.size === 0) return quotes;
  const named = new Map<string, QuoteView>();
  for (const [symbol, quote] of quotes) {
    const name = names.get(symbol);
    named.set(symbol, name ? { ...quote, name } : quote);
  }
  return named;
}

/** Create the atoms of one platform. */
export function createPlatformAtoms(deps: PlatformAtomsDeps): WritablePlatformAtoms {
  const now = deps.now ?? Date.now;

  const quotes = atom<ReadonlyMap<string, QuoteView>>(new Map());
  const productNames = atom<ReadonlyMap<string, string>>(new Map());
  // Every view of the quotes reads and merges the one map; only what it subscribes differs.
  const view = (subscribe: (merge: (message: unknown) => void) => () => void) => {
    const quotesView = atom(
      (get) => withNames(get(quotes), get(productNames)),
      (get, set, message: unknown) => set(quotes, mergePrices(get(quotes), message, now())),
    );
    quotesView.onMount = subscribe;
    return quotesView;
  };
  const prices = view((merge) => deps.feed.subscribe<unknown>(Topic.prices, merge));
  const views = new Map<string, typeof prices>();
  const pricesOf = (symbols: readonly string[]) => {
    const key = symbols.join();
    let quotesView = views.get(key);
    if (!quotesView) {
      // One feed subscription per symbol: the feed counts its listeners, so widgets share them (PP2).
      quotesView = view((merge) => {
        const releases = symbols.map((s) => deps.feed.subscribe<unknown>(Topic.symbolPrices(s), merge));
        return () => releases.forEach((release) => release());
      });
      views.set(key, quotesView);
    }
    return quotesView;
  };

  const feedState = atom(deps.feed.getState());
  feedState.onMount = (set) => {
    set(deps.feed.getState());
    return deps.feed.onState(set);
  };

  const clock = atom(now());
  clock.onMount = (set) => {
    set(now());
    const id = setInterval(() => set(now()), deps.tickMs ?? 1000);
    return () => clearInterval(id);
  };

  return {
    config: atom<RuntimeConfig | null>(null),
    configError: atom<string | null>(null),
    systemConfig: atom<SystemConfigResponse | null>(null),
    prices,
    pricesOf,
    feedState,
    clock,
    language: atom(deps.language ?? 'en'),
    productNames,
  };
}
