/**
 * What the host offers a real account that cannot cover an order (issue #11 item 7): the forms show the
 * actions named in `fund-actions` and report the choice (`tk-fund-account`); the host acts: the deposit page
 * (when this build ships it and the brand has not disabled deposits) and the demo switch (when the brand
 * enables demo trading).
 */
import { useCallback, useState, type ReactNode } from 'react';
import { isConfigOn } from '../../core/config/system-config';
import type { SystemConfigResponse } from '../../core/contract';
import type { FundAccountDetail, FundAction } from '../../widgets/_shared/events';
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

/**
 * The fund actions a signed-in real account is offered: `deposit` when the build ships the deposit page and
 * the brand has not disabled deposits, `demo` when the brand has demo trading; none on the demo account.
 */
export function fundActionsOf(
  account: { signedIn: boolean; virtual: boolean },
  systemConfig: SystemConfigResponse | null,
  built: (name: string) => boolean = isBuilt,
): FundAction[] {
  if (!account.signedIn || account.virtual) return [];
  const actions: FundAction[] = [];
  if (built('deposit') && !isConfigOn(systemConfig, 'disableDeposit')) actions.push('deposit');
  if (isConfigOn(systemConfig, 'VIRTUAL_CURRENCY_TRADE')) actions.push('demo');
  return actions;
}

/** The fund actions of the signed-in real account on this brand. */
export function useFundAccount(): FundAccount {
  const { platform, state } = useHostSession();
  const systemConfig = useAtomValue(platform.atoms.systemConfig);
  const [confirming, setConfirming] = useState(false);
  const actions = fundActionsOf(
    { signedIn: state.status === 'signedIn', virtual: state.virtual },
    systemConfig,
  );
  const demo = actions.includes('demo');
  const deposit = actions.includes('deposit');
  const onFundAccount = useCallback(
    ({ action }: FundAccountDetail) => {
      if (action === 'demo' && demo) setConfirming(true);
      if (action === 'deposit' && deposit) navigate(pathOf('deposit'));
    },
    [demo, deposit],
  );
  return {
    fundActions: actions.length ? actions.join(' ') : undefined,
    onFundAccount,
    dialog: confirming ? <SwitchAccountDialog toDemo onClose={() => setConfirming(false)} /> : null,
  };
}
