import { forwardRef, useRef } from 'react';
import type { ReactNode } from 'react';
import { useInfiniteScroll } from '../_shared/use-infinite-scroll';
import type { Translate } from '../_shared/use-t';

export interface ListFootProps {
  t: Translate;
  /** The last page's failure text, or null. */
  error: string | null;
  /** A page is on its way, or the first one has not come yet. */
  loading: boolean;
  /** No further page exists. */
  done: boolean;
  /** The list shows at least one item. */
  hasItems: boolean;
  /** Keys of the failure prefix and the end-of-list line (market orders and options word them apart). */
  failedKey: string;
  endKey: string;
  onRetry: () => void;
  onMore: () => void;
}

/**
 * The foot of an infinite list (spec §2, 10 a page): the scroll sentinel with the failure banner and retry,
 * the loading line, the end-of-list line, or a button for the next page.
 */
export const ListFoot = forwardRef<HTMLDivElement, ListFootProps>(function ListFoot(props, sentinel) {
  const { t } = props;
  return (
    <div ref={sentinel} className="tk-hist__foot">
      {props.error ? (
        <div className="tk-banner" data-tone="danger" role="alert">
          <span className="tk-banner__text">
            {t(props.failedKey)} {props.error}
          </span>
          <button type="button" className="tk-button" onClick={props.onRetry}>
            {t('common.retry')}
          </button>
        </div>
      ) : props.loading ? (
        <p className="tk-state" role="status">
          {t('app.loading')}
        </p>
      ) : props.done ? (
        props.hasItems ? (
          <p className="tk-hist__end">{t(props.endKey)}</p>
        ) : null
      ) : (
        <button type="button" className="tk-hist__btn" onClick={props.onMore}>
          {t('history.load_more')}
        </button>
      )}
    </div>
  );
});

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
        failedKey={keys.failed}
        endKey={keys.end}
        onRetry={props.onRetry}
        onMore={props.onMore}
      />
    </div>
  );
}
