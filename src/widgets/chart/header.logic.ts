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
import { changeDirection } from '../../core/domain/quotes';
import { productName } from './symbol-pick.logic';

// The header's module formats prices and loads after the chart's first paint; what the chart needs at once
// (the symbol to show, the dropdown's products, the product's name) is in symbol-pick.logic.ts.
export { newerQuote, pickSymbol, productName, symbolOptions } from './symbol-pick.logic';
export type { SymbolOption } from './symbol-pick.logic';

/** Volume is not shown for commodities and forex (spec §2). */
export function showsVolume(type: CategoryId | null | undefined): boolean {
  return type !== 2 && type !== 3;
}

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
    name: productName(symbol, quote, product),
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
