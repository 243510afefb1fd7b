/**
 * The demo/real switch of the desktop top bar (spec §2: only when virtual-currency trading is enabled),
 * switching after a confirm warning (spec §4/§5) with a new token for the other account.
 */
import { useState } from 'react';
import { isConfigOn } from '../../widgets/account';
import { useAtomValue } from '../../widgets/_shared/store-react';
import { useT } from '../../widgets/_shared/use-t';
import { useHostSession } from '../session/use-host-session';
import { Dialog } from '../ui/dialog';
import { showNotice } from '../ui/notice';
import './user-block.css';

/** Real | Demo segmented switch for a signed-in user; hidden otherwise. */
export function AccountSwitch() {
  const t = useT();
  const { platform, session, state } = useHostSession();
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (state.status !== 'signedIn' || !isConfigOn(systemConfig, 'VIRTUAL_CURRENCY_TRADE')) return null;
  const toDemo = !state.virtual;

  const close = () => {
    setConfirming(false);
    setError(null);
  };
  const confirm = async () => {
    setBusy(true);
    const result = await session.switchAccount();
    setBusy(false);
    if (!result.ok) return setError(result.message);
    close();
    showNotice(toDemo ? 'account.switched_demo' : 'account.switched_real');
  };

  return (
    <>
      <div
        className="host-switch"
        role="radiogroup"
        aria-label={t('account.account_type')}
        data-testid="account-switch"
      >
        {([false, true] as const).map((virtual) => (
          <button
            key={String(virtual)}
            type="button"
            role="radio"
            aria-checked={state.virtual === virtual}
            className="host-switch__option"
            data-virtual={virtual || undefined}
            data-testid={virtual ? 'switch-demo' : 'switch-real'}
            onClick={() => state.virtual !== virtual && setConfirming(true)}
          >
            {t(virtual ? 'desktop.demo' : 'desktop.real')}
          </button>
        ))}
      </div>
      {confirming ? (
        <Dialog
          title={t(toDemo ? 'account.switch_to_demo' : 'account.switch_to_real')}
          onClose={close}
          testId="switch-dialog"
          actions={
            <>
              <button type="button" className="host-btn" data-autofocus onClick={close}>
                {t('common.cancel')}
              </button>
              <button
                type="button"
                className="host-btn host-btn--primary"
                disabled={busy}
                data-testid="switch-confirm"
                onClick={confirm}
              >
                {t('common.ok')}
              </button>
            </>
          }
        >
          <p className="host-dialog__message">
            {t(toDemo ? 'account.switch_to_demo_warning' : 'account.switch_to_real_warning')}
          </p>
          {error ? (
            <p className="host-user__error" role="alert">
              {error}
            </p>
          ) : null}
        </Dialog>
      ) : null}
    </>
  );
}
