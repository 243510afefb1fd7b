/**
 * The withdrawal queue of the back-office review (`backoffice/review.ts`): approve pays the pending USD out
 * of the platform and tells the user what was paid (729002, AN1: the practical amount in the withdrawn
 * currency), reject returns it to the user's real balance and notifies 629005; the review decides each
 * ticket once (1039 unknown, 1038 no longer waiting), with the audit entry, in one transaction.
 */
import { Code } from '../../../src/core/contract/codes';
import { AlarmType, CODE_TEXT_ACTION, MoneyAlarmType } from '../../../src/core/contract/notifications';
import { negate } from '../../../src/core/domain/decimal';
import type { ReviewQueue } from '../backoffice';
import type { Queryable } from '../db/types';
import { findUserAccount, HouseAccount, houseAccount, postTransaction } from '../ledger';
import { LedgerKind, ledgerRef } from './ids';
import { findWithdrawal, WITHDRAW_ACTION, type TicketRow } from './repo';
import { fail } from './status';

/** The queue over the house account of pending withdrawals. */
export function withdrawalQueue(pendingAccount: (q: Queryable) => Promise<string>): ReviewQueue<TicketRow> {
  return {
    kind: 'withdrawal',
    codes: { notFound: Code.TICKET_NOT_FOUND, decided: Code.STATE_IS_NOT_CORRECT },
    lock: (tx, id) => findWithdrawal(tx, id, true),
    waiting: (row) => row.state === 'waiting',
    async mark(tx, id, approve, reason, actor) {
      const { rows } = await tx.query(
        `update cash_tickets set state = $2, reason = $3, reviewed_at = now(), reviewed_by = $4
          where id = $1 and action_type = $5 and state = 'waiting' returning id`,
        [id, approve ? 'success' : 'fail', reason, actor, WITHDRAW_ACTION],
      );
      return rows.length === 1;
    },
    async effect(tx, approve, row) {
      const pending = await pendingAccount(tx);
      const amount = row.usd_amount;
      const to = approve
        ? (await houseAccount(tx, HouseAccount.cashReal)).id
        : ((await findUserAccount(tx, row.user_id, 'real')) ?? fail(Code.WALLET_NOT_FOUND)).id;
      await postTransaction(tx, {
        kind: approve ? LedgerKind.payout : LedgerKind.refund,
        ref: ledgerRef(row.uid),
        postings: [
          { accountId: pending, bucket: 'balance', amount: negate(amount) },
          { accountId: to, bucket: 'balance', amount },
        ],
      });
    },
    notice: (approve, row, reason) =>
      approve
        ? {
            userId: row.user_id,
            alarmType: MoneyAlarmType.withdrawalPaid,
            actionType: CODE_TEXT_ACTION,
            paymentPrice: row.practical,
            paymentUnit: row.currency,
          }
        : {
            userId: row.user_id,
            alarmType: AlarmType.withdrawalRejected,
            actionType: CODE_TEXT_ACTION,
            remark: reason,
            paymentPrice: row.usd_amount,
          },
    read: async (tx, id) => (await findWithdrawal(tx, id)) as TicketRow,
    snapshot: (row) => ({ state: row.state, reason: row.reason, usdAmount: row.usd_amount }),
    snapshotBefore: (row) => ({ state: row.state, usdAmount: row.usd_amount }),
  };
}
