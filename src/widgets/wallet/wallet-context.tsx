import { createContext, useContext } from 'react';
import type { SystemConfigResponse } from '../../core/contract';
import type { Platform } from '../../core/runtime/types';
import type { Session } from '../../core/session/session-types';
import type { Translate } from '../_shared/use-t';
import type { WalletTarget } from './wallet.logic';

/** What every view of <tk-wallet> reads. */
export interface WalletContextValue {
  t: Translate;
  platform: Platform;
  session: Session;
  systemConfig: SystemConfigResponse | null;
  timezone: string | undefined;
  /** The page's `actions` (null: every cashier page is offered). */
  offered: readonly string[] | null;
  /** Ask for a host page (`tk-navigate`); a view of this widget switches in place when nobody routes. */
  go: (target: WalletTarget, query?: string) => void;
}

export const WalletContext = createContext<WalletContextValue | null>(null);

/** The wallet's shared values (inside <Wallet>). */
export function useWallet(): WalletContextValue {
  const value = useContext(WalletContext);
  if (!value) throw new Error('useWallet outside <Wallet>');
  return value;
}
