/**
 * The row view model of <tk-quotes> (formatted prices, direction, delayed and closed state): loaded with the
 * table, after the first paint (quotes.tsx).
 */
import { compare, isDecimal } from '../../core/domain/decimal';
import { SHORT_DATE_TIME_FORMAT, formatPercent, formatPrice, formatTime } from '../../core/domain/format';
import { changeDirection } from '../../core/domain/quotes';
import { isQuoteStale } from '../../core/runtime/platform';
import type { FeedState, QuoteView } from '../../core/runtime/types';

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

/**
 * Build the row view model of a quote in a layout: what the layout does not show stays empty (EK29) — the
 * table shows the time, bid, ask, low and high; the logo layout the logo and the last price. A row is built on
 * every tick of its symbol, and the first time formatted (Intl's first formatter) was half of a phone's first
 * render of the logo list, which never shows it.
 */
export function toRow(
  q: QuoteView,
  ctx: RowContext,
  layout: 'table' | 'logo' = 'table',
  time = layout === 'table',
): QuoteRow {
  const precision = q.pricePrecision;
  const closed = q.marketOpen === false;
  const table = layout === 'table';
  const price = (value: string | null | undefined, shown: boolean) =>
    shown ? formatPrice(value, precision) : '';
  return {
    symbol: q.symbol,
    name: q.name || q.symbol,
    bid: price(q.bidPrice, table),
    ask: price(q.askPrice, table),
    low: price(q.lowPrice, table),
    high: price(q.highPrice, table),
    price: price(q.price, !table),
    change: formatPercent(q.priceChangePercent),
    direction: changeDirection(q.priceChangePercent),
    updated: table && time ? formatTime(q.lastUpdate, SHORT_DATE_TIME_FORMAT, ctx.timeZone) : '',
    stale: isRowStale(q, ctx),
    closed,
    logoUrl: table ? null : resolveUrl(q.logoUrl, ctx.origin),
  };
}

/** Whether a row shows as delayed. A closed market sends no ticks by design: it is marked closed, not delayed. */
export function isRowStale(q: QuoteView, ctx: RowContext): boolean {
  return q.marketOpen !== false && isQuoteStale(q, ctx.now, ctx.feedState, ctx.staleAfterMs);
}

/** Logo URLs resolved, by origin and URL: a row resolves its logo on every tick (at most RESOLVED_MAX kept). */
const resolved = new Map<string, string | null>();
const RESOLVED_MAX = 5_000;

/** An absolute URL for a logo given relative to the platform origin; null when empty or invalid. */
export function resolveUrl(url: string | null | undefined, origin: string): string | null {
  if (!url) return null;
  const key = `${origin} ${url}`;
  let href = resolved.get(key);
  if (href !== undefined) return href;
  try {
    href = new URL(url, origin).href;
  } catch {
    href = null;
  }
  if (resolved.size >= RESOLVED_MAX) resolved.clear();
  resolved.set(key, href);
  return href;
}

/** Direction of a price move between two displayed values (for the flash); null when not comparable. */
export function priceMove(previous: string, next: string): 'up' | 'down' | null {
  if (!isDecimal(previous) || !isDecimal(next)) return null;
  const order = compare(next, previous);
  return order > 0 ? 'up' : order < 0 ? 'down' : null;
}
