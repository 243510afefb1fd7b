import { useMemo, useState } from 'react';
import { getSession } from '../../core/session/session';
import type { EventCallbacks } from '../_shared/events';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';
import { SignedOut } from '../_shared/signed-out';
import { ToastProvider, useToast } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { useViewNav } from '../_shared/use-view-nav';
import { WidgetRoot } from '../_shared/widget-root';
import { CashRecordsView } from './cash-records';
import { MyWallet } from './my-wallet';
import { WALLET_CSS as css } from './styles';
import { WalletContext, type WalletContextValue } from './wallet-context';
import { WalletHome } from './wallet-home';
import { parseActions, parseView, viewOfPath, WALLET_PATHS } from './wallet.logic';

/** Props of <Wallet>: the attributes of <tk-wallet> and its output callbacks. */
export interface WalletProps extends EventCallbacks<'tk-navigate'> {
  /** `home` (default), `myWallet` or `records`. */
  view?: string;
  theme?: 'light' | 'dark';
  /**
   * The cashier pages the page offers (`deposit withdraw crypto bankCard`); absent: all of them. A page
   * without a withdraw page leaves `withdraw` out and its button does not show.
   */
  actions?: string;
}

/** The demo account's wallet (spec §2/§6): only the reset of the demo balance. */
function DemoWallet() {
  const t = useT();
  const platform = usePlatform();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    setBusy(true);
    const result = await getSession(platform).resetDemo();
    setBusy(false);
    toast(result.ok ? t('wallet.reset_done') : result.message, result.ok ? 'info' : 'error');
  };
  return (
    <div className="tk-wallet__demo" part="demo">
      <p>{t('wallet.demo_note')}</p>
      <button
        type="button"
        className="tk-cash-btn tk-wallet__btn"
        data-variant="primary"
        part="action action-resetDemo"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void reset()}
      >
        {t('wallet.action.resetDemo')}
      </button>
    </div>
  );
}

/** How the wallet names its pages (its `view` attribute, its paths). */
const WALLET_VIEWS = { parseView, viewOfPath };

function WalletBody(props: WalletProps) {
  const t = useT();
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  const config = useAtomValue(platform.atoms.config);
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  // A standalone element switches its own view when nobody routes; a new `view` attribute wins again.
  const { view, navigate } = useViewNav('wallet.view', props, WALLET_VIEWS);
  const offered = useMemo(() => parseActions(props.actions), [props.actions]);
  const context = useMemo<WalletContextValue>(
    () => ({
      t,
      platform,
      session,
      systemConfig,
      timezone: config?.brand.timezone,
      offered,
      go: (target, query) => navigate(`${WALLET_PATHS[target]}${query ? `?${query}` : ''}`),
    }),
    [t, platform, session, systemConfig, config, offered, navigate],
  );

  if (state.status !== 'signedIn' || !state.uid) {
    return (
      <SignedOut
        text={t('wallet.login_prompt')}
        t={t}
        buttonClass="tk-cash-btn tk-wallet__btn"
        onLogin={() => navigate(WALLET_PATHS.login)}
      />
    );
  }
  if (state.virtual) return <DemoWallet />;
  return (
    <WalletContext.Provider value={context}>
      <div className="tk-wallet__view" data-view={view}>
        {view === 'home' ? <WalletHome user={state.uid} /> : null}
        {view === 'myWallet' ? <MyWallet user={state.uid} /> : null}
        {view === 'records' ? <CashRecordsView user={state.uid} /> : null}
      </div>
    </WalletContext.Provider>
  );
}

/**
 * The wallet pages of spec §2: the wallet home, My wallet (balances, transfers, wallet records) and the
 * deposit/withdraw records. The demo account sees only the reset of its balance.
 */
export function Wallet(props: WalletProps) {
  return (
    <WidgetRoot name="wallet" css={css} theme={props.theme}>
      <ToastProvider className="tk-wallet__toast">
        <div className="tk-wallet" part="base">
          <WalletBody {...props} />
        </div>
      </ToastProvider>
    </WidgetRoot>
  );
}
