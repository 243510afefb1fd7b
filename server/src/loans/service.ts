/**
 * Loans as `app.loans`: the user's status check, application, repayments and repayment (`apply.ts`), the
 * operators' decisions (`review.ts` on the back office's review) and the overdue sweep.
 */
import type { FastifyInstance } from 'fastify';
import { createReviewer, type ReviewDecision } from '../backoffice';
import type { AdminAudit } from '../http/admin-audit';
import type { BeforeCommit } from '../http/idempotency';
import {
  applyForLoan,
  assertOffered,
  ownLoan,
  submitRepayment,
  type Application,
  type Caller,
} from './apply';
import { latestLoan, markOverdue, repaymentsOf, type LoanRow, type RepaymentRow } from './repo';
import type { OverdueTimer } from './overdue-timer';
import { loanQueue, repaymentQueue } from './review';

export type { Caller } from './apply';

/** The service over the app (database, clock, notifications). */
export function createLoanService(app: FastifyInstance, overdue: OverdueTimer) {
  const reviewer = createReviewer(app.notifications);
  const loans = loanQueue(app.clock);
  const repayments = repaymentQueue();

  return {
    /** `userLoan/checkUserLoan`: the newest loan of any status, or null; overdue as of now. */
    async latest(caller: Caller): Promise<LoanRow | null> {
      assertOffered(app, caller);
      await markOverdue(app.db, app.clock.now(), caller.userId);
      return latestLoan(app.db, caller.userId);
    },

    /** `userLoan/insert`; `beforeCommit` runs in the application's transaction (the route's answer, IK1). */
    apply: (caller: Caller, input: Application, beforeCommit: BeforeCommit<LoanRow>): Promise<LoanRow> =>
      applyForLoan(app, caller, input, beforeCommit),

    /** `userLoan/getRepayment`: the caller's loan's repayments, newest first (1008 for another's loan). */
    async repayments(caller: Caller, loanId: string): Promise<RepaymentRow[]> {
      assertOffered(app, caller);
      const loan = await ownLoan(app.db, caller, loanId);
      return repaymentsOf(app.db, loan.id);
    },

    /** `userLoan/insertRepayment`; `beforeCommit` runs in its transaction (the route's answer, IK1). */
    repay: (
      caller: Caller,
      input: { loanId: string; amount: string },
      beforeCommit: BeforeCommit<RepaymentRow>,
    ): Promise<RepaymentRow> => submitRepayment(app, caller, input, beforeCommit),

    /** Marks every loan past its date overdue; answers how many changed (the admin list's first step). */
    sweepOverdue: (): Promise<number> => markOverdue(app.db, app.clock.now()),

    /**
     * Decides a waiting application once (1039 unknown, 1038 decided), audited, 629021 on a rejection; an
     * approval sets the overdue timer again (the new loan's date may be the earliest).
     */
    async decideLoan(id: string, decision: ReviewDecision, audit: AdminAudit): Promise<LoanRow> {
      const loan = await reviewer.decide(loans, id, decision, audit);
      if (decision.approve) overdue.rearm();
      return loan;
    },

    /** Resolves once the overdue timer's sweep under way (if any) is done (tests move the clock, then wait here). */
    overdueSettled: (): Promise<void> => overdue.settled(),

    /** Decides a waiting repayment once (1039 unknown, 1038 decided), audited. */
    decideRepayment: (id: string, decision: ReviewDecision, audit: AdminAudit): Promise<RepaymentRow> =>
      reviewer.decide(repayments, id, decision, audit),
  };
}

export type LoanService = ReturnType<typeof createLoanService>;
