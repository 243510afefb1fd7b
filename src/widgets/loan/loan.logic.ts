/**
 * The loan widget's own rules (spec §2 Loan, §4 loan and repayment statuses, §5 sliders and repayment), pure:
 * which screen a loan status shows, the application's and the repayment's checks with their message keys, and
 * when the repay button may be used. The amount rules themselves are `core/domain/loan.ts` (shared with the
 * server's refusals).
 */
import {
  LOAN_AMOUNT_MAX,
  LOAN_AMOUNT_MIN,
  LOAN_DAYS_MAX,
  LOAN_DAYS_MIN,
  LoanStatus,
  REPAYMENT_STEP,
  RepaymentStatus,
  type Loan,
  type Repayment,
} from '../../core/contract/loans';
import { compare } from '../../core/domain/decimal';
import { loanAmountProblem, repaymentProblem, type LoanAmountProblem } from '../../core/domain/loan';

/** The brand switch of the loan page (spec §2 brand page name `user/loan`). */
export const LOAN_FLAG = 'user/loan';

/** Where the widget sends the user (host paths of spec §2). */
export const LOAN_PATHS = { login: '/login?to=/user/loan', deposit: '/user/deposit' } as const;

/**
 * While an application or a repayment waits for an operator, the widget asks again this often: only a loan's
 * rejection has a push (629021); an approval or a repayment's decision has none (decisions LC4).
 */
export const LOAN_SLOW_POLL_MS = 30_000;

/** The notification of a rejected loan application (spec §8); its arrival reloads the loan. */
export const LOAN_REJECTED_NOTIFICATION = 629021;

/**
 * The screen of a loan status (spec §4): the application (none, rejected, repaid may apply again), the
 * waiting application, or the repayment view of an active or overdue loan.
 */
export type LoanScreen = 'loading' | 'apply' | 'waiting' | 'repay';

/** The client's status of the status check's answer: 100 without a loan, -1 while loading (spec §4). */
export function clientStatus(loan: Loan | null | undefined): number {
  if (loan === undefined) return -1;
  return loan === null ? LoanStatus.none : loan.status;
}

export function screenOf(status: number): LoanScreen {
  if (status === -1) return 'loading';
  if (status === LoanStatus.waiting) return 'waiting';
  if (status === LoanStatus.active || status === LoanStatus.overdue) return 'repay';
  return 'apply';
}

/** The application form: amount and days as the sliders hold them, the guarantor's UID as typed. */
export interface Application {
  amount: string;
  days: number;
  guarantor: string;
}

export const INITIAL_APPLICATION: Application = {
  amount: String(LOAN_AMOUNT_MIN),
  days: LOAN_DAYS_MIN,
  guarantor: '',
};

const AMOUNT_KEYS: Readonly<Record<LoanAmountProblem, string>> = {
  format: 'loan.amount_format',
  decimals: 'loan.amount_format',
  range: 'loan.amount_range',
  step: 'loan.amount_step',
};

/** The message key of an application's amount, or null when it may be sent. */
export function amountMessageKey(amount: string): string | null {
  if (amount === '') return 'loan.amount_required';
  const problem = loanAmountProblem(amount);
  return problem ? (AMOUNT_KEYS[problem] ?? null) : null;
}

/** The message key of the guarantor field (spec §5 p_loan_guarantor), or null when it may be sent. */
export function guarantorMessageKey(guarantor: string): string | null {
  if (guarantor.trim() === '') return 'loan.guarantor_required';
  return /^[0-9]{1,20}$/.test(guarantor.trim()) ? null : 'loan.guarantor_format';
}

/** Whether the application may be sent (the server checks it again). */
export function applicationReady(form: Application): boolean {
  return (
    amountMessageKey(form.amount) === null &&
    guarantorMessageKey(form.guarantor) === null &&
    Number.isInteger(form.days) &&
    form.days >= LOAN_DAYS_MIN &&
    form.days <= LOAN_DAYS_MAX
  );
}

/** The amount a slider position stands for, clamped to the slider's range. */
export function clampAmount(value: number): string {
  return String(Math.min(LOAN_AMOUNT_MAX, Math.max(LOAN_AMOUNT_MIN, value)));
}

/** The slider's position of a typed amount (the nearest end for a text that is no number in range). */
export function sliderAmount(amount: string): number {
  const n = Number(amount);
  if (!Number.isFinite(n) || amount === '') return LOAN_AMOUNT_MIN;
  return Math.min(LOAN_AMOUNT_MAX, Math.max(LOAN_AMOUNT_MIN, n));
}

/** The newest repayment (the list is newest first), or null. */
export function latestRepayment(list: readonly Repayment[]): Repayment | null {
  return list[0] ?? null;
}

/**
 * Whether the repay button may be used: on an active or overdue loan that still owes, and not while its
 * latest repayment waits for an operator (spec §4; the server answers 23552 then).
 */
export function canRepay(loan: Loan | null | undefined, repayments: readonly Repayment[]): boolean {
  if (!loan || screenOf(loan.status) !== 'repay') return false;
  if (compare(loan.amountOwed, '0') <= 0) return false;
  return latestRepayment(repayments)?.status !== RepaymentStatus.waiting;
}

/** The repayment slider's largest position: what is owed, down to the step (spec §5). */
export function repayMax(owed: string): number {
  const whole = Math.floor(Number(owed));
  return Number.isFinite(whole) ? whole - (whole % REPAYMENT_STEP) : 0;
}

/** The message key of a repayment amount (spec §5 p_loan_repayment_no_zero, step, at most owed), or null. */
export function repaymentMessageKey(amount: string, owed: string): string | null {
  if (amount === '' || (Number(amount) === 0 && /^[0.]+$/.test(amount))) return 'loan.repay_zero';
  const problem = repaymentProblem(amount, owed);
  if (problem === null) return null;
  if (problem === 'range') return compare(amount, owed) > 0 ? 'loan.repay_above_owed' : 'loan.repay_zero';
  return problem === 'step' ? 'loan.repay_step' : 'loan.amount_format';
}

/** The status text key of a repayment (spec §4: 0 pending review, 1 approved, 2 rejected). */
export function repaymentStatusKey(status: number): string {
  if (status === RepaymentStatus.approved) return 'loan.repayment_approved';
  return status === RepaymentStatus.rejected ? 'loan.repayment_rejected' : 'loan.repayment_waiting';
}
