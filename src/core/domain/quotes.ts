/**
 * Pure quote-list rules: ordering (spec §3 "symbols without a valid sort are ranked last"), category tabs
 * in the brand's trade-list order, the home page's top symbols and the up/down colour of a change.
 */
import { CATEGORY_KEYS } from '../contract/types';
import type { CategoryId, PriceEntry } from '../contract/types';

/** The fields the list rules read; PriceEntry and QuoteView both fit. */
export type Rankable = Pick<PriceEntry, 'symbol' | 'sort' | 'type'>;

/** One category tab: its type, its i18n key suffix (`category.<key>`) and its sorted entries. */
export interface CategoryGroup<T extends Rankable> {
  type: CategoryId;
  key: string;
  entries: T[];
}

function validSort(sort: number | null | undefined): number | null {
  return typeof sort === 'number' && Number.isFinite(sort) && sort > 0 ? sort : null;
}

/** Compare by sort ascending, entries without a valid sort last, ties by symbol (code-point order). */
export function compareQuotes(a: Rankable, b: Rankable): number {
  const sa = validSort(a.sort);
  const sb = validSort(b.sort);
  if (sa !== sb) {
    if (sa === null) return 1;
    if (sb === null) return -1;
    return sa - sb;
  }
  return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
}

/** A new array sorted by `compareQuotes` (the input is not changed). */
export function sortQuotes<T extends Rankable>(entries: Iterable<T>): T[] {
  return [...entries].sort(compareQuotes);
}

/**
 * Tabs in the order of the brand's trade list. Every listed category keeps its tab even when it has no
 * entries yet (the tab shows "No products"), so tabs do not jump while quotes arrive; entries of a category
 * the brand does not list are left out; a category listed twice gets one tab.
 */
export function groupByCategory<T extends Rankable>(
  entries: Iterable<T>,
  tradeList: readonly CategoryId[],
): CategoryGroup<T>[] {
  const groups = new Map<CategoryId, CategoryGroup<T>>();
  for (const type of tradeList) {
    if (!groups.has(type) && type in CATEGORY_KEYS)
      groups.set(type, { type, key: CATEGORY_KEYS[type], entries: [] });
  }
  for (const entry of entries) groups.get(entry.type)?.entries.push(entry);
  for (const group of groups.values()) group.entries.sort(compareQuotes);
  return [...groups.values()];
}

/**
 * The home page's top entries: the brand's home symbols that are quoted, in the brand's order, topped up
 * with the best-ranked other entries when fewer than `n` of them are quoted.
 */
export function topSymbols<T extends Rankable>(
  entries: Iterable<T>,
  homeSymbols: readonly string[],
  n = 3,
): T[] {
  const all = [...entries];
  const bySymbol = new Map(all.map((e) => [e.symbol, e] as const));
  const picked: T[] = [];
  for (const symbol of homeSymbols) {
    const entry = bySymbol.get(symbol);
    if (entry && !picked.includes(entry)) picked.push(entry);
    if (picked.length >= n) return picked;
  }
  for (const entry of sortQuotes(all)) {
    if (picked.length >= n) break;
    if (!picked.includes(entry)) picked.push(entry);
  }
  return picked;
}

/** Direction of a change in percent, read from the decimal string itself (no float): up, down or flat. */
export function changeDirection(percent: string | null | undefined): 'up' | 'down' | 'flat' {
  const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/.exec(percent ?? '');
  if (!m || !/[1-9]/.test(`${m[2] ?? ''}${m[3] ?? ''}`)) return 'flat';
  return m[1] === '-' ? 'down' : 'up';
}
