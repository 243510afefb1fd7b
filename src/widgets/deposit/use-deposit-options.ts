import { useEffect, useState } from 'react';
import { CoinList, type CoinOption } from '../../core/contract/coins';
import { DepositBanks, SelfWallets } from '../../core/contract/deposits';
import type { DepositBank } from '../../core/contract/deposits';
import type { Platform } from '../../core/runtime/types';

/** What the deposit form offers: coins (the platform's or, on walletType 1, the user's own) and banks. */
export interface DepositOptions {
  coins: CoinOption[];
  banks: DepositBank[];
  fixedUsd: boolean;
  loading: boolean;
  error: string | null;
}

const EMPTY: DepositOptions = { coins: [], banks: [], fixedUsd: false, loading: true, error: null };

/** Loads the coin list and the bank accounts once per signed-in user (and on `retry`). */
export function useDepositOptions(
  platform: Platform,
  uid: string | null,
  ownWallets: boolean,
  wantsBank: boolean,
  attempt: number,
): DepositOptions {
  const [options, setOptions] = useState<DepositOptions>(EMPTY);
  useEffect(() => {
    if (!uid) return;
    let live = true;
    setOptions(EMPTY);
    const coins = platform.api.call(ownWallets ? SelfWallets : CoinList, {}, { silent: true });
    const banks = wantsBank ? platform.api.call(DepositBanks, {}, { silent: true }) : null;
    void Promise.all([coins, banks]).then(([c, b]) => {
      if (!live) return;
      const failed = !c.ok ? c : b && !b.ok ? b : null;
      setOptions({
        coins: c.ok ? c.data.dtoList : [],
        banks: b?.ok ? b.data.dtoList : [],
        fixedUsd: b?.ok ? b.data.fixedUsd : false,
        loading: false,
        error: failed && !failed.ok ? failed.message : null,
      });
    });
    return () => {
      live = false;
    };
  }, [platform, uid, ownWallets, wantsBank, attempt]);
  return options;
}
