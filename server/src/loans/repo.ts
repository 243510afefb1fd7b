/** Loans and loan repayments in SQL, and the views the user and the operators get of them. */
import type { AdminLoan, AdminRepayment, Loan, Repayment } from '../../../src/core/contract/loans';
import { LoanStatus } from '../../../src/core/contract/loans';
import type { Queryable } from '../db/types';

/** A loan joined with its user's and guarantor's uids. */
export interface LoanRow {
  id: string;
  uid: string;
  user_id: string;
  user_uid: string;
  guarantor_uid: string;
  amount: string;
  days: number;
  amount_owed: string;
  status: 0 | 1 | 2 | 3 | 4;
  remark: string;
  reason: string;
  created_ms: string;
  repayment_ms: string | null;
  reviewed_ms: string | null;
  reviewed_by: string | null;
}

/** A repayment joined with its loan. */
export interface RepaymentRow {
  id: string;
  uid: string;
  loan_id: string;
  loan_uid: string;
  loan_amount: string;
  user_id: string;
  user_uid: string;
  amount: string;
  amount_owed: string;
  status: 0 | 1 | 2;
  reason: string;
  created_ms: string;
  reviewed_ms: string | null;
  reviewed_by: string | null;
}

const LOAN_SELECT = `
  select l.id::text, l.uid, l.user_id::text, u.uid as user_uid, g.uid as guarantor_uid, l.amount::text, l.days,
         l.amount_owed::text, l.status, l.remark, l.reason, l.created_ms::text, l.repayment_ms::text,
         (extract(epoch from l.reviewed_at) * 1000)::bigint::text as reviewed_ms, l.reviewed_by
    from loans l
    join users u on u.id = l.user_id
    join users g on g.id = l.guarantor_id`;

const REPAYMENT_SELECT = `
  select r.id::text, r.uid, r.loan_id::text, l.uid as loan_uid, l.amount::text as loan_amount,
         r.user_id::text, u.uid as user_uid, r.amount::text, r.amount_owed::text, r.status, r.reason,
         r.created_ms::text, (extract(epoch from r.reviewed_at) * 1000)::bigint::text as reviewed_ms,
         r.reviewed_by
    from loan_repayments r
    join loans l on l.id = r.loan_id
    join users u on u.id = r.user_id`;

/** Loan states by name (the operators' filter) and number. */
export const LOAN_STATES = ['waiting', 'active', 'rejected', 'repaid', 'overdue'] as const;
export type LoanState = (typeof LOAN_STATES)[number];
export const REPAYMENT_STATES = ['waiting', 'approved', 'rejected'] as const;
export type RepaymentState = (typeof REPAYMENT_STATES)[number];

const ms = (text: string | null) => (text === null ? null : Number(text));

/** The owner's view (spec §3 Loan): the remark is the operator's reason once rejected. */
export function toUserLoan(row: LoanRow): Loan {
  return {
    id: row.id,
    uid: row.uid,
    amount: row.amount,
    days: row.days,
    guarantor: row.guarantor_uid,
    repaymentDate: ms(row.repayment_ms),
    status: row.status,
    remark: row.status === LoanStatus.rejected ? row.reason : row.remark,
    amountOwed: row.amount_owed,
  };
}

export function toAdminLoan(row: LoanRow): AdminLoan {
  return {
    id: row.id,
    uid: row.uid,
    userUid: row.user_uid,
    guarantorUid: row.guarantor_uid,
    amount: row.amount,
    days: row.days,
    amountOwed: row.amount_owed,
    state: LOAN_STATES[row.status],
    remark: row.remark,
    reason: row.reason,
    createdAt: Number(row.created_ms),
    repaymentDate: ms(row.repayment_ms),
    reviewedAt: ms(row.reviewed_ms),
    reviewedBy: row.reviewed_by,
  };
}

export function toUserRepayment(row: RepaymentRow): Repayment {
  return {
    id: row.id,
    createTime: Number(row.created_ms),
    amount: row.amount,
    amountOwed: row.amount_owed,
    status: row.status,
    remark: row.reason,
  };
}

export function toAdminRepayment(row: RepaymentRow): AdminRepayment {
  return {
    id: row.id,
    uid: row.uid,
    loanId: row.loan_id,
    loanUid: row.loan_uid,
    userUid: row.user_uid,
    amount: row.amount,
    amountOwed: row.amount_owed,
    loanAmount: row.loan_amount,
    state: REPAYMENT_STATES[row.status],
    reason: row.reason,
    createdAt: Number(row.created_ms),
    reviewedAt: ms(row.reviewed_ms),
    reviewedBy: row.reviewed_by,
  };
}

/**
 * Marks active loans past their repayment date overdue (status 4) at `now` (the server's clock): of one user,
 * or of everyone. The status is stored, not computed per read, so the placement rule reads one flag.
 */
export async function markOverdue(q: Queryable, now: number, userId?: string): Promise<number> {
  const { rows } = await q.query(
    `update loans set status = 4 where status = 1 and repayment_ms <= $1 and ($2::bigint is null or user_id = $2)
     returning id`,
    [now, userId ?? null],
  );
  return rows.length;
}

/** One loan by id (`lock`: its row until the transaction ends), or null. */
export async function findLoan(q: Queryable, id: string, lock = false): Promise<LoanRow | null> {
  const { rows } = await q.query<LoanRow>(`${LOAN_SELECT} where l.id = $1${lock ? ' for update of l' : ''}`, [
    id,
  ]);
  return rows[0] ?? null;
}

/** The user's newest loan of any status, or null. */
export async function latestLoan(q: Queryable, userId: string): Promise<LoanRow | null> {
  const { rows } = await q.query<LoanRow>(`${LOAN_SELECT} where l.user_id = $1 order by l.id desc limit 1`, [
    userId,
  ]);
  return rows[0] ?? null;
}

/** The user's loan that is waiting, active or overdue (at most one, by the partial unique index), or null. */
export async function openLoan(q: Queryable, userId: string): Promise<LoanRow | null> {
  const { rows } = await q.query<LoanRow>(`${LOAN_SELECT} where l.user_id = $1 and l.status in (0, 1, 4)`, [
    userId,
  ]);
  return rows[0] ?? null;
}

/** A page of loans in `state`, oldest first. */
export async function listLoans(
  q: Queryable,
  state: LoanState,
  page: number,
  limit: number,
): Promise<{ list: LoanRow[]; total: number }> {
  const status = LOAN_STATES.indexOf(state);
  const { rows } = await q.query<LoanRow>(
    `${LOAN_SELECT} where l.status = $1 order by l.id limit $2 offset $3`,
    [status, limit, (page - 1) * limit],
  );
  const count = await q.query<{ n: string }>('select count(*)::text as n from loans where status = $1', [
    status,
  ]);
  return { list: rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** One repayment by id (`lock`: its row until the transaction ends), or null. */
export async function findRepayment(q: Queryable, id: string, lock = false): Promise<RepaymentRow | null> {
  const { rows } = await q.query<RepaymentRow>(
    `${REPAYMENT_SELECT} where r.id = $1${lock ? ' for update of r' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** A loan's repayments, newest first. */
export async function repaymentsOf(q: Queryable, loanId: string): Promise<RepaymentRow[]> {
  const { rows } = await q.query<RepaymentRow>(
    `${REPAYMENT_SELECT} where r.loan_id = $1 order by r.id desc`,
    [loanId],
  );
  return rows;
}

/** A page of repayments in `state`, oldest first. */
export async function listRepayments(
  q: Queryable,
  state: RepaymentState,
  page: number,
  limit: number,
): Promise<{ list: RepaymentRow[]; total: number }> {
  const status = REPAYMENT_STATES.indexOf(state);
  const { rows } = await q.query<RepaymentRow>(
    `${REPAYMENT_SELECT} where r.status = $1 order by r.id limit $2 offset $3`,
    [status, limit, (page - 1) * limit],
  );
  const count = await q.query<{ n: string }>(
    'select count(*)::text as n from loan_repayments where status = $1',
    [status],
  );
  return { list: rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** A guarantor candidate of the brand by uid: id and whether an operator blocked or froze them. */
export async function findGuarantor(
  q: Queryable,
  brandId: string,
  uid: string,
): Promise<{ id: string; blocked: boolean } | null> {
  const { rows } = await q.query<{ id: string; blocked: boolean }>(
    `select id::text, (blocked or withdrawal_frozen) as blocked from users where uid = $1 and brand_id = $2`,
    [uid, brandId],
  );
  return rows[0] ?? null;
}
