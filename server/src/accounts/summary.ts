import type { AccountSummary } from '../../../src/core/contract/accounts';
import { add } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import { findUserAccount, toMoney } from '../ledger';
import type { AccountRow } from '../ledger';

/** The wire summary of an account; a never-opened account reads as zero (reads never open accounts). */
export function toSummary(account: Pick<AccountRow, 'balance' | 'lockMargin'> | null): AccountSummary {
  return {
    balanceAmount: toMoney(account?.balance ?? '0'),
    lockMargin: toMoney(account?.lockMargin ?? '0'),
  };
}

/** `totalBalance` (balance + locked margin) and `availableBalance` (balance) of a summary. */
export function balanceTotals(summary: AccountSummary): { totalBalance: string; availableBalance: string } {
  return {
    totalBalance: toMoney(add(summary.balanceAmount, summary.lockMargin)),
    availableBalance: summary.balanceAmount,
  };
}

/** The summary of the user's demo (`virtual`) or real account. */
export async function accountSummary(
  q: Queryable,
  userId: string,
  virtual: boolean,
): Promise<AccountSummary> {
  return toSummary(await findUserAccount(q, userId, virtual ? 'demo' : 'real'));
}
