import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Topic } from '../../core/contract/paths';
import type { PriceEntry, ProductInfo } from '../../core/contract/types';
import { usePlatform } from '../_shared/platform-context';
import { isLive } from './chart.logic';
import type { MarketStatus } from './chart.logic';
import { marketInfo } from './market-info';

/** What the chart knows about its symbol's market. */
export interface SymbolMarket {
  product: ProductInfo | null | undefined;
  status: MarketStatus | null;
  /** The latest entry of `/topic/price.{SYMBOL}` (every tick), while live. */
  tick: PriceEntry | undefined;
}

/**
 * Product info, market status (kept fresh while shown) and the per-tick price of `symbol` (not while the
 * status says closed: no ticks come then). The status is fetched again as soon as the quote says the
 * market opened or closed, instead of waiting for the next minute.
 */
export function useSymbolMarket(symbol: string, marketOpen: boolean | undefined): SymbolMarket {
  const platform = usePlatform();
  const info = marketInfo(platform);
  const subscribe = useCallback((listener: () => void) => info.subscribe(listener), [info]);
  useSyncExternalStore(subscribe, info.version);
  const [tick, setTick] = useState<{ symbol: string; entry: PriceEntry } | null>(null);
  const status = symbol ? info.status(symbol) : null;
  const live = isLive(status);

  useEffect(() => (symbol ? info.watch(symbol) : undefined), [info, symbol]);

  useEffect(() => {
    if (!symbol || !live) return undefined;
    return platform.feed.subscribe<PriceEntry>(Topic.price(symbol), (entry) => {
      if (entry?.symbol === symbol) setTick({ symbol, entry });
    });
  }, [platform, symbol, live]);

  const seen = useRef<{ symbol: string; open: boolean | undefined } | null>(null);
  useEffect(() => {
    const before = seen.current;
    seen.current = { symbol, open: marketOpen };
    // A flip between two known states; the first quote of a symbol is no news.
    const known = before?.symbol === symbol && before.open !== undefined && marketOpen !== undefined;
    if (known && before.open !== marketOpen) info.refreshStatus(symbol);
  }, [info, symbol, marketOpen]);

  return {
    product: symbol ? info.product(symbol) : undefined,
    status,
    tick: tick?.symbol === symbol ? tick.entry : undefined,
  };
}
