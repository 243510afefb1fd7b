/**
 * The paging of the infinite lists of spec §2/§4 (10 a page, loaded while scrolled to the end): what is
 * loaded so far, which page comes next, and how an answer changes that. Pure; `use-pages.ts` drives it.
 */
import type { CallResult } from '../../core/runtime/types';

/** Loading gives up after more than this many answers with code -1 (spec §4). */
export const MAX_INVALID_ANSWERS = 5;
const INVALID = -1;

/**
 * What a page answer must carry: its rows and how many pages there are, and the figures of the whole list
 * some lists show above it (history: the P&L totals), taken from the latest page.
 */
export interface PageOf<T, S = undefined> {
  list: T[];
  pages: number;
  summary?: S;
}

/** A list loaded so far and whether more may come. */
export interface Paging<T, S = undefined> {
  items: T[];
  /** Last page loaded (0 before the first). */
  page: number;
  /** Pages the last answer announced (null before the first or when it named none). */
  pages: number | null;
  /** No more pages will be asked for. */
  done: boolean;
  /** Answers with code -1 so far. */
  invalid: number;
  /** A failure to show (loading pauses until retry). */
  error: string | null;
  /** The latest page's summary (null before one came). */
  summary: S | null;
}

/** Before the first page. */
export function initialPaging<T, S = undefined>(): Paging<T, S> {
  return { items: [], page: 0, pages: null, done: false, invalid: 0, error: null, summary: null };
}

/** Which rows of an answer a list shows (all of them unless a list says otherwise). */
export type Keep<T> = (item: T) => boolean;
const keepAll = () => true;

/** The page to ask for next, or null when loading stopped or waits for a retry. */
export function nextPage(paging: Paging<unknown, unknown>): number | null {
  return paging.done || paging.error ? null : paging.page + 1;
}

/**
 * Paging after the answer for `page` (spec §4): stops at the last page, on an empty list, or after more than
 * MAX_INVALID_ANSWERS answers with code -1; other failures pause until retry. A row already listed (a new
 * one shifted the pages) is not listed twice. `keep` drops rows the list does not show; the stop rule still
 * counts them, so a page whose rows were all dropped does not end the list.
 */
export function applyPage<T extends { id: string }, S = undefined>(
  paging: Paging<T, S>,
  page: number,
  result: CallResult<PageOf<T, S>>,
  keep: Keep<T> = keepAll,
): Paging<T, S> {
  if (!result.ok) {
    if (result.code !== INVALID) return { ...paging, error: result.message };
    const invalid = paging.invalid + 1;
    return { ...paging, invalid, done: invalid > MAX_INVALID_ANSWERS };
  }
  const list = Array.isArray(result.data?.list) ? result.data.list : [];
  const known = new Set(paging.items.map((item) => item.id));
  const pages = typeof result.data?.pages === 'number' ? result.data.pages : null;
  return {
    ...paging,
    items: [...paging.items, ...list.filter((item) => !known.has(item.id) && keep(item))],
    page,
    pages,
    done: list.length === 0 || pages === null || page >= pages,
    error: null,
    summary: result.data?.summary ?? paging.summary,
  };
}

/** An answer of another shape as a page (its rows under `list`, its summary); a failure passes through. */
export function asPage<A, T, S>(
  result: CallResult<A>,
  toPage: (data: A) => PageOf<T, S>,
): CallResult<PageOf<T, S>> {
  if (!result.ok) return result;
  const data = toPage(result.data);
  return { ok: true, data, envelope: { ...result.envelope, data } };
}
