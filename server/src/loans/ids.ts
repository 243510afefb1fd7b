/** The names a loan is filed under: its numbers, its house accounts and its ledger kinds. */
import { randomInt } from 'node:crypto';

/**
 * The loan house account: approvals pay out of it and approved repayments return to it, so its balance is
 * minus what borrowers still owe (the receivable on the books).
 */
export const LOAN_HOUSE = 'house_loan_receivable';
/** Repayments submitted and not yet decided. */
export const REPAY_PENDING_HOUSE = 'house_loan_repay_pending';

/** Ledger kinds of a loan's movements. */
export const LedgerKind = {
  disburse: 'loan_disburse',
  repayHold: 'loan_repay_hold',
  repay: 'loan_repay',
  repayRefund: 'loan_repay_refund',
} as const;

/** The ledger reference of a loan's movements and of a repayment's. */
export const loanRef = (uid: string) => `loan:${uid}`;
export const repaymentRef = (uid: string) => `loan_repayment:${uid}`;

/** A day on the server's clock. */
export const DAY_MS = 86_400_000;

/** A new number: a letter (`L` loan, `R` repayment) + UTC time to the second + 6 random digits. */
export function newUid(letter: 'L' | 'R', now: number): string {
  const stamp = new Date(now).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${letter}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}
