import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallResult } from '../../core/runtime/types';
import { applyPage, initialPaging, nextPage } from './paging';
import type { Keep, PageOf, Paging } from './paging';

/** What an infinite list shows and how it asks for more. */
export interface Pages<T, S = undefined> {
  paging: Paging<T, S>;
  loading: boolean;
  loadMore: () => void;
  retry: () => void;
  /** Start again at page 1 (after a transfer, after opening an unread notification). */
  reload: () => void;
}

/**
 * A list page by page through `fetchPage`. A change of `key` (filter, account, user; null while signed out)
 * starts again at page 1 (spec §4: lists reset on filter change); an answer for an earlier list is dropped.
 * `keep` (read when an answer comes) drops rows the list does not show, see applyPage.
 */
export function usePages<T extends { id: string }, S = undefined>(
  key: string | null,
  fetchPage: (page: number) => Promise<CallResult<PageOf<T, S>>>,
  keep?: Keep<T>,
): Pages<T, S> {
  const [paging, setPaging] = useState<Paging<T, S>>(initialPaging);
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);
  const current = useRef({ paging, loading, generation: 0 });
  current.current.paging = paging;
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const keepRef = useRef(keep);
  keepRef.current = keep;

  const loadMore = useCallback(() => {
    const state = current.current;
    const page = nextPage(state.paging);
    if (key === null || state.loading || page === null) return;
    state.loading = true;
    setLoading(true);
    const generation = state.generation;
    void fetchRef.current(page).then((result) => {
      if (generation !== current.current.generation) return;
      current.current.loading = false;
      setLoading(false);
      setPaging((previous) => {
        const next = applyPage(previous, page, result, keepRef.current);
        current.current.paging = next;
        return next;
      });
    });
  }, [key]);

  useEffect(() => {
    current.current = { paging: initialPaging(), loading: false, generation: current.current.generation + 1 };
    setPaging(initialPaging());
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
