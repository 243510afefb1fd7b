/**
 * Pure rules of <tk-quotes>: which quotes show under which tab (attributes `symbols`, `category`, `tabs`
 * and the brand trade list). The row view model is in quote-row.logic.ts, loaded with the table.
 */
import type { CategoryId } from '../../core/contract/types';
import { groupByCategory, sortQuotes } from '../../core/domain/quotes';
import type { QuoteView } from '../../core/runtime/types';

/** `symbols="btcusdt, EURUSD"` → ['BTCUSDT', 'EURUSD'] (trimmed, upper-cased, deduplicated); null when absent. */
export function parseSymbols(attribute: string | null | undefined): string[] | null {
  if (!attribute || !attribute.trim()) return null;
  const symbols = attribute
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  return symbols.length ? [...new Set(symbols)] : null;
}

export { parseCategory } from './category';

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
