/**
 * The demo/real switch of the desktop top bar (spec §2: only when virtual-currency trading is enabled),
 * switching after a confirm warning (spec §4/§5) with a new token for the other account.
 */
import { useState } from 'react';
import { isConfigOn } from '../../core/config/system-config';
import { useAtomValue } from '../../widgets/_shared/store-react';
import { useT } from '../../widgets/_shared/use-t';
import { useHostSession } from '../session/use-host-session';
import { SwitchAccountDialog } from './switch-dialog';
import '../ui/segmented.css';
import './user-block.css';

/** Real | Demo segmented switch for a signed-in user; hidden otherwise. */
export function AccountSwitch() {
  const t = useT();
  const { platform, state } = useHostSession();
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  const [confirming, setConfirming] = useState(false);
  if (state.status !== 'signedIn' || !isConfigOn(systemConfig, 'VIRTUAL_CURRENCY_TRADE')) return null;
  return (
    <>
      <div
        className="host-segmented host-switch"
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
            className="host-segmented__option host-switch__option"
            data-virtual={virtual || undefined}
            data-testid={virtual ? 'switch-demo' : 'switch-real'}
            onClick={() => state.virtual !== virtual && setConfirming(true)}
          >
            {t(virtual ? 'desktop.demo' : 'desktop.real')}
          </button>
        ))}
      </div>
      {confirming ? (
        <SwitchAccountDialog toDemo={!state.virtual} onClose={() => setConfirming(false)} />
      ) : null}
    </>
  );
}
