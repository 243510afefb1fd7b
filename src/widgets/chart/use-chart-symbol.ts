/**
 * The shown symbol of <tk-chart> and what the page knows of it: quote, prefs, market, whether it can be
 * traded now, its name, the symbol choices and the price precision.
 */
import { useEffect, useMemo, useState } from 'react';
import type { RuntimeConfig } from '../../core/contract';
import type * as MarketHoursModule from '../../core/domain/market-hours';
import { isQuoteStale } from '../../core/runtime/platform';
import type { FeedState, QuoteView } from '../../core/runtime/types';
import { useHostState } from '../_shared/host-state';
import { modeOffered, tradeBlock } from './chart.logic';
import { newerQuote, pickSymbol, productName, symbolOptions } from './symbol-pick.logic';
import { useChartPrefs } from './use-chart-prefs';
import { usePrecision } from './use-chart-settings';
import { useSymbolMarket } from './use-symbol-market';

/** Trading hours (core/domain/market-hours.ts): needed once the product list is there, so loaded after the paint. */
let marketHours: typeof MarketHoursModule | null = null;
const marketHoursReady = import('../../core/domain/market-hours').then((m) => {
  marketHours = m;
});

/** The trading-hours check once its chunk is there; null before. */
function useMarketHours(): typeof MarketHoursModule.isMarketOpen | null {
  const [isOpen, setIsOpen] = useState(() => marketHours?.isMarketOpen ?? null);
  useEffect(() => {
    if (isOpen) return undefined;
    let live = true;
    // A chunk that fails to load leaves a product with hours `unknown`: the buttons explain, nothing is sent.
    marketHoursReady.then(
      () => live && setIsOpen(() => marketHours!.isMarketOpen),
      (error: unknown) => console.warn('[tradekit] trading hours unavailable', error),
    );
    return () => {
      live = false;
    };
  }, [isOpen]);
  return isOpen;
}

/** The attributes the shown symbol and its prefs follow. */
export interface ChartSymbolAttributes {
  symbol?: string;
  period?: string;
  candleType?: string;
  /** The trade mode the buy/sell buttons serve (`option`, else market). */
  tradeMode?: string;
}

/** The page state the shown symbol follows. */
export interface ChartSymbolPage {
  prices: ReadonlyMap<string, QuoteView>;
  feedState: FeedState;
  now: number;
  brand: RuntimeConfig['brand'] | undefined;
  staleAfterMs: number;
}

/** The shown symbol, its prefs and market, and the name dropdown's pick. */
export function useChartSymbol(attributes: ChartSymbolAttributes, page: ChartSymbolPage) {
  const { prices, now, brand } = page;
  const [picked, setPicked] = useHostState<{ attribute: string | undefined; symbol: string } | null>(
    'chart.symbol',
    null,
  );
  // A pick from the name dropdown holds until the host sets another `symbol`.
  const symbol =
    picked && picked.attribute === attributes.symbol
      ? picked.symbol
      : pickSymbol(attributes.symbol, prices.values(), brand?.homeSymbols);
  const quote = prices.get(symbol);
  const { prefs, update, saveDrawings } = useChartPrefs(symbol, attributes.period, attributes.candleType);
  const market = useSymbolMarket(symbol, quote?.marketOpen);
  const stale = quote ? isQuoteStale(quote, now, page.feedState, page.staleAfterMs) : false;
  const isOpen = useMarketHours();
  const block = tradeBlock({
    product: market.product,
    status: market.status,
    now,
    stale,
    isOpen,
    modeOffered: modeOffered(attributes.tradeMode, brand?.tradeModes),
  });
  const shownQuote = newerQuote(quote, market.tick);
  const name = productName(symbol, shownQuote, market.product);
  const tradeList = brand?.tradeList;
  const options = useMemo(
    () => symbolOptions(prices.values(), symbol, tradeList),
    [prices, symbol, tradeList],
  );
  const precision = usePrecision(
    symbol,
    quote?.pricePrecision ?? market.product?.pricePrecision,
    market.product,
  );
  return {
    symbol,
    /** Show `next`, picked from the name dropdown. */
    pick: (next: string) => setPicked({ attribute: attributes.symbol, symbol: next }),
    prefs,
    update,
    saveDrawings,
    market,
    block,
    shownQuote,
    name,
    options,
    precision,
  };
}

/** The shown symbol and what the page knows of it (see useChartSymbol). */
export type ChartSymbol = ReturnType<typeof useChartSymbol>;
