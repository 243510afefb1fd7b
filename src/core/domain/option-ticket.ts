/**
 * The option order form (spec §5 option rules, §4 lifecycle, §9 rate and fee): what the form refuses and
 * why, what it previews, and the clock of a placed option (countdown, progress, completion poll). Builds on
 * option-payload.ts, which owns the amount rule, the fee and the payout.
 */
import { amountValue } from './amount-input';
import type { AmountRules } from './amount-input';
import { add, compare, isDecimal, isZero } from './decimal';
import type { Decimal } from './decimal';
import { optionAmountError, optionFee, optionPayout } from './option-payload';
import type { AmountError, DeliveryTime } from './option-payload';

/** Why the form refuses to send (spec §5), in the order the rules run. */
export type OptionRuleKey = 'delivery_empty_rule' | AmountError | 'insufficient_balance';

/** A refusal with the bounds its message names (`amount_range_rule`: min and max, max '0' = none). */
export interface OptionRule {
  key: OptionRuleKey;
  vars?: { min: Decimal; max: Decimal };
}

/** What the rules look at. */
export interface OptionTicketInput {
  /** The chosen delivery time, or null when none is chosen. */
  time: Pick<DeliveryTime, 'min' | 'max'> | null;
  amount: string;
  feeRate: Decimal;
  /** Available balance; null while unknown (the server checks it again). */
  balance: Decimal | null;
}

/** Longest amount the field takes (whole digits): far above any product maximum. */
export const OPTION_AMOUNT_DIGITS = 12;

/** The option amount field's rules (spec §5: a positive whole number), for the shared amount input. */
export const OPTION_AMOUNT_RULES: AmountRules = { decimals: 0, maxWholeDigits: OPTION_AMOUNT_DIGITS };

/**
 * The amount a typed text stands for: '' stays '' (the empty rule answers), a text the amount input flags
 * (`12.5`, `1a`) is refused as not a positive whole number, and `012` or `12.` is sent as `12`.
 */
export function optionAmountOf(text: string): { amount: string } | { refused: OptionRule } {
  if (text.trim() === '') return { amount: '' };
  const value = amountValue(text, OPTION_AMOUNT_RULES);
  return value === null ? { refused: { key: 'amount_positive_int_rule' } } : { amount: value };
}

/** The delivery rule, then the amount rules of option-payload.ts, then the balance (stake plus fee). */
export function optionRule(input: OptionTicketInput): OptionRule | null {
  const { time, amount, feeRate, balance } = input;
  if (time === null) return { key: 'delivery_empty_rule' };
  const amountError = optionAmountError(amount, time);
  if (amountError === 'amount_range_rule')
    return { key: amountError, vars: { min: time.min, max: time.max } };
  if (amountError) return { key: amountError };
  if (balance !== null && isDecimal(balance)) {
    const cost = add(amount.trim(), optionFee(amount.trim(), feeRate));
    if (compare(cost, balance) > 0) return { key: 'insufficient_balance' };
  }
  return null;
}

/** The preview of a stake: the payout if the option wins (amount + amount × rate) and the fee. */
export interface OptionPreview {
  payout: Decimal;
  profit: Decimal;
  fee: Decimal;
}

/** The preview of `amount` on a delivery time, or null when the amount is not a positive number yet. */
export function optionPreview(
  amount: string,
  time: Pick<DeliveryTime, 'rate'> | null,
  feeRate: Decimal,
): OptionPreview | null {
  const text = amount.trim();
  if (time === null || !/^\d{1,15}$/.test(text) || isZero(text)) return null;
  const { payout, profit } = optionPayout(text, time.rate, 'win');
  return { payout, profit, fee: optionFee(text, feeRate) };
}

/** Progress steps of a running option and how often they refresh (spec §4, §9). */
export const OPTION_PROGRESS_STEPS = 100;
export const OPTION_PROGRESS_TICK_MS = 200;

/** Milliseconds left until `endTime` (never below 0). */
export function remainingMs(endTime: number, now: number): number {
  return Math.max(0, endTime - now);
}

/**
 * Progress of a running option: remaining ÷ timeLong × 100 in whole steps of 1 (spec §4: min 0, 100 steps),
 * rounded up so the bar only reaches 0 when the time is up.
 */
export function optionProgress(remaining: number, timeLongSeconds: number): number {
  if (!(timeLongSeconds > 0) || remaining <= 0) return 0;
  const share = (remaining / (timeLongSeconds * 1000)) * OPTION_PROGRESS_STEPS;
  return Math.min(OPTION_PROGRESS_STEPS, Math.max(0, Math.ceil(share)));
}

/** The countdown text of `remaining` ms: whole seconds rounded up, `m:ss`, or `h:mm:ss` from an hour. */
export function formatCountdown(remaining: number): string {
  const total = Math.max(0, Math.ceil(remaining / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Delays before each completion check: the first after `first` ms, the rest every `every` ms. */
export function completionDelays(tries: number, first: number, every: number): number[] {
  return Array.from({ length: Math.max(0, tries) }, (_, i) => (i === 0 ? first : every));
}
