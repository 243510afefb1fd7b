/**
 * Transfers between a crypto wallet and the USD trading balance (spec §2 My wallet, §4 transfer drawer, §5
 * transfer amount, §9 transfer decimals 4). Shared by the server's `user/crypto/transform*` and the transfer
 * drawer, so the quote the user sees is the quote the server checks.
 *
 * Direction (decisions W2): the buttons sit on one currency's row, so "in" and "out" are seen from that
 * wallet. Type 0 "Transfer in": USD balance → the wallet, `num` in USD, `practical` in the coin. Type 1
 * "Transfer out": the wallet → USD balance, `num` in the coin, `practical` in USD. Transfers are free (the
 * Standards text: "account transfers free"), so the fee is 0 in the source unit.
 */
import { compare, div, isDecimal, mul, sub, toFixed, type Decimal } from './decimal';

/** Decimals of a transfer amount and of its practical amount (spec §9). */
export const TRANSFER_DECIMALS = 4;
/** Smallest step of a transfer amount (spec §5). */
export const TRANSFER_STEP = '0.0001';

/** 0 Transfer in (USD → wallet), 1 Transfer out (wallet → USD). */
export type TransferType = 0 | 1;

/** A quote: what leaves (num, in the source unit), the fee (source unit) and what arrives (practical). */
export interface TransferQuote {
  num: Decimal;
  fee: Decimal;
  practical: Decimal;
  /** Unit of `num` and `fee`. */
  fromUnit: string;
  /** Unit of `practical`. */
  toUnit: string;
}

/** Why no quote: the amount is not a positive 4-decimal number, or it converts to nothing. */
export type TransferQuoteError = 'amount_invalid' | 'amount_too_small' | 'price_invalid';

/**
 * Quotes a transfer of `num` at `price` (USD per coin unit). What arrives is truncated to 4 decimals: the
 * platform never gives more than the amount is worth.
 */
export function quoteTransfer(
  type: TransferType,
  currency: string,
  num: Decimal,
  price: Decimal,
): TransferQuote | TransferQuoteError {
  if (
    !isDecimal(num) ||
    compare(num, '0') <= 0 ||
    compare(toFixed(num, TRANSFER_DECIMALS, 'down'), num) !== 0
  ) {
    return 'amount_invalid';
  }
  if (!isDecimal(price) || compare(price, '0') <= 0) return 'price_invalid';
  const fee = '0';
  const net = sub(num, fee);
  const practical =
    type === 0
      ? div(net, price, TRANSFER_DECIMALS, 'down')
      : toFixed(mul(net, price), TRANSFER_DECIMALS, 'down');
  if (compare(practical, '0') <= 0) return 'amount_too_small';
  const fromUnit = type === 0 ? 'USD' : currency;
  const toUnit = type === 0 ? currency : 'USD';
  return {
    num: toFixed(num, TRANSFER_DECIMALS),
    fee: toFixed(fee, TRANSFER_DECIMALS),
    practical,
    fromUnit,
    toUnit,
  };
}

/** True when the field holds an amount worth submitting (spec §5: empty or zero is not submitted). */
export function isSubmittableTransfer(value: string): boolean {
  return isDecimal(value) && compare(value, '0') > 0;
}
