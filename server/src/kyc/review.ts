/**
 * The identity queue of the back-office review (`backoffice/review.ts`): approve raises the user's level and
 * keeps the approved name and id number on the user; reject tells the user why (629007 with the operator's
 * reason, written in the decision's transaction, pushed after COMMIT). The review decides each submission
 * once: 1008 unknown, 1014 no longer waiting (decided, or superseded by the user's resubmission).
 */
import { Code } from '../../../src/core/contract/codes';
import { AlarmType, CODE_TEXT_ACTION } from '../../../src/core/contract/notifications';
import { createReviewer, type ReviewDecision, type ReviewQueue } from '../backoffice';
import type { AdminAudit } from '../http/admin-audit';
import type { NotificationService } from '../notifications';
import {
  decideSubmission,
  findSubmission,
  recordIdentity,
  REVIEW_STATE_OF,
  SubmissionStatus,
  type SubmissionRow,
} from './repo';

/** What the audit keeps of a submission: level and state, never the name, number or images. */
const snapshot = (row: SubmissionRow) => ({
  level: row.level,
  userUid: row.userUid,
  state: REVIEW_STATE_OF[row.status],
  reason: row.reason,
});

/** The queue over the submissions. */
export const kycQueue: ReviewQueue<SubmissionRow> = {
  kind: 'kyc',
  codes: { notFound: Code.DATA_NOT_FOUND, decided: Code.WRONG_REAL_NAME_STATUS },
  lock: (tx, id) => findSubmission(tx, id, true),
  waiting: (row) => row.status === SubmissionStatus.waiting,
  mark: (tx, id, approve, reason, actor) => decideSubmission(tx, id, approve, reason, actor),
  async effect(tx, approve, row) {
    if (approve) await recordIdentity(tx, row.userId, row.realName, row.idCard);
  },
  notice: (approve, row, reason) =>
    approve
      ? null
      : {
          userId: row.userId,
          alarmType: AlarmType.kycRejected,
          actionType: CODE_TEXT_ACTION,
          remark: reason,
        },
  read: async (tx, id) => (await findSubmission(tx, id)) as SubmissionRow,
  snapshot,
};

/** Approve and reject in the admin call's audited transaction. */
export interface KycReview {
  decide(id: string, decision: ReviewDecision, audit: AdminAudit): Promise<SubmissionRow>;
}

export function createKycReview(notifications: NotificationService): KycReview {
  const reviewer = createReviewer(notifications);
  return { decide: (id, decision, audit) => reviewer.decide(kycQueue, id, decision, audit) };
}
