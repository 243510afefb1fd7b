/**
 * The withdrawal fee quote of spec §3 ("Withdraw fee quote") and the amount rules of spec §5 and §9, shared by
 * the server (`user/withdraw/calculate`, `user/withdraw`) and `<tk-withdraw>`. Amounts are decimal strings;
 * the amount and the fee are in the withdrawn currency (the coin, or USD for a bank card), the USD figures
 * at the coin's USD price. Every result has at most `WITHDRAW_DECIMALS` fraction digits.
 */
import {
  compare,
  isDecimal,
  isZero,
  mul,
  normalize,
  sub,
  toFixed,
  toScaledInt,
  type Decimal,
} from './decimal';

/** Fraction digits of withdrawal amounts, fees and their USD values (spec §9). */
export const WITHDRAW_DECIMALS = 5;
/** The general USD limits of one withdrawal (spec §9). */
export const WITHDRAW_MIN_USD = '50';
export const WITHDRAW_MAX_USD = '10000000';

/** Fee types a coin or the bank withdrawal may state (spec §3); '' is no fee. */
export const FEE_TYPES = ['PERCENTAGE', 'FIX_AMOUNT', ''] as const;
export type FeeType = (typeof FEE_TYPES)[number];

/** What a quote needs: the amount asked, the fee rule, the USD price of one unit and the USD balance. */
export interface QuoteInput {
  num: Decimal;
  /** Stored fee type; anything outside `FEE_TYPES` cannot be quoted ('Not support feeType [x]'). */
  feeType: string;
  feeNum: Decimal;
  /** USD value of one unit of the currency ("1" for USD and USD stablecoins). */
  usdPrice: Decimal;
  /** The user's available USD balance (margin of open positions is already outside it). */
  balance: Decimal;
}

/** Spec §3 Withdraw fee quote. */
export interface WithdrawQuote {
  type: FeeType;
  feeType: FeeType;
  feeNum: Decimal;
  /** The fee in the withdrawn currency. */
  fee: Decimal;
  feeUsd: Decimal;
  /** What reaches the user: num − fee (may be ≤ 0: practicalNum_rule refuses it). */
  practical: Decimal;
  /** USD value of `num`: what leaves the balance. */
  usdAmount: Decimal;
  /** True when `usdAmount` is above the balance (insufficient_balance). */
  isOver: boolean;
  /** USD balance after the withdrawal (negative when isOver). */
  afterBalance: Decimal;
}

/** The message of a stored fee type the quote does not know (spec §8). */
export function unsupportedFeeTypeMessage(feeType: string): string {
  return `Not support feeType [${feeType}]`;
}

export function isFeeType(value: string): value is FeeType {
  return (FEE_TYPES as readonly string[]).includes(value);
}

/**
 * The fee of `num`: PERCENTAGE → num × feeNum / 100, FIX_AMOUNT → feeNum, '' → 0; rounded up to the
 * withdrawal decimals (the platform never under-charges a fraction).
 */
export function withdrawFee(num: Decimal, feeType: FeeType, feeNum: Decimal): Decimal {
  if (feeType === 'PERCENTAGE') return toFixed(mul(mul(num, feeNum), '0.01'), WITHDRAW_DECIMALS, 'up');
  if (feeType === 'FIX_AMOUNT') return toFixed(feeNum, WITHDRAW_DECIMALS, 'up');
  return toFixed('0', WITHDRAW_DECIMALS);
}

/** The quote, or an error message for a fee type it does not support. */
export function quoteWithdrawal(input: QuoteInput): { quote: WithdrawQuote } | { error: string } {
  if (!isFeeType(input.feeType)) return { error: unsupportedFeeTypeMessage(input.feeType) };
  const feeType = input.feeType;
  const num = toFixed(input.num, WITHDRAW_DECIMALS);
  const fee = withdrawFee(num, feeType, input.feeNum);
  const usdAmount = toFixed(mul(num, input.usdPrice), WITHDRAW_DECIMALS, 'up');
  const feeUsd = toFixed(mul(fee, input.usdPrice), WITHDRAW_DECIMALS, 'up');
  const afterBalance = toFixed(sub(input.balance, usdAmount), WITHDRAW_DECIMALS);
  return {
    quote: {
      type: feeType,
      feeType,
      feeNum: normalize(input.feeNum),
      fee,
      feeUsd,
      practical: toFixed(sub(num, fee), WITHDRAW_DECIMALS),
      usdAmount,
      isOver: compare(usdAmount, input.balance) > 0,
      afterBalance,
    },
  };
}

/** Why an amount cannot be withdrawn, in the order the form checks (spec §5). */
export type AmountProblem =
  | 'format'
  | 'decimals'
  | 'below_min'
  | 'above_max'
  | 'usd_below_min'
  | 'usd_above_max'
  | 'practical'
  | 'insufficient';

/** Strictly a positive amount: digits with an optional fraction (no sign, no exponent). */
const AMOUNT = /^(0|[1-9][0-9]{0,15})(\.[0-9]+)?$/;

/** True when `value` has more than `WITHDRAW_DECIMALS` fraction digits. */
export function tooManyDecimals(value: string): boolean {
  const dot = value.indexOf('.');
  return dot >= 0 && value.length - dot - 1 > WITHDRAW_DECIMALS;
}

/**
 * The first rule `num` breaks: its form and decimals, the coin (or bank) range min ~ max inclusive, the
 * general 50 – 10,000,000 USD, then — given a quote — a practical amount above 0 and the balance.
 */
export function withdrawAmountProblem(
  num: string,
  limits: { min: Decimal; max: Decimal; usdPrice: Decimal },
  quote?: Pick<WithdrawQuote, 'practical' | 'isOver'>,
): AmountProblem | null {
  if (!AMOUNT.test(num) || !isDecimal(num) || isZero(num)) return 'format';
  if (tooManyDecimals(num)) return 'decimals';
  if (compare(num, limits.min) < 0) return 'below_min';
  if (compare(num, limits.max) > 0) return 'above_max';
  const usd = mul(num, limits.usdPrice);
  if (compare(usd, WITHDRAW_MIN_USD) < 0) return 'usd_below_min';
  if (compare(usd, WITHDRAW_MAX_USD) > 0) return 'usd_above_max';
  if (quote) {
    if (compare(quote.practical, '0') <= 0) return 'practical';
    if (quote.isOver) return 'insufficient';
  }
  return null;
}

/** The amount in units of 10^-5 (for comparisons of equal amounts typed differently, e.g. "1.50" and "1.5"). */
export function withdrawUnits(value: Decimal): bigint {
  return toScaledInt(value, WITHDRAW_DECIMALS, 'down');
}
