import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createTradingApi } from '../../core/trading/trading-api';
import { usePlatform } from '../_shared/platform-context';
import { INITIAL_PAGING, applyPage, nextPage, queryFor } from './history.logic';
import type { HistoryFilter, Paging } from './history.logic';

/** What the history list shows and how it asks for more. */
export interface HistoryPages {
  paging: Paging;
  loading: boolean;
  /** Ask for the next page (ignored while loading or when loading stopped). */
  loadMore: () => void;
  /** Clear a failure and ask again. */
  retry: () => void;
}

/**
 * The orders of one filter, page by page (`order/query`, or `order/queryMock` on the demo account).
 * A change of filter, account or user starts again at page 1; an answer for an earlier list is dropped.
 */
export function useHistoryPages(
  filter: HistoryFilter,
  account: { virtual: boolean; uid: string | null } | null,
): HistoryPages {
  const platform = usePlatform();
  const api = useMemo(() => createTradingApi(platform), [platform]);
  const [paging, setPaging] = useState<Paging>(INITIAL_PAGING);
  const [loading, setLoading] = useState(false);
  const current = useRef({ paging, loading, generation: 0 });
  current.current.paging = paging;
  const virtual = account?.virtual ?? false;
  const key = account ? `${filter}|${virtual}|${account.uid}` : null;

  const loadMore = useCallback(() => {
    const state = current.current;
    const page = nextPage(state.paging);
    if (key === null || state.loading || page === null) return;
    state.loading = true;
    setLoading(true);
    const generation = state.generation;
    void api.queryOrders(queryFor(filter, page), virtual, { silent: true }).then((result) => {
      if (generation !== current.current.generation) return;
      current.current.loading = false;
      setLoading(false);
      setPaging((previous) => applyPage(previous, page, filter, result));
    });
  }, [api, filter, virtual, key]);

  // Reset to page 1 on filter or account change, then load it.
  useEffect(() => {
    current.current = { paging: INITIAL_PAGING, loading: false, generation: current.current.generation + 1 };
    setPaging(INITIAL_PAGING);
    setLoading(false);
    if (key !== null) loadMore();
  }, [key, loadMore]);

  const retry = useCallback(() => {
    current.current.paging = { ...current.current.paging, error: null };
    setPaging((previous) => ({ ...previous, error: null }));
    loadMore();
  }, [loadMore]);

  return { paging, loading, loadMore, retry };
}
