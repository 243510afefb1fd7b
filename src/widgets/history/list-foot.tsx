import { useRef } from 'react';
import type { ReactNode } from 'react';
import { ListFoot } from '../_shared/list-foot';
import { useInfiniteScroll } from '../_shared/use-infinite-scroll';
import type { Translate } from '../_shared/use-t';

/** Props of HistoryList. */
export interface HistoryListProps {
  t: Translate;
  /** Where the paging stands: the last failure, the last page that came (0: none yet), no page left. */
  paging: { error: string | null; page: number; done: boolean };
  /** A page is on its way. */
  loading: boolean;
  /** The list shows at least one item. */
  hasItems: boolean;
  /** Keys of the empty line, the failure prefix and the end-of-list line (market orders and options word them apart). */
  keys: { empty: string; failed: string; end: string };
  /** The sentinel may ask for the next page (signed in, not loading, a next page exists). */
  canLoad: boolean;
  /** Changes whenever a page arrived or failed, so the sentinel is looked at again. */
  scrollKey: string;
  onRetry: () => void;
  onMore: () => void;
  /** The rows, shown while `hasItems`. */
  children: ReactNode;
}

/**
 * An infinite list of the history (market orders or options): its rows or the empty line, and the foot
 * whose sentinel loads the next page while scrolled into view.
 */
export function HistoryList({ t, paging, loading, hasItems, keys, ...props }: HistoryListProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  useInfiniteScroll(sentinel, props.onMore, props.canLoad, props.scrollKey);
  return (
    <div className="tk-hist__list" aria-busy={loading || undefined}>
      {hasItems ? (
        props.children
      ) : paging.done ? (
        <p className="tk-state" part="empty">
          {t(keys.empty)}
        </p>
      ) : null}
      <ListFoot
        ref={sentinel}
        t={t}
        error={paging.error}
        loading={loading || (paging.page === 0 && !paging.done)}
        done={paging.done}
        hasItems={hasItems}
        block="tk-hist"
        failedKey={keys.failed}
        endKey={keys.end}
        moreKey="history.load_more"
        onRetry={props.onRetry}
        onMore={props.onMore}
      />
    </div>
  );
}
