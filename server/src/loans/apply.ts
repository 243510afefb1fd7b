/**
 * The user's side of loans: who may ask, the application (one at a time, reserved before anything is
 * checked) and the repayment (held from the real balance until an operator decides it).
 */
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { LoanStatus } from '../../../src/core/contract/loans';
import { negate, normalize } from '../../../src/core/domain/decimal';
import { loanAmountProblem, repaymentProblem, type LoanAmountProblem } from '../../../src/core/domain/loan';
import { brandFlag } from '../accounts';
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import type { BeforeCommit } from '../http/idempotency';
import { findUserAccount, houseAccount, postTransaction } from '../ledger';
import { LedgerKind, newUid, REPAY_PENDING_HOUSE, repaymentRef } from './ids';
import {
  findGuarantor,
  findLoan,
  findRepayment,
  markOverdue,
  openLoan,
  type LoanRow,
  type RepaymentRow,
} from './repo';

/** Who is asking: the session's user, brand and mode. */
export interface Caller {
  userId: string;
  brandId: string;
  virtual: boolean;
}

/** Throws the catalogue code. */
export const fail = (code: number, message?: string): never => {
  throw new BusinessError(code, message);
};

/** Loans are real money of brands that offer them: 23523 on the demo account or with the brand's flag off. */
export function assertOffered(app: FastifyInstance, caller: Caller): void {
  if (caller.virtual || !brandFlag(app, caller.brandId, 'user/loan')) fail(Code.ILLEGAL_STATUS);
}

/** The code of an amount the rules refuse: 1001 not a number, 1065 finer than a cent, else 1036. */
function amountCode(problem: LoanAmountProblem): number {
  if (problem === 'format') return Code.INCORRECT_PARAMETER;
  return problem === 'decimals' ? Code.INCORRECT_DECIMALS : Code.NOT_CORRECT_AMOUNT;
}

/** The refusal of a new application while `open` waits (1149), runs (1150) or is overdue (1151). */
export function openLoanCode(open: LoanRow): number {
  if (open.status === LoanStatus.waiting) return Code.LOAN_APPLICATION_IN_PROGRESS;
  return open.status === LoanStatus.overdue ? Code.LOAN_OVERDUE : Code.LOAN_IN_PROGRESS;
}

/** What an application carries. */
export interface Application {
  amount: string;
  days: number;
  guarantor: string;
  remark: string;
}

/**
 * Files an application. The insert is the reservation: the partial unique index lets one open loan per user
 * exist, so of parallel applications one inserts and the others wait for it and then insert nothing (read as
 * 1149/1150/1151). Only then is the guarantor checked, inside the same transaction. `beforeCommit` runs in
 * it with the new loan (the route stores its answer there, IK1).
 */
export async function applyForLoan(
  app: FastifyInstance,
  caller: Caller,
  input: Application,
  beforeCommit: BeforeCommit<LoanRow>,
): Promise<LoanRow> {
  assertOffered(app, caller);
  const amount = String(input.amount);
  const problem = loanAmountProblem(amount);
  if (problem) fail(amountCode(problem));
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    await markOverdue(tx, now, caller.userId);
    const { rows } = await tx.query<{ id: string }>(
      `insert into loans (uid, user_id, guarantor_id, amount, days, amount_owed, remark, created_ms)
       select $1, $2, g.id, $3, $4, 0, $5, $6 from users g where g.uid = $7 and g.brand_id = $8 and g.id <> $2
       on conflict (user_id) where status in (0, 1, 4) do nothing
       returning id::text`,
      [
        newUid('L', now),
        caller.userId,
        normalize(amount),
        input.days,
        input.remark,
        now,
        input.guarantor,
        caller.brandId,
      ],
    );
    const inserted = rows[0];
    if (!inserted) {
      const open = await openLoan(tx, caller.userId);
      if (open) fail(openLoanCode(open));
    }
    const guarantor = await findGuarantor(tx, caller.brandId, input.guarantor);
    // An unknown UID, one of another brand and the applicant's own all name no one who can vouch.
    if (!guarantor || guarantor.id === caller.userId || !inserted) return fail(Code.USER_NOT_FOUND);
    if (guarantor.blocked) fail(Code.USER_BLOCKED);
    const loan = (await findLoan(tx, inserted.id)) as LoanRow;
    await beforeCommit(tx, loan);
    return loan;
  });
}

/** The caller's loan by id; another user's answers 1008 exactly like a missing one. */
export async function ownLoan(q: Queryable, caller: Caller, loanId: string, lock = false): Promise<LoanRow> {
  const loan = await findLoan(q, loanId, lock);
  if (!loan || loan.user_id !== caller.userId) return fail(Code.DATA_NOT_FOUND);
  return loan;
}

/**
 * Submits a repayment of an active or overdue loan; the amount leaves the real balance into the pending account.
 * `beforeCommit` runs in the transaction with the new repayment (the route stores its answer there, IK1).
 */
export async function submitRepayment(
  app: FastifyInstance,
  caller: Caller,
  input: { loanId: string; amount: string },
  beforeCommit: BeforeCommit<RepaymentRow>,
): Promise<RepaymentRow> {
  assertOffered(app, caller);
  const amount = String(input.amount);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    await markOverdue(tx, now, caller.userId);
    // The loan's row lock orders this against its approvals and the overdue sweep.
    const loan = await ownLoan(tx, caller, input.loanId, true);
    if (loan.status !== LoanStatus.active && loan.status !== LoanStatus.overdue)
      fail(Code.INVALID_OPERATION_STATUS);
    const problem = repaymentProblem(amount, loan.amount_owed);
    if (problem) fail(amountCode(problem));
    const value = normalize(amount);
    const { rows } = await tx.query<{ id: string; uid: string }>(
      `insert into loan_repayments (uid, loan_id, user_id, amount, amount_owed, created_ms)
       values ($1, $2, $3, $4, $5::numeric - $4::numeric, $6)
       on conflict (loan_id) where status = 0 do nothing
       returning id::text, uid`,
      [newUid('R', now), loan.id, caller.userId, value, loan.amount_owed, now],
    );
    // The loan's latest repayment still waits for its review.
    const row = rows[0] ?? fail(Code.ORDER_PROCESSING);
    const account = (await findUserAccount(tx, caller.userId, 'real')) ?? fail(Code.INSUFFICIENT_BALANCE);
    const pending = await houseAccount(tx, REPAY_PENDING_HOUSE);
    await postTransaction(
      tx,
      {
        kind: LedgerKind.repayHold,
        ref: repaymentRef(row.uid),
        postings: [
          { accountId: account.id, bucket: 'balance', amount: negate(value) },
          { accountId: pending.id, bucket: 'balance', amount: value },
        ],
      },
      { balance: Code.INSUFFICIENT_BALANCE, lock: Code.INSUFFICIENT_BALANCE },
    );
    const repayment = (await findRepayment(tx, row.id)) as RepaymentRow;
    await beforeCommit(tx, repayment);
    return repayment;
  });
}
