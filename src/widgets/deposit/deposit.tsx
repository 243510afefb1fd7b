import type { EventCallbacks } from '../_shared/events';
import { usePlatform } from '../_shared/platform-context';
import { Tabs } from '../_shared/tabs';
import { ToastProvider } from '../_shared/toast';
import { useT } from '../_shared/use-t';
import { useEmit } from '../_shared/widget-host';
import { WidgetRoot } from '../_shared/widget-root';
import { DepositPanel, Notice } from './deposit-panel';
import { SERVICE_PATH, switchTab } from './deposit.logic';
import { DEPOSIT_CSS as css } from './styles';
import { useDepositForm } from './use-deposit-form';

/** Props of <Deposit>: the attributes of <tk-deposit> and its output callbacks. */
export interface DepositProps extends EventCallbacks<'tk-navigate'> {
  theme?: 'light' | 'dark';
}

/** Where the sign-in prompt sends the user. */
export const LOGIN_PATH = '/login?to=/user/deposit';

function DepositBody(props: DepositProps) {
  const t = useT();
  const platform = usePlatform();
  const emit = useEmit(props);
  const deposit = useDepositForm(platform, t);
  const { state, options, form, tabs, firstCoin } = deposit;

  if (!deposit.signedIn) {
    return (
      <Notice
        text={t('deposit.login_prompt')}
        part="signed-out"
        action={t('nav.login')}
        onAction={() => emit('tk-navigate', { to: LOGIN_PATH })}
      />
    );
  }
  if (state.virtual) return <Notice text={t('deposit.demo_unavailable')} />;
  if (deposit.flags.disabled) {
    return (
      <Notice
        text={t('deposit.disabled')}
        action={t('nav.service')}
        onAction={() => emit('tk-navigate', { to: SERVICE_PATH })}
      />
    );
  }
  if (options.loading) return <p className="tk-state">{t('deposit.loading')}</p>;
  if (options.error) {
    return <Notice text={options.error} action={t('common.retry')} onAction={deposit.retry} />;
  }

  return (
    <>
      <header className="tk-deposit__head" part="header">
        <h2 className="tk-deposit__heading">{t('deposit.title')}</h2>
      </header>
      {tabs.length > 1 ? (
        <Tabs
          items={tabs.map((id) => ({ id, label: t(`user.${id}`) }))}
          value={form.tab}
          onChange={(tab) => deposit.setForm((f) => switchTab(f, tab, firstCoin))}
          label={t('deposit.title')}
          idPrefix="tk-deposit"
          panelId="tk-deposit-panel"
        />
      ) : null}
      <div
        id="tk-deposit-panel"
        className="tk-deposit__panel"
        part="panel"
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={tabs.length > 1 ? `tk-deposit-tab-${form.tab}` : undefined}
        data-tab={form.tab}
      >
        <DepositPanel t={t} emit={emit} deposit={deposit} />
      </div>
    </>
  );
}

/**
 * The deposit page of spec §2/§4: tabs of the brand's deposit types; crypto in two steps (coin/network with
 * address, QR and copy; then amount, proof image and agreement), bank/wire with the brand's accounts or the
 * fixed USD currency; the form is kept while the user reads the agreement.
 */
export function Deposit(props: DepositProps) {
  return (
    <WidgetRoot name="deposit" css={css} theme={props.theme}>
      <ToastProvider>
        <div className="tk-deposit" part="base">
          <DepositBody {...props} />
        </div>
      </ToastProvider>
    </WidgetRoot>
  );
}
