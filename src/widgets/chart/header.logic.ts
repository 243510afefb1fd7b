/**
 * The product header of <tk-chart> as display data (spec §2 chart page): name, price with change and
 * last update, high, low, volume where the category shows it, and the bid/ask of the sell/buy buttons.
 */
import type { CategoryId, PriceEntry, ProductInfo } from '../../core/contract/types';
import {
  EMPTY_VALUE,
  SHORT_DATE_TIME_FORMAT,
  formatPercent,
  formatPrice,
  formatTime,
  formatVolume,
} from '../../core/domain/format';
import { changeDirection, sortQuotes } from '../../core/domain/quotes';
import { showsVolume } from './chart.logic';

/** The header as shown. */
export interface HeaderView {
  name: string;
  price: string;
  change: string;
  direction: 'up' | 'down' | 'flat';
  updated: string;
  high: string;
  low: string;
  /** null where the category hides volume (types 2 and 3). */
  volume: string | null;
  bid: string;
  ask: string;
}

/** Build the header of a symbol from its live quote and, before the first quote, its product info. */
export function headerView(
  symbol: string,
  quote: PriceEntry | undefined,
  product: ProductInfo | null | undefined,
  timeZone?: string | null,
): HeaderView {
  const precision = quote?.pricePrecision ?? product?.pricePrecision ?? 2;
  const type = quote?.type ?? product?.type;
  return {
    name: quote?.name || product?.productName || symbol,
    price: formatPrice(quote?.price, precision),
    change: formatPercent(quote?.priceChangePercent),
    direction: changeDirection(quote?.priceChangePercent),
    updated: quote ? formatTime(quote.lastUpdate, SHORT_DATE_TIME_FORMAT, timeZone) : EMPTY_VALUE,
    high: formatPrice(quote?.highPrice, precision),
    low: formatPrice(quote?.lowPrice, precision),
    volume: showsVolume(type) ? formatVolume(quote?.volume) : null,
    bid: formatPrice(quote?.bidPrice, precision),
    ask: formatPrice(quote?.askPrice, precision),
  };
}

/** One entry of the name dropdown. */
export interface SymbolOption {
  symbol: string;
  name: string;
  /** Category, for the dropdown's groups; null for a symbol not quoted yet. */
  type: CategoryId | null;
}

/**
 * The dropdown's products: quoted ones by category in the brand's trade-list order (other categories
 * after), each ranked as in the quote list; the current symbol is kept first even before its quote.
 */
export function symbolOptions(
  quotes: Iterable<PriceEntry>,
  current: string,
  tradeList: readonly CategoryId[] = [],
): SymbolOption[] {
  const rank = (type: CategoryId) =>
    tradeList.includes(type) ? tradeList.indexOf(type) : tradeList.length + type;
  const options: SymbolOption[] = sortQuotes(quotes)
    .sort((a, b) => rank(a.type) - rank(b.type))
    .map((q) => ({ symbol: q.symbol, name: q.name || q.symbol, type: q.type }));
  if (current && !options.some((o) => o.symbol === current))
    options.unshift({ symbol: current, name: current, type: null });
  return options;
}

/** The newer of two quotes of one symbol (the all-prices snapshot and the per-symbol tick topic). */
export function newerQuote<T extends PriceEntry>(a: T | undefined, b: T | undefined): T | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.lastUpdate > a.lastUpdate ? b : a;
}

/**
 * The symbol to show: the attribute, else the brand's first home symbol that is quoted, else the first
 * quote in list order; empty while nothing is known.
 */
export function pickSymbol(
  attribute: string | null | undefined,
  quotes: Iterable<PriceEntry>,
  homeSymbols: readonly string[] = [],
): string {
  const wanted = attribute?.trim().toUpperCase();
  if (wanted) return wanted;
  const all = [...quotes];
  const home = homeSymbols.find((s) => all.some((q) => q.symbol === s));
  return home ?? sortQuotes(all)[0]?.symbol ?? '';
}
