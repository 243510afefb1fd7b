/**
 * Pure rules of <tk-quotes>: which quotes show under which tab (attributes `symbols`, `category`, `tabs`
 * and the brand trade list) and the row view model (formatted prices, direction, delayed and closed state).
 */
import { CATEGORY_KEYS } from '../../core/contract/types';
import type { CategoryId } from '../../core/contract/types';
import { compare, isDecimal } from '../../core/domain/decimal';
import { SHORT_DATE_TIME_FORMAT, formatPercent, formatPrice, formatTime } from '../../core/domain/format';
import { changeDirection, groupByCategory, sortQuotes } from '../../core/domain/quotes';
import { isQuoteStale } from '../../core/runtime/platform';
import type { FeedState, QuoteView } from '../../core/runtime/types';

/** `symbols="btcusdt, EURUSD"` → ['BTCUSDT', 'EURUSD'] (trimmed, upper-cased, deduplicated); null when absent. */
export function parseSymbols(attribute: string | null | undefined): string[] | null {
  if (!attribute || !attribute.trim()) return null;
  const symbols = attribute
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  return symbols.length ? [...new Set(symbols)] : null;
}

/** `category="3"` or `category="forex"` → 3; null when absent or unknown. */
export function parseCategory(attribute: string | null | undefined): CategoryId | null {
  const text = attribute?.trim().toLowerCase();
  if (!text) return null;
  for (const [id, key] of Object.entries(CATEGORY_KEYS)) {
    if (text === id || text === key.toLowerCase()) return Number(id) as CategoryId;
  }
  return null;
}

/** What decides the visible quotes: the widget's attributes, the brand trade list and the picked tab. */
export interface SelectOptions {
  symbols: readonly string[] | null;
  category: CategoryId | null;
  tradeList: readonly CategoryId[];
  /** Whether tabs may be shown (attribute `tabs`). */
  tabs: boolean;
  /** The tab the user picked last, if any. */
  active: CategoryId | null;
}

/** Tabs and rows to show. */
export interface QuotesSelection {
  /** Category tabs in order; empty when no tab bar is shown. */
  tabs: CategoryId[];
  /** Selected tab; null without tabs. */
  active: CategoryId | null;
  rows: QuoteView[];
}

/**
 * Decide tabs and rows. Listed `symbols` keep the listed order and are shown whatever the trade list
 * says (the embedder asked for them); otherwise the brand's trade list decides categories and their
 * order, and rows are ranked by sort (no valid sort last). A single category needs no tab bar.
 */
export function selectQuotes(quotes: Iterable<QuoteView>, options: SelectOptions): QuotesSelection {
  const all = [...quotes];
  const bySymbol = new Map(all.map((q) => [q.symbol, q] as const));
  const listed = options.symbols?.flatMap((s) => bySymbol.get(s) ?? []) ?? null;

  if (options.category !== null) {
    const rows = (listed ?? sortQuotes(all)).filter((q) => q.type === options.category);
    return { tabs: [], active: null, rows };
  }

  const categories = listed ? listedCategories(listed, options.tradeList) : [...new Set(options.tradeList)];
  const pool = listed ?? groupByCategory(all, categories).flatMap((group) => group.entries);
  if (!options.tabs || categories.length <= 1) return { tabs: [], active: null, rows: pool };

  const active =
    options.active !== null && categories.includes(options.active) ? options.active : categories[0]!;
  return { tabs: categories, active, rows: pool.filter((q) => q.type === active) };
}

/** Categories of the listed quotes: trade-list order first, then any other category by id. */
function listedCategories(listed: readonly QuoteView[], tradeList: readonly CategoryId[]): CategoryId[] {
  const present = new Set(listed.map((q) => q.type));
  const ordered = [...new Set(tradeList)].filter((c) => present.has(c));
  const rest = [...present].filter((c) => !ordered.includes(c)).sort((a, b) => a - b);
  return [...ordered, ...rest];
}

/** Direction of a change, for colour. */
export type Direction = 'up' | 'down' | 'flat';

/** One table row as displayed. */
export interface QuoteRow {
  symbol: string;
  name: string;
  bid: string;
  ask: string;
  low: string;
  high: string;
  price: string;
  change: string;
  direction: Direction;
  updated: string;
  /** No update for longer than the stale limit while the market is open (prices greyed, "Delayed"). */
  stale: boolean;
  /** The market is closed: the prices are the last of the previous session. */
  closed: boolean;
  logoUrl: string | null;
}

/** What a row needs besides its quote. */
export interface RowContext {
  now: number;
  feedState: FeedState;
  staleAfterMs: number;
  /** Platform origin, to resolve relative logo URLs on a brand page of another origin. */
  origin: string;
  /** IANA zone of the displayed time; the device zone when absent. */
  timeZone?: string | null;
}

/** Build the row view model of a quote. */
export function toRow(q: QuoteView, ctx: RowContext): QuoteRow {
  const precision = q.pricePrecision;
  const closed = q.marketOpen === false;
  return {
    symbol: q.symbol,
    name: q.name || q.symbol,
    bid: formatPrice(q.bidPrice, precision),
    ask: formatPrice(q.askPrice, precision),
    low: formatPrice(q.lowPrice, precision),
    high: formatPrice(q.highPrice, precision),
    price: formatPrice(q.price, precision),
    change: formatPercent(q.priceChangePercent),
    direction: changeDirection(q.priceChangePercent),
    updated: formatTime(q.lastUpdate, SHORT_DATE_TIME_FORMAT, ctx.timeZone),
    // A closed market sends no ticks by design: it is marked closed, not delayed.
    stale: !closed && isQuoteStale(q, ctx.now, ctx.feedState, ctx.staleAfterMs),
    closed,
    logoUrl: resolveUrl(q.logoUrl, ctx.origin),
  };
}

/** An absolute URL for a logo given relative to the platform origin; null when empty or invalid. */
export function resolveUrl(url: string | null | undefined, origin: string): string | null {
  if (!url) return null;
  try {
    return new URL(url, origin).href;
  } catch {
    return null;
  }
}

/** Direction of a price move between two displayed values (for the flash); null when not comparable. */
export function priceMove(previous: string, next: string): 'up' | 'down' | null {
  if (!isDecimal(previous) || !isDecimal(next)) return null;
  const order = compare(next, previous);
  return order > 0 ? 'up' : order < 0 ? 'down' : null;
}
