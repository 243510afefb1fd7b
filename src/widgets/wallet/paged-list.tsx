import { useRef, type ReactNode } from 'react';
import { ListFoot } from '../_shared/list-foot';
import { useInfiniteScroll } from '../_shared/use-infinite-scroll';
import { useWallet } from './wallet-context';
import { nextPage } from '../_shared/paging';
import type { Pages } from '../_shared/use-pages';

/** An infinite list of a wallet view (spec §2: 10 a page, loaded while scrolled to its end). */
export function PagedList<T extends { id: string }>({
  pages,
  label,
  part,
  render,
}: {
  pages: Pages<T>;
  label: string;
  part: string;
  render: (item: T) => ReactNode;
}) {
  const { t } = useWallet();
  const { paging, loading, loadMore, retry } = pages;
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoad = !loading && nextPage(paging) !== null;
  useInfiniteScroll(sentinel, loadMore, canLoad, `${paging.page}|${paging.invalid}|${paging.items.length}`);
  return (
    <div className="tk-wallet__list" aria-busy={loading || undefined}>
      {paging.items.length > 0 ? (
        <ul className="tk-wallet__items" part={part} aria-label={label}>
          {paging.items.map(render)}
        </ul>
      ) : paging.done ? (
        <p className="tk-state" part="empty">
          {t('wallet.empty')}
        </p>
      ) : null}
      <ListFoot
        ref={sentinel}
        t={t}
        block="tk-wallet"
        failedKey="wallet.load_failed"
        endKey="wallet.end"
        moreKey="wallet.load_more"
        error={paging.error}
        loading={loading || (paging.page === 0 && !paging.done)}
        done={paging.done}
        hasItems={paging.items.length > 0}
        onRetry={retry}
        onMore={loadMore}
      />
    </div>
  );
}
