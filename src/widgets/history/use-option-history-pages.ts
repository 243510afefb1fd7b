import { useCallback, useEffect, useRef, useState } from 'react';
import { findOptionHistory } from '../../core/contract/options';
import { usePlatform } from '../_shared/platform-context';
import {
  INITIAL_OPTION_PAGING,
  applyOptionPage,
  nextOptionPage,
  optionHistoryQuery,
} from './option-history.logic';
import type { OptionPaging } from './option-history.logic';

/** The finished options of the account, page by page, and how to ask for more. */
export interface OptionHistoryPages {
  paging: OptionPaging;
  loading: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * `option/findOptionHistory` {positionStatus 1, limit 10, page n}: the token decides whose options (real
 * or demo), so there is no Mock variant. A change of account starts again at page 1; an answer for an
 * earlier list is dropped.
 */
export function useOptionHistoryPages(accountKey: string | null): OptionHistoryPages {
  const platform = usePlatform();
  const [paging, setPaging] = useState<OptionPaging>(INITIAL_OPTION_PAGING);
  const [loading, setLoading] = useState(false);
  const current = useRef({ paging, loading, generation: 0 });
  current.current.paging = paging;

  const loadMore = useCallback(() => {
    const state = current.current;
    const page = nextOptionPage(state.paging);
    if (accountKey === null || state.loading || page === null) return;
    state.loading = true;
    setLoading(true);
    const generation = state.generation;
    void platform.api.call(findOptionHistory, optionHistoryQuery(page), { silent: true }).then((result) => {
      if (generation !== current.current.generation) return;
      current.current.loading = false;
      setLoading(false);
      setPaging((previous) => applyOptionPage(previous, page, result));
    });
  }, [platform, accountKey]);

  useEffect(() => {
    current.current = {
      paging: INITIAL_OPTION_PAGING,
      loading: false,
      generation: current.current.generation + 1,
    };
    setPaging(INITIAL_OPTION_PAGING);
    setLoading(false);
    if (accountKey !== null) loadMore();
  }, [accountKey, loadMore]);

  const retry = useCallback(() => {
    current.current.paging = { ...current.current.paging, error: null };
    setPaging((previous) => ({ ...previous, error: null }));
    loadMore();
  }, [loadMore]);

  return { paging, loading, loadMore, retry };
}
