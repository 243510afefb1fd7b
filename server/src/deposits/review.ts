/**
 * The review of deposits, as a service the admin API and the back office call: the back office's review
 * (`backoffice/review.ts`) decides each ticket once (1039 unknown, 1041 no longer waiting) with its audit entry
 * and notification; this queue supplies the credit of an approval with its 729001 notice (AN1) and the 629006
 * notice of a rejection.
 */
import { Code } from '../../../src/core/contract/codes';
import { AlarmType, CODE_TEXT_ACTION, MoneyAlarmType } from '../../../src/core/contract/notifications';
import { createReviewer, type ReviewQueue } from '../backoffice';
import type { AdminAudit } from '../http/admin-audit';
import type { NotificationService } from '../notifications';
import { creditApprovedDeposit, creditOf } from './credit';
import { decideDeposit, findDeposit, type DepositRow } from './repo';

/** Approve and reject, in the admin call's audited transaction (its writer knows who acts). */
export interface DepositReview {
  /** Credits a waiting deposit once and notifies the user (729001); 1039 unknown id, 1041 already decided. */
  approve(id: string, audit: AdminAudit): Promise<DepositRow>;
  /** Refuses a waiting deposit with a reason and notifies the user (629006); 1039, 1041 as approve. */
  reject(id: string, reason: string, audit: AdminAudit): Promise<DepositRow>;
}

/** An audit snapshot of a ticket: state and money, never the proof or personal data. */
function snapshot(row: DepositRow) {
  return {
    uid: row.uid,
    userUid: row.userUid,
    method: row.method,
    currency: row.currency,
    amount: row.amount,
    usdAmount: row.usdAmount,
    state: row.state,
    reason: row.reason,
  };
}

/**
 * The deposit queue: approve credits the ticket's money and tells the user what arrived where (729001, AN1);
 * reject notifies the user (629006). Both notices commit with the decision.
 */
function depositQueue(walletTypeOf: (brandId: string) => 0 | 1): ReviewQueue<DepositRow> {
  return {
    kind: 'deposit',
    codes: { notFound: Code.TICKET_NOT_FOUND, decided: Code.DEPOSIT_TICKET_STATE_IS_NOT_CORRECT },
    lock: (tx, id) => findDeposit(tx, id, true),
    waiting: (row) => row.state === 'waiting',
    mark: (tx, id, approve, reason, actor) =>
      decideDeposit(tx, id, approve ? 'success' : 'fail', actor, reason),
    async effect(tx, approve, row) {
      if (approve) await creditApprovedDeposit(tx, row, walletTypeOf(row.brandId));
    },
    notice: (approve, row, reason) =>
      approve
        ? creditedNotice(row, walletTypeOf(row.brandId))
        : {
            userId: row.userId,
            alarmType: AlarmType.depositRejected,
            actionType: CODE_TEXT_ACTION,
            remark: reason,
            paymentPrice: row.amount,
          },
    read: async (tx, id) => (await findDeposit(tx, id)) as DepositRow,
    snapshot,
  };
}

function creditedNotice(row: DepositRow, walletType: 0 | 1) {
  const { amount, unit } = creditOf(row, walletType);
  return {
    userId: row.userId,
    alarmType: MoneyAlarmType.depositCredited,
    actionType: CODE_TEXT_ACTION,
    paymentPrice: amount,
    paymentUnit: unit,
  };
}

/** The review service over the notification service and the brands' wallet types. */
export function createDepositReview(
  notifications: NotificationService,
  walletTypeOf: (brandId: string) => 0 | 1,
): DepositReview {
  const reviewer = createReviewer(notifications);
  const queue = depositQueue(walletTypeOf);
  return {
    approve: (id, audit) => reviewer.decide(queue, id, { approve: true }, audit),
    reject: (id, reason, audit) => reviewer.decide(queue, id, { approve: false, reason }, audit),
  };
}
