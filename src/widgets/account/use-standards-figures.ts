import { useEffect, useState } from 'react';
import { CoinList } from '../../core/contract/coins';
import { productList } from '../../core/contract/market';
import { WithdrawCalculate } from '../../core/contract/withdrawals';
import type { Decimal } from '../../core/domain/decimal';
import {
  commonTradingFee,
  withdrawalFeeOf,
  withdrawalRange,
  type WithdrawalFee,
  type WithdrawalRange,
} from '../../core/domain/standards';
import { useAccount } from './account-context';

/** The currency whose withdrawal the standards describe (spec §9: one withdrawal of 100 – 10,000,000 USDT). */
export const STANDARDS_CURRENCY = 'USDT';

/** The platform's own figures of the standards page; each null while loading or when the platform has none. */
export interface StandardsFigures {
  loading: boolean;
  tradingFee: Decimal | null;
  withdrawal: WithdrawalRange | null;
  withdrawalFee: WithdrawalFee | null;
}

/**
 * Loads the figures the standards page states: the products' trading fee, the USDT withdrawal limits and the
 * fee the withdraw quote charges for the smallest withdrawal. A failed call leaves its figure out.
 */
export function useStandardsFigures(): StandardsFigures {
  const { platform, state } = useAccount();
  const [figures, setFigures] = useState<StandardsFigures>({
    loading: true,
    tradingFee: null,
    withdrawal: null,
    withdrawalFee: null,
  });
  const account = `${state.uid}|${state.virtual}`;
  useEffect(() => {
    let live = true;
    const silent = { silent: true } as const;
    const load = async (): Promise<StandardsFigures> => {
      const [products, coins] = await Promise.all([
        platform.api.call(productList, {}, silent),
        platform.api.call(CoinList, {}, silent),
      ]);
      const tradingFee = products.ok ? commonTradingFee(products.data) : null;
      const withdrawal = coins.ok ? withdrawalRange(coins.data.dtoList, STANDARDS_CURRENCY) : null;
      let withdrawalFee: WithdrawalFee | null = null;
      if (withdrawal) {
        const input = { currencyId: withdrawal.coinId, num: withdrawal.min };
        const quote = await platform.api.call(WithdrawCalculate, input, silent);
        if (quote.ok) withdrawalFee = withdrawalFeeOf(quote.data);
      }
      return { loading: false, tradingFee, withdrawal, withdrawalFee };
    };
    void load().then((next) => live && setFigures(next));
    return () => {
      live = false;
    };
  }, [platform, account]);
  return figures;
}
