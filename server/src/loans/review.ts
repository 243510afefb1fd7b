/**
 * The loans' two queues of the back-office review (`backoffice/review.ts`). A loan's approval pays its amount
 * from the loan house account to the real balance and starts its term on the server's clock; a rejection
 * tells the user why (629021). A repayment's approval moves the held amount to the loan house account and
 * lowers what the loan owes (repaid at 0); a rejection returns it to the real balance.
 */
import { Code } from '../../../src/core/contract/codes';
import { LoanStatus, RepaymentStatus } from '../../../src/core/contract/loans';
import { AlarmType, CODE_TEXT_ACTION } from '../../../src/core/contract/notifications';
import { negate } from '../../../src/core/domain/decimal';
import type { ReviewQueue } from '../backoffice';
import type { Clock } from '../clock';
import type { Queryable } from '../db/types';
import { getOrCreateAccount, houseAccount, postTransaction } from '../ledger';
import { DAY_MS, LedgerKind, LOAN_HOUSE, loanRef, REPAY_PENDING_HOUSE, repaymentRef } from './ids';
import { findLoan, findRepayment, type LoanRow, type RepaymentRow } from './repo';

const CODES = { notFound: Code.TICKET_NOT_FOUND, decided: Code.STATE_IS_NOT_CORRECT };

/** The loan applications' queue. */
export function loanQueue(clock: Clock): ReviewQueue<LoanRow> {
  return {
    kind: 'loan',
    codes: CODES,
    lock: (tx, id) => findLoan(tx, id, true),
    waiting: (row) => row.status === LoanStatus.waiting,
    async mark(tx, id, approve, reason, actor) {
      const now = clock.now();
      const { rows } = approve
        ? await tx.query(
            `update loans set status = 1, amount_owed = amount, approved_ms = $2,
                    repayment_ms = $2::bigint + days::bigint * $3::bigint, reviewed_at = now(), reviewed_by = $4
              where id = $1 and status = 0 returning id`,
            [id, now, DAY_MS, actor],
          )
        : await tx.query(
            `update loans set status = 2, reason = $2, reviewed_at = now(), reviewed_by = $3
              where id = $1 and status = 0 returning id`,
            [id, reason, actor],
          );
      return rows.length === 1;
    },
    async effect(tx, approve, row) {
      if (!approve) return;
      const account = await getOrCreateAccount(tx, row.user_id, 'real');
      const house = await houseAccount(tx, LOAN_HOUSE);
      await postTransaction(tx, {
        kind: LedgerKind.disburse,
        ref: loanRef(row.uid),
        postings: [
          { accountId: house.id, bucket: 'balance', amount: negate(row.amount) },
          { accountId: account.id, bucket: 'balance', amount: row.amount },
        ],
      });
    },
    notice: (approve, row, reason) =>
      approve
        ? null
        : {
            userId: row.user_id,
            alarmType: AlarmType.loanRejected,
            actionType: CODE_TEXT_ACTION,
            remark: reason,
            paymentPrice: row.amount,
          },
    read: async (tx, id) => (await findLoan(tx, id)) as LoanRow,
    snapshot: (row) => ({
      status: row.status,
      amount: row.amount,
      amountOwed: row.amount_owed,
      reason: row.reason,
    }),
  };
}

async function moveHeld(tx: Queryable, row: RepaymentRow, to: string, kind: string): Promise<void> {
  const pending = await houseAccount(tx, REPAY_PENDING_HOUSE);
  await postTransaction(tx, {
    kind,
    ref: repaymentRef(row.uid),
    postings: [
      { accountId: pending.id, bucket: 'balance', amount: negate(row.amount) },
      { accountId: to, bucket: 'balance', amount: row.amount },
    ],
  });
}

/** The repayments' queue. */
export function repaymentQueue(): ReviewQueue<RepaymentRow> {
  return {
    kind: 'loan_repayment',
    codes: CODES,
    async lock(tx, id) {
      // The loan's row first, as the submit takes it, so an approval and a submit never wait on each other in
      // a cycle (the submit's insert waits on the waiting repayment this approval holds).
      await tx.query(
        'select l.id from loans l join loan_repayments r on r.loan_id = l.id where r.id = $1 for update of l',
        [id],
      );
      return findRepayment(tx, id, true);
    },
    waiting: (row) => row.status === RepaymentStatus.waiting,
    async mark(tx, id, approve, reason, actor) {
      const { rows } = await tx.query(
        `update loan_repayments set status = $2, reason = $3, reviewed_at = now(), reviewed_by = $4
          where id = $1 and status = 0 returning id`,
        [id, approve ? RepaymentStatus.approved : RepaymentStatus.rejected, reason, actor],
      );
      return rows.length === 1;
    },
    async effect(tx, approve, row) {
      if (!approve) {
        const account = await getOrCreateAccount(tx, row.user_id, 'real');
        await moveHeld(tx, row, account.id, LedgerKind.repayRefund);
        return;
      }
      await moveHeld(tx, row, (await houseAccount(tx, LOAN_HOUSE)).id, LedgerKind.repay);
      // The submit checked the amount against what was owed, and no other repayment of the loan can have been
      // approved since (one waits at a time), so the owed amount cannot go below zero; repaid at zero.
      await tx.query(
        `update loans set amount_owed = amount_owed - $2::numeric,
                status = case when amount_owed - $2::numeric = 0 then 3 else status end
          where id = $1`,
        [row.loan_id, row.amount],
      );
    },
    notice: () => null,
    read: async (tx, id) => (await findRepayment(tx, id)) as RepaymentRow,
    snapshot: (row) => ({
      status: row.status,
      amount: row.amount,
      amountOwed: row.amount_owed,
      reason: row.reason,
    }),
  };
}
