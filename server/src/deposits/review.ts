/**
 * The review of deposits, as a service the admin API and the back office call. Each decision is one
 * transaction: the ticket row is locked, a ticket that is no longer waiting answers 1041 (so of two operators
 * approving at once exactly one credits), the money and the audit entry commit with the state change, and a
 * rejection's notification is pushed after COMMIT.
 */
import { Code } from '../../../src/core/contract/codes';
import { AlarmType, CODE_TEXT_ACTION } from '../../../src/core/contract/notifications';
import { recordAudit } from '../cashier';
import type { Db } from '../db/types';
import { BusinessError } from '../http/envelope';
import type { NotificationService, Notified } from '../notifications';
import { creditApprovedDeposit } from './credit';
import { decideDeposit, findDeposit, type DepositRow } from './repo';

/** Approve and reject, for any caller that knows who acts (`actor` as in the audit log). */
export interface DepositReview {
  /** Credits a waiting deposit once; 1039 unknown id, 1041 already decided. */
  approve(id: string, actor: string): Promise<DepositRow>;
  /** Refuses a waiting deposit with a reason and notifies the user (629006); 1039, 1041 as approve. */
  reject(id: string, reason: string, actor: string): Promise<DepositRow>;
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

/** The review service over the database, the notification service and the brands' wallet types. */
export function createDepositReview(
  db: Db,
  notifications: NotificationService,
  walletTypeOf: (brandId: string) => 0 | 1,
): DepositReview {
  async function decide(
    id: string,
    actor: string,
    state: 'success' | 'fail',
    reason: string,
  ): Promise<DepositRow> {
    let notified: Notified | null = null;
    const decided = await db.transaction(async (tx) => {
      const before = await findDeposit(tx, id, true);
      if (!before) throw new BusinessError(Code.TICKET_NOT_FOUND);
      if (before.state !== 'waiting' || !(await decideDeposit(tx, id, state, actor, reason))) {
        throw new BusinessError(Code.DEPOSIT_TICKET_STATE_IS_NOT_CORRECT);
      }
      if (state === 'success') {
        await creditApprovedDeposit(tx, before, walletTypeOf(before.brandId));
      } else {
        notified = await notifications.notify(tx, {
          userId: before.userId,
          alarmType: AlarmType.depositRejected,
          actionType: CODE_TEXT_ACTION,
          remark: reason,
          paymentPrice: before.amount,
        });
      }
      const after = (await findDeposit(tx, id)) as DepositRow;
      await recordAudit(tx, {
        actor,
        action: state === 'success' ? 'deposit.approve' : 'deposit.reject',
        objectKind: 'deposit',
        objectId: id,
        before: snapshot(before),
        after: snapshot(after),
        reason,
      });
      return after;
    });
    await (notified as Notified | null)?.publish();
    return decided;
  }

  return {
    approve: (id, actor) => decide(id, actor, 'success', ''),
    reject: (id, reason, actor) => decide(id, actor, 'fail', reason),
  };
}
