/**
 * Withdrawals: the status check (`status.ts`), the fee quotes (`targets.ts`), the submit (`submit.ts`) and the
 * operators' review (`review.ts` on the back office's review), as `app.withdrawals`.
 */
import type { FastifyInstance } from 'fastify';
import type { WithdrawalDestination, WithdrawQuoteData } from '../../../src/core/contract/withdrawals';
import { createReviewer, type ReviewDecision } from '../backoffice';
import type { Queryable } from '../db/types';
import type { AdminAudit } from '../http/admin-audit';
import type { BeforeCommit } from '../http/idempotency';
import { findUserAccount } from '../ledger';
import type { TicketRow } from './repo';
import { withdrawalQueue } from './review';
import { fail, realOnly, statusProblem, type Caller } from './status';
import { pendingAccountFinder, submitWithdrawal, type SubmitInput } from './submit';
import { bankMeta, bankTarget, coinById, coinTarget, quoteData, quoteOf } from './targets';

export { LedgerKind, PENDING_HOUSE } from './ids';
export type { Caller } from './status';

/** The service over the app (database, cashier core, notifications). */
export function createWithdrawalService(app: FastifyInstance) {
  const db = app.db;
  const pendingAccount = pendingAccountFinder();
  const reviewer = createReviewer(app.notifications);
  const queue = withdrawalQueue(pendingAccount);

  async function balanceOf(q: Queryable, userId: string): Promise<string> {
    return (await findUserAccount(q, userId, 'real'))?.balance ?? '0';
  }

  return {
    statusProblem: (q: Queryable, caller: Caller) => statusProblem(q, caller, app.accounts.actionRules),

    /** `withdrawStatus`: the available balance, or the refusal. */
    async status(caller: Caller): Promise<{ balance: string }> {
      realOnly(caller);
      const problem = await statusProblem(db, caller, app.accounts.actionRules);
      if (problem !== null) fail(problem);
      return { balance: await balanceOf(db, caller.userId) };
    },

    async quoteCrypto(caller: Caller, coinId: number, num: string): Promise<WithdrawQuoteData> {
      const target = coinTarget(app, await coinById(app, coinId));
      return quoteData(target, quoteOf(target, num, await balanceOf(db, caller.userId)));
    },

    async quoteBank(caller: Caller, metaId: number, num: string): Promise<WithdrawQuoteData> {
      const target = bankTarget(await bankMeta(app, caller.brandId, metaId));
      return quoteData(target, quoteOf(target, num, await balanceOf(db, caller.userId)));
    },

    bankMeta: (brandId: string, id?: number) => bankMeta(app, brandId, id),

    /** Submits a withdrawal (`submit.ts`); answers the waiting ticket (`beforeCommit`: the route's answer, IK1). */
    submit: (caller: Caller, input: SubmitInput, beforeCommit: BeforeCommit<TicketRow>): Promise<TicketRow> =>
      submitWithdrawal(app, pendingAccount, caller, input, beforeCommit),

    /** The destination of a ticket as submitted (operators only). */
    destinationOf(row: TicketRow): WithdrawalDestination | null {
      if (!row.destination_sealed) return null;
      return JSON.parse(app.cashier.sealer.open(row.destination_sealed)) as WithdrawalDestination;
    },

    /**
     * Decides a waiting withdrawal once (1039 unknown, 1038 already decided): approve pays the pending USD
     * out of the platform; reject returns it to the user's real balance and notifies 629005, with the audit
     * entry in the admin call's audited transaction.
     */
    decide: (id: string, decision: ReviewDecision, audit: AdminAudit): Promise<TicketRow> =>
      reviewer.decide(queue, id, decision, audit),
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
