/**
 * The wallet pages of spec §2: `/user/wallet` (wallet home), `/user/myWallet` (balances, transfers, wallet
 * records) and `/user/wallet/transactionList` (alias depositList: the deposit/withdraw records), each a view
 * of <Wallet> (the transaction list also shows the trades of <History>). Mobile shows them as full pages under a back bar; the desktop account dialog shows them in its
 * body (routes.ts `kind: 'account'`).
 */
import { useEffect, type ReactNode } from 'react';
import { isConfigOn } from '../../../core/config/system-config';
import { useAtomValue } from '../../../widgets/_shared/store-react';
import { useT } from '../../../widgets/_shared/use-t';
import { History, OrderDetail } from '../../../widgets/history';
import { Wallet } from '../../../widgets/wallet';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { isBuilt } from '../../routing/routes';
import { useHostSession } from '../../session/use-host-session';
import { useIsDesktop } from '../../shells/use-media-query';
import { PageBar } from '../../ui/page-bar';
import '../../ui/segmented.css';
import { useTransactionList } from './use-transaction-list';
import './wallet-pages.css';

const goTo = ({ to }: { to: string }) => navigate(to);

/** The cashier pages this build ships, as the wallet's `actions` (a button shows only when its page exists). */
export function walletActions(built: (name: string) => boolean = isBuilt): string {
  return (['deposit', 'withdraw', 'crypto', 'bankCard'] as const).filter((name) => built(name)).join(' ');
}

const ACTIONS = walletActions();

function WalletPage(props: { view: string; title: string; testId: string; children?: ReactNode }) {
  const t = useT();
  const { theme } = useHost();
  const desktop = useIsDesktop();
  return (
    <div className="host-wallet-page" data-testid={props.testId}>
      {desktop ? null : <PageBar title={t(props.title)} />}
      <Wallet theme={theme} view={props.view} actions={ACTIONS} onNavigate={goTo} />
      {props.children}
    </div>
  );
}

/** `/user/wallet`: the wallet home. */
export function WalletHomePage() {
  return <WalletPage view="home" title="wallet.menu.wallet" testId="wallet-page" />;
}

/** `/user/myWallet`: only on brands with the user/myWallet switch; others go to the wallet home. */
export function MyWalletPage() {
  const { platform } = useHostSession();
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  const enabled = isConfigOn(systemConfig, 'user/myWallet');
  useEffect(() => {
    if (systemConfig && !enabled) navigate('/user/wallet', { replace: true });
  }, [systemConfig, enabled]);
  if (!enabled) return null;
  return <WalletPage view="myWallet" title="wallet.menu.my_wallet" testId="my-wallet-page" />;
}

/**
 * `/user/wallet/transactionList` and `/user/wallet/depositList`: the market trades and option trades of the
 * brand's trade modes (the history's own lists, with its status filter and its detail on a row click) beside
 * the deposit/withdraw records. With `uid` (a market order) or `optionUID` (an option) in the query, that
 * order's detail opens over its list (the history's detail drawer: a side panel on desktop, a sheet on a
 * phone); closing it keeps the list.
 */
export function TransactionListPage() {
  const t = useT();
  const { theme } = useHost();
  const desktop = useIsDesktop();
  const list = useTransactionList();
  return (
    <div className="host-wallet-page" data-testid="wallet-records-page">
      {desktop ? null : <PageBar title={t('wallet.menu.records')} />}
      <div
        className="host-segmented host-transactions__tabs"
        role="radiogroup"
        aria-label={t('transactions.tabs')}
      >
        {list.tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="radio"
            aria-checked={tab === list.tab}
            className="host-segmented__option host-transactions__tab"
            data-testid={`transactions-tab-${tab}`}
            onClick={() => list.select(tab)}
          >
            {t(`transactions.tab.${tab}`)}
          </button>
        ))}
      </div>
      {list.tab === 'cash' ? (
        <Wallet theme={theme} view="records" actions={ACTIONS} onNavigate={goTo} />
      ) : (
        <div className="host-transactions__trades" data-testid={`transactions-${list.tab}`}>
          <History key={list.tab} theme={theme} mode={list.tab} onNavigate={goTo} />
        </div>
      )}
      <OrderDetail uid={list.uid} optionUid={list.optionUid} theme={theme} onClose={list.closeDetail} />
    </div>
  );
}
