/**
 * Deposit rules shared by `<tk-deposit>` and the server (spec §5 deposit validation, §9 limits and decimals):
 * the amount as typed, the minimum by language, and the USD value a deposit is credited with.
 */
import { compare, mul, toFixed, type Decimal } from './decimal';

/** Most fraction digits of a deposit amount (spec §9). */
export const DEPOSIT_DECIMALS = 5;
/** Longest amount text accepted (18 integer digits, the point, 5 decimals). */
export const DEPOSIT_AMOUNT_MAX_LENGTH = 24;
/** The most one deposit may be worth in USD (as one withdrawal, spec §9); above it answers 1036. */
export const DEPOSIT_MAX_USD = '10000000';
/** Languages whose texts state the 1000 USD minimum (spec §9); the others state 30 USD. */
const HIGH_MINIMUM_LANGUAGES = new Set(['en', 'id']);
const AMOUNT = /^\d{1,18}(\.\d+)?$/;

/** Why an amount as typed is refused (the key of the message shown), or null when it is a valid amount. */
export type DepositAmountProblem = 'required' | 'leading_dot' | 'format' | 'decimals' | 'not_positive';

/** The minimum deposit in USD for the text the user reads (spec §9: 1000 in English and Indonesian, else 30). */
export function depositMinimumUsd(language: string): Decimal {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return HIGH_MINIMUM_LANGUAGES.has(base) ? '1000' : '30';
}

/** Checks an amount as typed: present, not starting with '.', a plain decimal, ≤ 5 decimals, above 0. */
export function depositAmountProblem(text: string): DepositAmountProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (value.startsWith('.')) return 'leading_dot';
  if (value.length > DEPOSIT_AMOUNT_MAX_LENGTH || !AMOUNT.test(value)) return 'format';
  const fraction = value.split('.')[1] ?? '';
  if (fraction.length > DEPOSIT_DECIMALS) return 'decimals';
  if (compare(value, '0') <= 0) return 'not_positive';
  return null;
}

/** The USD value of `amount` coins at `usdPrice`, in cents rounded down (the broker credits no fraction it lacks). */
export function depositUsdValue(amount: Decimal, usdPrice: Decimal): Decimal {
  return toFixed(mul(amount, usdPrice), 2, 'down');
}

/**
 * The minimum the server applies for a brand: the lowest its texts state (spec §9 differs by language, and the
 * server stores no language of the user), so no user is refused what the text they read allows, and no field
 * of the request can pick another minimum (issue #19).
 */
export function brandDepositMinimumUsd(languages: readonly string[]): Decimal {
  const minimums = (languages.length ? languages : ['en']).map(depositMinimumUsd);
  return minimums.reduce((low, m) => (compare(m, low) < 0 ? m : low));
}

/** True when the USD value reaches the minimum of the language. */
export function meetsDepositMinimum(usdValue: Decimal, language: string): boolean {
  return compare(usdValue, depositMinimumUsd(language)) >= 0;
}
