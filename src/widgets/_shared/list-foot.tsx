import { forwardRef, useRef } from 'react';
import type { ReactNode } from 'react';
import { nextPage } from './paging';
import { useInfiniteScroll } from './use-infinite-scroll';
import type { Pages } from './use-pages';
import type { Translate } from './use-t';

/** Props of ListFoot. */
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
  /** The widget's class block: `<block>__foot`, `<block>__end`, `<block>__btn`. */
  block: string;
  /** Keys of the failure prefix, the end-of-list line and the next-page button (each list words them). */
  failedKey: string;
  endKey: string;
  moreKey: string;
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
    <div ref={sentinel} className={`${props.block}__foot`}>
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
          <p className={`${props.block}__end`}>{t(props.endKey)}</p>
        ) : null
      ) : (
        <button type="button" className={`${props.block}__btn`} onClick={props.onMore}>
          {t(props.moreKey)}
        </button>
      )}
    </div>
  );
});

/** Props of PagedList. */
export interface PagedListProps<T, S> {
  t: Translate;
  /** The list from usePages. */
  pages: Pages<T, S>;
  /** The widget's class block: `<block>__list` and the foot's classes. */
  block: string;
  /** Keys of the empty line, the failure prefix, the end-of-list line and the next-page button. */
  keys: { empty: string; failed: string; end: string; more: string };
  /** The rows, shown while there are any. */
  children: ReactNode;
}

/**
 * An infinite list of spec §2 (wallet, records, history): its rows or the empty line, and the foot whose
 * sentinel loads the next page while scrolled into view.
 */
export function PagedList<T, S>({ t, pages, block, keys, children }: PagedListProps<T, S>) {
  const { paging, loading, loadMore, retry } = pages;
  const sentinel = useRef<HTMLDivElement>(null);
  const hasItems = paging.items.length > 0;
  const canLoad = !loading && nextPage(paging) !== null;
  useInfiniteScroll(sentinel, loadMore, canLoad, `${paging.page}|${paging.invalid}|${paging.items.length}`);
  return (
    <div className={`${block}__list`} aria-busy={loading || undefined}>
      {hasItems ? (
        children
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
        block={block}
        failedKey={keys.failed}
        endKey={keys.end}
        moreKey={keys.more}
        onRetry={retry}
        onMore={loadMore}
      />
    </div>
  );
}
