/**
 * What <tk-chart> needs of its product header before the header itself loads: the symbol to show, the name
 * dropdown's products, the product's name. No price formatting here (header.logic.ts has it).
 */
import type { CategoryId, PriceEntry, ProductInfo } from '../../core/contract/types';
import { sortQuotes } from '../../core/domain/quotes';

/** The product's name: the quote's, else the product list's, else the symbol. */
export function productName(
  symbol: string,
  quote: PriceEntry | undefined,
  product: ProductInfo | null | undefined,
): string {
  return quote?.name || product?.productName || symbol;
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
