import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallResult } from '../../core/runtime/types';
import { listPaging } from './paging';
import type { PageOf, PageRules, Paging } from './paging';

/** What an infinite list shows and how it asks for more. */
export interface Pages<P> {
  paging: P;
  loading: boolean;
  /** Ask for the next page (ignored while loading or when loading stopped). */
  loadMore: () => void;
  /** Clear a failure and ask again. */
  retry: () => void;
  /** Start again at page 1 (after a transfer, after opening an unread notification). */
  reload: () => void;
}

/**
 * A list page by page through `fetchPage`, paged by `paging.ts` (rows with an id, 10 a page, spec §4).
 * A change of `key` (filter, account, user; null while signed out) starts again at page 1; an answer for
 * an earlier list is dropped.
 */
export function usePages<T extends { id: string }>(
  key: string | null,
  fetchPage: (page: number) => Promise<CallResult<PageOf<T>>>,
): Pages<Paging<T>>;
/** The same with a list's own paging state and rules (history keeps its totals, options their own ids). */
export function usePages<P extends { error: string | null }, R>(
  key: string | null,
  fetchPage: (page: number) => Promise<R>,
  rules: PageRules<P, R>,
): Pages<P>;
export function usePages<P extends { error: string | null }, R>(
  key: string | null,
  fetchPage: (page: number) => Promise<R>,
  rules: PageRules<P, R> = listPaging() as unknown as PageRules<P, R>,
): Pages<P> {
  const [paging, setPaging] = useState<P>(rules.initial);
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);
  const current = useRef({ paging, loading, generation: 0 });
  current.current.paging = paging;
  // The latest fetch and rules are read when a page is asked for; only `key` starts the list again.
  const latest = useRef({ fetchPage, rules });
  latest.current = { fetchPage, rules };

  const loadMore = useCallback(() => {
    const state = current.current;
    const page = latest.current.rules.next(state.paging);
    if (key === null || state.loading || page === null) return;
    state.loading = true;
    setLoading(true);
    const generation = state.generation;
    void latest.current.fetchPage(page).then((result) => {
      if (generation !== current.current.generation) return;
      current.current.loading = false;
      setLoading(false);
      setPaging((previous) => {
        const next = latest.current.rules.apply(previous, page, result);
        current.current.paging = next;
        return next;
      });
    });
  }, [key]);

  useEffect(() => {
    const { initial } = latest.current.rules;
    current.current = { paging: initial, loading: false, generation: current.current.generation + 1 };
    setPaging(initial);
    setLoading(false);
    if (key !== null) loadMore();
  }, [key, round, loadMore]);

  const retry = useCallback(() => {
    current.current.paging = { ...current.current.paging, error: null };
    setPaging((previous) => ({ ...previous, error: null }));
    loadMore();
  }, [loadMore]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { paging, loading, loadMore, retry, reload };
}
