/**
 * What the host offers a real account that cannot cover an order (issue #11 item 7): the forms show the
 * actions named in `fund-actions` and report the choice (`tk-fund-account`); the host acts: the deposit page
 * (when this build ships it and the brand has not disabled deposits) and the demo switch (when the brand
 * enables demo trading).
 */
import { useCallback, useState, type ReactNode } from 'react';
import { isConfigOn } from '../../widgets/account';
import type { FundAccountDetail } from '../../widgets/_shared/events';
import { useAtomValue } from '../../widgets/_shared/store-react';
import { navigate } from '../routing/history';
import { isBuilt, pathOf } from '../routing/routes';
import { useHostSession } from '../session/use-host-session';
import { SwitchAccountDialog } from './switch-dialog';

/** The forms' `fundActions` and `onFundAccount`, and the dialog the host shows for them. */
export interface FundAccount {
  fundActions: string | undefined;
  onFundAccount: (detail: FundAccountDetail) => void;
  dialog: ReactNode;
}

/** The fund actions of the signed-in real account on this brand. */
export function useFundAccount(built: (name: string) => boolean = isBuilt): FundAccount {
  const { platform, state } = useHostSession();
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  const [confirming, setConfirming] = useState(false);
  const real = state.status === 'signedIn' && !state.virtual;
  const demo = real && isConfigOn(systemConfig, 'VIRTUAL_CURRENCY_TRADE');
  const deposit = real && built('deposit') && !isConfigOn(systemConfig, 'disableDeposit');
  const onFundAccount = useCallback(
    ({ action }: FundAccountDetail) => {
      if (action === 'demo' && demo) setConfirming(true);
      if (action === 'deposit' && deposit) navigate(pathOf('deposit'));
    },
    [demo, deposit],
  );
  const actions = [deposit && 'deposit', demo && 'demo'].filter(Boolean).join(' ');
  return {
    fundActions: actions || undefined,
    onFundAccount,
    dialog: confirming ? <SwitchAccountDialog toDemo onClose={() => setConfirming(false)} /> : null,
  };
}
