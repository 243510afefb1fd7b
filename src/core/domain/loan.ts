/**
 * The loan rules of spec §5 and §9, written once for the server's refusals and the loan widget's sliders:
 * an application's amount and a repayment's amount (exact decimals, never a float).
 */
import { LOAN_AMOUNT_MAX, LOAN_AMOUNT_MIN, LOAN_AMOUNT_STEP, REPAYMENT_STEP } from '../contract/loans';
import { compare, isDecimal, normalize, toScaledInt } from './decimal';

/** Why an amount is refused: not a number, finer than a cent, out of range or off the slider's step. */
export type LoanAmountProblem = 'format' | 'decimals' | 'range' | 'step';

/** Cents: nothing of a loan moves for less than one. */
const SCALE = 2;

function decimalsProblem(amount: string): 'format' | 'decimals' | null {
  if (!isDecimal(amount) || amount.startsWith('-') || amount.startsWith('+')) return 'format';
  const fraction = normalize(amount).split('.')[1] ?? '';
  return fraction.length > SCALE ? 'decimals' : null;
}

const onStep = (amount: string, step: number) => toScaledInt(amount, SCALE) % BigInt(step * 100) === 0n;

/** An application's amount: 50,000 – 1,000,000 USD in steps of 10,000; null when allowed. */
export function loanAmountProblem(amount: string): LoanAmountProblem | null {
  const shape = decimalsProblem(amount);
  if (shape) return shape;
  if (compare(amount, String(LOAN_AMOUNT_MIN)) < 0 || compare(amount, String(LOAN_AMOUNT_MAX)) > 0)
    return 'range';
  return onStep(amount, LOAN_AMOUNT_STEP) ? null : 'step';
}

/** A repayment: above zero, at most what is owed, in steps of 100 USD; null when allowed. */
export function repaymentProblem(amount: string, owed: string): LoanAmountProblem | null {
  const shape = decimalsProblem(amount);
  if (shape) return shape;
  if (compare(amount, '0') <= 0 || compare(amount, owed) > 0) return 'range';
  return onStep(amount, REPAYMENT_STEP) ? null : 'step';
}
