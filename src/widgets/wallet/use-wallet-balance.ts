import { useCallback, useEffect, useRef, useState } from 'react';
import { CryptoBalance, WALLET_BALANCE_POLL_MS, type WalletBalance } from '../../core/contract/wallets';
import type { Platform } from '../../core/runtime/types';

/** The wallet balances, read once and then every 8 s while `polling` and the page is visible (spec §7, §9). */
export function useWalletBalance(
  platform: Platform,
  polling: boolean,
): { balance: WalletBalance | null; error: string | null; refresh: () => Promise<void> } {
  const [balance, setBalance] = useState<WalletBalance | null>(null);
  const [error, setError] = useState<string | null>(null);
  const alive = useRef(true);
  const refresh = useCallback(async () => {
    const result = await platform.api.call(CryptoBalance, {}, { silent: true });
    if (!alive.current) return;
    if (result.ok) {
      setBalance(result.data);
      setError(null);
    } else setError(result.message);
  }, [platform]);

  useEffect(() => {
    alive.current = true;
    void refresh();
    return () => {
      alive.current = false;
    };
  }, [refresh]);

  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => {
      // A hidden page does not poll (spec: "while the my_wallet tab is visible").
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      void refresh();
    }, WALLET_BALANCE_POLL_MS);
    return () => clearInterval(timer);
  }, [polling, refresh]);
  return { balance, error, refresh };
}
