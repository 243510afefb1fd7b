/** What every view of <tk-account> shares: session, navigation, preferences and the page config. */
import { createContext, useContext } from 'react';
import type { RuntimeConfig, SystemConfigResponse } from '../../core/contract/types';
import type { Translate } from '../_shared/use-t';
import type { CashierAction } from './account.logic';
import type { PreferencesDetail } from './outputs';
import type { useSession } from './use-session';

/** A colour pair the theme drawer offers. */
export interface ColorSchemeOption {
  id: string;
  up: string;
  down: string;
}

/** The shared context of the views. */
export interface AccountContextValue extends ReturnType<typeof useSession> {
  t: Translate;
  config: RuntimeConfig;
  systemConfig: SystemConfigResponse | null;
  navigate: (to: string) => void;
  /** Whether sub-pages show a back button. */
  back: boolean;
  theme: 'light' | 'dark' | undefined;
  colorScheme: string | undefined;
  colorSchemes: readonly ColorSchemeOption[];
  /** The balance card's cashier buttons (the `cashier` attribute). */
  cashier: readonly CashierAction[];
  setPreference: (detail: PreferencesDetail) => void;
  emitLogout: () => void;
  emitSwitch: (virtual: boolean) => void;
}

const AccountContext = createContext<AccountContextValue | null>(null);

/** Provider of the views' context. */
export const AccountContextProvider = AccountContext.Provider;

/** The views' context (only under <Account>). */
export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('account views must be rendered inside <Account>');
  return value;
}
