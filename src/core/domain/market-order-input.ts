/**
 * Shared pieces of the market-order rules (spec §5): the message a rule answers, numeric input sanitising
 * and snapping a value to a step. Pure functions on decimal strings; no float touches a price or a volume.
 */
import { amountIssue, amountIssueMessage, normalizeAmountText } from './amount-input';
import { compare, div, isDecimal, mul, normalize, toFixed } from './decimal';
import type { Decimal } from './decimal';

/** An i18n key with its variables, e.g. `{ key: 'order.rule.volume_max_rule', vars: { bound: '100' } }`. */
export interface RuleMessage {
  key: string;
  vars?: Record<string, string>;
}

/** What a rule makes of an input: the value to show and, when it changed or is missing, why. */
export interface RuleResult {
  /** The value to put back into the field ('' when it stays empty). */
  value: string;
  /** Set when the input was refused or clamped; a clamp also starts the 1 s submit lock. */
  message: RuleMessage | null;
  /** True when `value` differs from the input because a bound was applied. */
  clamped: boolean;
}

/** Volume and trigger prices keep at most 2 decimals (spec §9). */
export const VOLUME_DECIMALS = 2;

/**
 * Spec §5 numeric input: digits and one decimal point, a comma becomes a point, at most `decimals`
 * fraction digits (truncated while typing, never rounded), leading zeros dropped, a leading point becomes
 * "0.". Returns '' for input without digits.
 */
export function sanitizeNumeric(text: string, decimals: number): string {
  const plain = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = plain.indexOf('.');
  let whole = point < 0 ? plain : plain.slice(0, point);
  let fraction = point < 0 ? '' : plain.slice(point + 1).replace(/\./g, '');
  fraction = fraction.slice(0, Math.max(0, decimals));
  whole = whole.replace(/^0+(?=\d)/, '');
  if (whole === '' && point < 0) return '';
  if (whole === '') whole = '0';
  return point >= 0 && decimals > 0 ? `${whole}.${fraction}` : whole;
}

/**
 * A field's text that the shared amount input flags (issue #26: `0.015` in a 2-decimal volume, `1o0`) is
 * refused as it stands, with the input's reason, instead of being cut to what fits: null when it is a number.
 */
export function shapeRefusal(text: string, decimals: number): RuleResult | null {
  const issue = amountIssue(normalizeAmountText(text), { decimals });
  if (!issue) return null;
  return { value: text, message: amountIssueMessage(issue), clamped: false };
}

/** The sanitised text as a decimal, or null when it holds no number yet ('' or a lone "0."). */
export function parseInput(text: string): Decimal | null {
  const trimmed = text.trim().replace(/\.$/, '');
  return trimmed !== '' && isDecimal(trimmed) ? trimmed : null;
}

/** The largest multiple of `step` at or below `value` (value ≥ 0, step > 0). */
export function snapDown(value: Decimal, step: Decimal): Decimal {
  return normalize(mul(div(value, step, 0, 'down'), step));
}

/** The multiple of `step` nearest to `value` (half away from zero). */
export function snapNearest(value: Decimal, step: Decimal): Decimal {
  return normalize(mul(div(value, step, 0, 'half-up'), step));
}

/** `value` with exactly `decimals` fraction digits (for putting a number back into a field). */
export function fixed(value: Decimal, decimals: number): string {
  return toFixed(value, decimals, 'half-up');
}

/** The smaller of two decimals. */
export function minOf(a: Decimal, b: Decimal): Decimal {
  return compare(a, b) <= 0 ? a : b;
}

/** The larger of two decimals. */
export function maxOf(a: Decimal, b: Decimal): Decimal {
  return compare(a, b) >= 0 ? a : b;
}

/** Fraction digits of a decimal step such as "0.01" (2) or "1" (0). */
export function decimalsOf(step: Decimal): number {
  const fraction = normalize(step).split('.')[1];
  return fraction ? fraction.length : 0;
}
