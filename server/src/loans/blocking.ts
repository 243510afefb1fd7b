/** The loans module's rule of placement: no new real order or option while a loan is overdue (1151). */
import { Code } from '../../../src/core/contract/codes';
import type { AccountActionRule, BlockingRule } from '../trading';

/** SQL over the account row `a`: one probe of the partial unique index on open loans. */
const OVERDUE_SQL = `exists (select 1 from loans l where l.user_id = a.user_id and l.status = 4)`;

/**
 * 1151 on the real account while the user's loan is overdue (decisions LN6): the loan's money is the house's
 * until it is repaid, so it is not put at risk in new positions; closing, cancelling and demo trading stay
 * allowed. The rule reads the stored status, which the sweep and every loan call set (`markOverdue`).
 */
export const loanOverdueRule: BlockingRule = {
  name: 'loan-overdue',
  code: Code.LOAN_OVERDUE,
  appliesTo: { market: true, option: true, real: true, demo: false },
  async check(tx, { trader }) {
    const { rows } = await tx.query('select 1 from loans where user_id = $1 and status = 4 limit 1', [
      trader.userId,
    ]);
    return rows.length > 0;
  },
  inline: OVERDUE_SQL,
};

/**
 * 1151 on a withdrawal while the user's loan is overdue (LN11): the house's money is not paid out before it
 * is repaid. Deposits stay open (they are how a borrower repays).
 */
export const loanOverdueWithdrawalRule: AccountActionRule = {
  name: 'loan-overdue',
  code: Code.LOAN_OVERDUE,
  actions: ['withdrawal'],
  async check(q, _action, { userId }) {
    const { rows } = await q.query('select 1 from loans where user_id = $1 and status = 4 limit 1', [userId]);
    return rows.length > 0;
  },
};
