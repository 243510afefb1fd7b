/** The withdrawals module's rule of placement: no real order or option while a withdrawal waits (406). */
import { Code } from '../../../src/core/contract/codes';
import type { BlockingRule } from '../trading';
import { hasWaitingWithdrawal } from './repo';

/** SQL over the account row `a`: one probe of the partial unique index on waiting withdrawals. */
const WAITING_SQL = `exists (select 1 from cash_tickets w
    where w.user_id = a.user_id and w.action_type = 1 and w.state = 'waiting')`;

/**
 * 406 on the real account while a withdrawal of the user waits for review (spec §6); demo placements, closes
 * and cancels stay allowed. The submit takes the account lock before its own 1070 check, so of a withdrawal
 * and a placement sent together exactly one succeeds.
 */
export const withdrawalPendingRule: BlockingRule = {
  name: 'withdrawal-pending',
  code: Code.UNVERIFIED_WITHDRAWALS,
  appliesTo: { market: true, option: true, real: true, demo: false },
  check: (tx, { trader }) => hasWaitingWithdrawal(tx, trader.userId),
  inline: WAITING_SQL,
};
