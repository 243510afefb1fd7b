/**
 * The wallet pages of spec §2: `/user/wallet` (wallet home), `/user/myWallet` (balances, transfers, wallet
 * records) and `/user/wallet/transactionList` (alias depositList: the deposit/withdraw records), each a view
 * of <Wallet>. Mobile shows them as full pages under a back bar; the desktop account dialog shows them in its
 * body (routes.ts `kind: 'account'`).
 */
import { useEffect, type ReactNode } from 'react';
import { isConfigOn } from '../../../widgets/account';
import { useAtomValue } from '../../../widgets/_shared/store-react';
import { useT } from '../../../widgets/_shared/use-t';
import { OrderDetail } from '../../../widgets/history';
import { Wallet } from '../../../widgets/wallet';
import { useHost } from '../../host-context';
import { navigate } from '../../routing/history';
import { useRoute } from '../../routing/router';
import { isBuilt } from '../../routing/routes';
import { useHostSession } from '../../session/use-host-session';
import { useIsDesktop } from '../../shells/use-media-query';
import { PageBar } from '../../ui/page-bar';
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
 * `/user/wallet/transactionList` and `/user/wallet/depositList`: the deposit/withdraw records; with `uid` (a
 * market order) or `optionUID` (an option) in the query, that order's detail opens over them (the history's
 * detail drawer: a side panel on desktop, a sheet on a phone). Closing it drops the query.
 */
export function TransactionListPage() {
  const { path, query } = useRoute();
  const { theme } = useHost();
  return (
    <WalletPage view="records" title="wallet.menu.records" testId="wallet-records-page">
      <OrderDetail
        uid={query.uid}
        optionUid={query.optionUID}
        theme={theme}
        onClose={() => navigate(path.split('?')[0] ?? path, { replace: true })}
      />
    </WalletPage>
  );
}
