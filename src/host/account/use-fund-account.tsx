/**
 * What the host offers a real account that cannot cover an order (issue #11 item 7): the forms show the
 * actions named in `fund-actions` and report the choice (`tk-fund-account`); the host acts. Today that is
 * the demo switch, when the brand enables demo trading; a deposit action joins once the cashier exists.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { isConfigOn } from '../../widgets/account';
import type { FundAccountDetail } from '../../widgets/_shared/events';
import { useAtomValue } from '../../widgets/_shared/store-react';
import { useHostSession } from '../session/use-host-session';
import { SwitchAccountDialog } from './switch-dialog';

/** The forms' `fundActions` and `onFundAccount`, and the dialog the host shows for them. */
export interface FundAccount {
  fundActions: string | undefined;
  onFundAccount: (detail: FundAccountDetail) => void;
  dialog: ReactNode;
}

/** The fund actions of the signed-in real account on this brand. */
export function useFundAccount(): FundAccount {
  const { platform, state } = useHostSession();
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  const [confirming, setConfirming] = useState(false);
  const demo =
    state.status === 'signedIn' && !state.virtual && isConfigOn(systemConfig, 'VIRTUAL_CURRENCY_TRADE');
  const onFundAccount = useCallback(
    ({ action }: FundAccountDetail) => {
      if (action === 'demo' && demo) setConfirming(true);
    },
    [demo],
  );
  return {
    fundActions: demo ? 'demo' : undefined,
    onFundAccount,
    dialog: confirming ? <SwitchAccountDialog toDemo onClose={() => setConfirming(false)} /> : null,
  };
}
