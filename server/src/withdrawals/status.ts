/** The status check of a withdrawal (spec §4): who asks, and the first refusal that applies. */
import { Code } from '../../../src/core/contract/codes';
import { compare } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import type { AccountActionRules } from '../trading';
import {
  hasOpenPositions,
  hasWaitingWithdrawal,
  tradedVolume,
  withdrawalFrozen,
  withdrawalRules,
} from './repo';

/** Who is asking: the session's user, brand and mode. */
export interface Caller {
  userId: string;
  brandId: string;
  sessionId: string;
  virtual: boolean;
}

/** Throws the catalogue code (with an optional message). */
export const fail = (code: number, message?: string): never => {
  throw new BusinessError(code, message);
};

/**
 * The first refusal of the status check (1066 frozen, a registered action rule's code, 1067 a withdrawal already waits, 1070 open positions,
 * pending orders or running options, 23557 traded volume), or null. The submit calls it holding the account
 * lock, so a placement committed while it waited for the lock is counted.
 */
export async function statusProblem(
  q: Queryable,
  caller: Caller,
  actionRules: AccountActionRules,
): Promise<number | null> {
  if (await withdrawalFrozen(q, caller.userId)) return Code.ACCOUNT_ANOMALY;
  // Who may withdraw at all (identity level 1014, bound email 1156; issue #20) before what is in the way.
  const refused = await actionRules.refusal(q, 'withdrawal', caller);
  if (refused) return refused;
  if (await hasWaitingWithdrawal(q, caller.userId)) return Code.WITHDRAWAL_PENDING;
  const rules = await withdrawalRules(q, caller.brandId);
  if (rules.blockOpenPositions && (await hasOpenPositions(q, caller.userId))) return Code.OPEN_POSITIONS;
  if (rules.minTradedVolume !== null) {
    const volume = await tradedVolume(q, caller.userId);
    if (compare(volume, rules.minTradedVolume) < 0) return Code.TRADING_VOLUME_INSUFFICIENT;
  }
  return null;
}

/** Spec §6: the demo account offers no withdrawal. */
export function realOnly(caller: Caller): void {
  if (caller.virtual) fail(Code.INCORRECT_PARAMETER, 'withdrawals are not offered on the demo account');
}
