/**
 * Pure rules of <tk-search> (spec §2 Search): the hot searches, how a keyword matches a product and how
 * results are ranked. Quoted products and the product list are searched together, so a product without a
 * quote yet is still found.
 */
import type { CategoryId, PriceEntry, ProductInfo } from '../../core/contract/types';
import { formatPercent, formatPrice } from '../../core/domain/format';
import { changeDirection, compareQuotes } from '../../core/domain/quotes';

/** Hot-search buttons (spec §9). */
export const HOT_SEARCHES = ['USD', 'GBP', 'AUD', 'HKD'] as const;

/** Results shown at most; a short keyword in a large catalogue must not render thousands of rows. */
export const MAX_RESULTS = 50;

/** A keyword as matched: upper case, without spaces, slashes, dashes or dots ("eur/usd" → "EURUSD"). */
export function normalizeKeyword(text: string | null | undefined): string {
  return (text ?? '').toUpperCase().replace(/[\s/\-_.]+/g, '');
}

/** One result row as displayed. */
export interface SearchResult {
  symbol: string;
  name: string;
  type: CategoryId;
  /** Formatted price and change; null for a product without a quote. */
  price: string | null;
  change: string | null;
  direction: 'up' | 'down' | 'flat';
}

interface Candidate {
  symbol: string;
  name: string;
  /** The product list's name when it differs from the shown one (English beside a local name). */
  alias?: string;
  type: CategoryId;
  sort: number | null;
  quote: PriceEntry | null;
}

/** 0 symbol starts with the keyword, 1 symbol contains it, 2 name contains it; null: no match. */
function matchRank(candidate: Candidate, keyword: string): number | null {
  const symbol = normalizeKeyword(candidate.symbol);
  if (symbol.startsWith(keyword)) return 0;
  if (symbol.includes(keyword)) return 1;
  const names = [candidate.name, candidate.alias ?? ''];
  return names.some((name) => normalizeKeyword(name).includes(keyword)) ? 2 : null;
}

/**
 * The products matching `keyword` (empty keyword: none): quoted products with their live price, then
 * products of the list without a quote; best match first, then the quote list order.
 */
export function searchProducts(
  keyword: string,
  quotes: Iterable<PriceEntry>,
  products: Iterable<ProductInfo> = [],
  limit = MAX_RESULTS,
): SearchResult[] {
  const wanted = normalizeKeyword(keyword);
  if (!wanted) return [];
  const candidates = new Map<string, Candidate>();
  for (const q of quotes)
    candidates.set(q.symbol, {
      symbol: q.symbol,
      name: q.name || q.symbol,
      type: q.type,
      sort: q.sort,
      quote: q,
    });
  for (const p of products) {
    const quoted = candidates.get(p.productCode);
    if (quoted) {
      // A quote shows the local name of the page language: the list's English name still finds it.
      if (p.productName && p.productName !== quoted.name) quoted.alias = p.productName;
      continue;
    }
    const name = p.productName || p.productCode;
    candidates.set(p.productCode, { symbol: p.productCode, name, type: p.type, sort: p.sort, quote: null });
  }
  const ranked: Array<{ rank: number; candidate: Candidate }> = [];
  for (const candidate of candidates.values()) {
    const rank = matchRank(candidate, wanted);
    if (rank !== null) ranked.push({ rank, candidate });
  }
  ranked.sort((a, b) => a.rank - b.rank || compareQuotes(a.candidate, b.candidate));
  return ranked.slice(0, limit).map(({ candidate: c }) => ({
    symbol: c.symbol,
    name: c.name,
    type: c.type,
    price: c.quote ? formatPrice(c.quote.price, c.quote.pricePrecision) : null,
    change: c.quote ? formatPercent(c.quote.priceChangePercent) : null,
    direction: changeDirection(c.quote?.priceChangePercent),
  }));
}
