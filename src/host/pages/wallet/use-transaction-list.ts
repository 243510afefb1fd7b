import { useCallback, useMemo } from 'react';
import { tabOfLink, transactionTabs, type TransactionTab } from '../../../core/domain/transaction-list';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { useRoute } from '../../routing/router';

/**
 * The transaction list's state, kept in its URL so a link, Back and a reload show the same list: the tabs of
 * the brand's trade modes plus the records, the tab the link opens (`uid`, `optionUID`, `tab`, the
 * depositList alias), choosing a tab, and closing the detail of a linked order.
 */
export function useTransactionList() {
  const { path, query } = useRoute();
  const { config } = useHost();
  const pathname = path.split('?')[0] ?? path;
  const tabs = useMemo(() => transactionTabs(config.brand.tradeModes), [config.brand.tradeModes]);
  const depositList = /\/depositList$/i.test(pathname);
  const tab = tabOfLink(tabs, { uid: query.uid, optionUID: query.optionUID, tab: query.tab, depositList });
  const select = useCallback(
    (next: TransactionTab) => navigate(`${pathname}?tab=${next}`, { replace: true }),
    [pathname],
  );
  // Closing a linked order's detail keeps its list in view.
  const closeDetail = useCallback(() => select(tab), [select, tab]);
  return { tabs, tab, select, closeDetail, uid: query.uid, optionUid: query.optionUID };
}
