/**
 * The one numeric amount input of every money field (spec §5 "Numeric inputs", issue #26): what the trader
 * typed is what is sent, or the field says why not. Only rewrites that keep the number are made (a comma or a
 * full-width point becomes a point, full-width and Thai digits become ASCII digits, spaces and leading zeros
 * are dropped, a leading point gets its 0); a character is never dropped and a digit never moved, so `12.5` cannot become
 * `125` and `.5` cannot become `5`. Anything else stays in the field, with the reason it cannot be sent.
 */
import { compare, normalize } from './decimal';
import type { Decimal } from './decimal';

/** Most whole digits an amount field takes (far above any balance or product maximum). */
export const AMOUNT_MAX_WHOLE_DIGITS = 15;

/** What a field allows: its fraction digits (0: whole numbers only) and its longest whole part. */
export interface AmountRules {
  decimals: number;
  maxWholeDigits?: number;
}

/** Why the text in a field cannot be sent as it is (message keys `amount_input.<key>` in messages). */
export type AmountIssue =
  | { key: 'not_a_number' }
  | { key: 'whole_only' }
  | { key: 'decimals'; decimals: number }
  | { key: 'too_long'; digits: number };

/** What an amount field holds: the text as shown and, when it cannot be sent, why. */
export interface AmountState {
  text: string;
  issue: AmountIssue | null;
}

/** Digits of other scripts an IME or a keyboard layout gives, by their zero (each runs 0–9). */
const DIGIT_ZEROS = [
  0xff10, // full-width (Japanese, Chinese, Korean IMEs)
  0x0e50, // Thai
  0x0660, // Arabic-Indic
  0x06f0, // Extended Arabic-Indic
  0x0966, // Devanagari
];
/** Characters that mean a decimal point or comma in those layouts. */
const POINTS: Readonly<Record<string, string>> = {
  '\uff0e': '.', // full-width full stop
  '\u3002': '.', // ideographic full stop (a Japanese IME's "." key)
  '\uff61': '.', // half-width ideographic full stop
  '\uff0c': ',', // full-width comma
  '\u3001': ',', // ideographic comma
  '\u066b': '.', // Arabic decimal separator
};
/** Spaces only ever group digits (1 000, 1 000), so dropping them keeps the number. */
const SPACES = /[\s\u00a0\u2007\u2009\u202f]/g;

function asciiDigit(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  for (const zero of DIGIT_ZEROS) if (code >= zero && code <= zero + 9) return String(code - zero);
  return POINTS[ch] ?? ch;
}

/**
 * The text a field shows for what was typed or pasted: the rewrites that keep the number, nothing else.
 * Idempotent: normalizing twice gives the same text.
 */
export function normalizeAmountText(raw: string): string {
  const text = Array.from(raw.replace(SPACES, ''), asciiDigit)
    .join('')
    .replace(/,/g, '.')
    .replace(/^0+(?=\d)/, '');
  return text.startsWith('.') ? `0${text}` : text;
}

/** Why `text` (as normalized) cannot be sent, or null when it is an amount or still empty. */
export function amountIssue(text: string, rules: AmountRules): AmountIssue | null {
  if (text === '') return null;
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return { key: 'not_a_number' };
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > rules.decimals)
    return rules.decimals === 0 ? { key: 'whole_only' } : { key: 'decimals', decimals: rules.decimals };
  const digits = rules.maxWholeDigits ?? AMOUNT_MAX_WHOLE_DIGITS;
  if (whole.replace(/^0+(?=\d)/, '').length > digits) return { key: 'too_long', digits };
  return null;
}

/** The field after an edit: the normalized text and its issue. */
export function editAmount(raw: string, rules: AmountRules): AmountState {
  const text = normalizeAmountText(raw);
  return { text, issue: amountIssue(text, rules) };
}

/** The amount `text` stands for, or null when it is empty, has an issue or is not complete ("0." is 0). */
export function amountValue(text: string, rules: AmountRules): Decimal | null {
  const clean = normalizeAmountText(text);
  if (clean === '' || amountIssue(clean, rules)) return null;
  return normalize(clean.endsWith('.') ? clean.slice(0, -1) : clean);
}

/** Which bound a clamp applied, with that bound. */
export interface AmountClamp {
  value: Decimal;
  bound: 'min' | 'max';
}

/**
 * Spec §5 "clamped to min/max": the bound a committed value is moved to, or null when it is within them (or
 * not a number). A null bound is no bound. The caller shows the message naming the bound: never silently.
 */
export function clampAmount(
  value: Decimal | null,
  min: Decimal | null,
  max: Decimal | null,
): AmountClamp | null {
  if (value === null) return null;
  if (min !== null && compare(value, min) < 0) return { value: min, bound: 'min' };
  if (max !== null && compare(value, max) > 0) return { value: max, bound: 'max' };
  return null;
}

/** The i18n key and values of an issue's message (namespace messages). */
export function amountIssueMessage(issue: AmountIssue): { key: string; vars?: Record<string, string> } {
  if (issue.key === 'decimals')
    return { key: 'amount_input.decimals', vars: { decimals: String(issue.decimals) } };
  if (issue.key === 'too_long')
    return { key: 'amount_input.too_long', vars: { digits: String(issue.digits) } };
  return { key: `amount_input.${issue.key}` };
}
