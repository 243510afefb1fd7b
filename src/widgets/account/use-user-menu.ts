import { useState } from 'react';
import { useToast } from '../_shared/toast';
import { useAccount } from './account-context';
import { reportResult } from './balance-card';

/** The sheet the user menu has open, if any. */
export type MenuDrawer = 'language' | 'theme' | 'switch' | null;

/** The user menu's open sheet and the real/demo switch it confirms (spec §2 "switch account"). */
export function useUserMenu() {
  const ctx = useAccount();
  const { t, state, session } = ctx;
  const toast = useToast();
  const [drawer, setDrawer] = useState<MenuDrawer>(null);
  const [switching, setSwitching] = useState(false);

  const switchAccount = async () => {
    setSwitching(true);
    const target = !state.virtual;
    const result = await session.switchAccount();
    setSwitching(false);
    setDrawer(null);
    if (reportResult(result, toast, t(target ? 'account.switched_demo' : 'account.switched_real')))
      ctx.emitSwitch(target);
  };

  return { drawer, setDrawer, switching, switchAccount };
}
