/**
 * The review of a back-office queue (deposits, withdrawals; identity, loans, support to come): every queue
 * decides an item the same way and supplies only what is its own (the money it moves, the notice it sends).
 * One transaction locks the item row, refuses an item no longer waiting with the queue's code (so of two
 * operators deciding at once exactly one acts), marks the decision with its reason, runs the queue's effect,
 * writes the user's notification and the audit entry; the notification is pushed after COMMIT.
 */
import type { Queryable } from '../db/types';
import type { AdminAudit } from '../http/admin-audit';
import { BusinessError } from '../http/envelope';
import type { NotificationService, Notified } from '../notifications';
import type { NewNotification } from '../notifications';

/** An operator's decision: approve, or reject with the reason the user is told. */
export type ReviewDecision = { approve: true } | { approve: false; reason: string };

/** What a queue supplies to the review. */
export interface ReviewQueue<Row> {
  /** The audit's object kind and action prefix (`deposit` → `deposit.approve`, `deposit.reject`). */
  kind: string;
  /** Catalogue codes: unknown item; item already decided. */
  codes: { notFound: number; decided: number };
  /** Reads the item and locks its row (`FOR UPDATE`) until the transaction ends; null when unknown. */
  lock(tx: Queryable, id: string): Promise<Row | null>;
  /** Whether the item still waits for a decision. */
  waiting(row: Row): boolean;
  /** Stores the decision (state, reason, who, when); false when the item was not waiting. */
  mark(tx: Queryable, id: string, approve: boolean, reason: string, actor: string): Promise<boolean>;
  /** The queue's own effect of the decision (credit, pay out, refund), in the same transaction. */
  effect(tx: Queryable, approve: boolean, row: Row): Promise<void>;
  /** The notification the decision sends the user, or null. */
  notice(approve: boolean, row: Row, reason: string): NewNotification | null;
  /** Reads the item again after the decision. */
  read(tx: Queryable, id: string): Promise<Row>;
  /** What the audit entry keeps of the item (state and money, never personal data or a destination). */
  snapshot(row: Row): unknown;
  /** What it keeps of the item before the decision (`snapshot` when absent). */
  snapshotBefore?(row: Row): unknown;
}

/** Decides items of any queue once, in the admin call's audited transaction, with the notification service. */
export interface Reviewer {
  decide<Row>(queue: ReviewQueue<Row>, id: string, decision: ReviewDecision, audit: AdminAudit): Promise<Row>;
}

/** The reviewer over the notifications; the admin call's audit writer opens the transaction. */
export function createReviewer(notifications: NotificationService): Reviewer {
  return {
    async decide(queue, id, decision, audit) {
      const reason = decision.approve ? '' : decision.reason;
      const actor = audit.actor;
      let notified: Notified | null = null;
      const decided = await audit.transaction(async (tx, record) => {
        const before = await queue.lock(tx, id);
        if (!before) throw new BusinessError(queue.codes.notFound);
        if (!queue.waiting(before) || !(await queue.mark(tx, id, decision.approve, reason, actor)))
          throw new BusinessError(queue.codes.decided);
        await queue.effect(tx, decision.approve, before);
        const notice = queue.notice(decision.approve, before, reason);
        if (notice) notified = await notifications.notify(tx, notice);
        const after = await queue.read(tx, id);
        await record({
          action: `${queue.kind}.${decision.approve ? 'approve' : 'reject'}`,
          objectKind: queue.kind,
          objectId: id,
          before: (queue.snapshotBefore ?? queue.snapshot)(before),
          after: queue.snapshot(after),
          reason,
        });
        return after;
      });
      await (notified as Notified | null)?.publish();
      return decided;
    },
  };
}
