import type { ReactNode } from 'react';
import { PagedList as List } from '../_shared/list-foot';
import type { Pages } from '../_shared/use-pages';
import { useWallet } from './wallet-context';

const KEYS = {
  empty: 'wallet.empty',
  failed: 'wallet.load_failed',
  end: 'wallet.end',
  more: 'wallet.load_more',
};

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
  return (
    <List t={t} pages={pages} block="tk-wallet" keys={KEYS}>
      <ul className="tk-wallet__items" part={part} aria-label={label}>
        {pages.paging.items.map(render)}
      </ul>
    </List>
  );
}
