import { useCallback, useEffect, useRef, useState } from 'react';
import { NotificationList } from '../../core/contract/notifications';
import { usePlatform } from '../_shared/platform-context';
import { INITIAL_PAGING, applyPage, nextPage, queryFor } from './notifications.logic';
import type { Paging } from './notifications.logic';

/** What the notification list shows and how it asks for more. */
export interface NotificationPages {
  paging: Paging;
  loading: boolean;
  /** Ask for the next page (ignored while loading or when loading stopped). */
  loadMore: () => void;
  /** Clear a failure and ask again. */
  retry: () => void;
  /** Start again at page 1 (spec §4, after opening an unread one). */
  reload: () => void;
}

/**
 * The user's notifications page by page (`user/notification`). A change of user, or `reload()`, starts again
 * at page 1; an answer for an earlier list is dropped.
 */
export function useNotificationPages(user: string | null): NotificationPages {
  const platform = usePlatform();
  const [paging, setPaging] = useState<Paging>(INITIAL_PAGING);
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);
  const current = useRef({ paging, loading, generation: 0 });
  current.current.paging = paging;

  const loadMore = useCallback(() => {
    const state = current.current;
    const page = nextPage(state.paging);
    if (user === null || state.loading || page === null) return;
    state.loading = true;
    setLoading(true);
    const generation = state.generation;
    void platform.api.call(NotificationList, queryFor(page), { silent: true }).then((result) => {
      if (generation !== current.current.generation) return;
      current.current.loading = false;
      setLoading(false);
      setPaging((previous) => {
        const next = applyPage(previous, page, result);
        current.current.paging = next;
        return next;
      });
    });
  }, [platform, user]);

  useEffect(() => {
    current.current = { paging: INITIAL_PAGING, loading: false, generation: current.current.generation + 1 };
    setPaging(INITIAL_PAGING);
    setLoading(false);
    if (user !== null) loadMore();
  }, [user, round, loadMore]);

  const retry = useCallback(() => {
    current.current.paging = { ...current.current.paging, error: null };
    setPaging((previous) => ({ ...previous, error: null }));
    loadMore();
  }, [loadMore]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { paging, loading, loadMore, retry, reload };
}
