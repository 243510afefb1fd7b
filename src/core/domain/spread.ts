/**
 * The spread as a trader reads it: the price difference ask − bid in the quote currency ("10.00 USD", not
 * a count of price steps), and for forex also in pips.
 */
import { div, isDecimal, normalize, sub } from './decimal';
import type { Decimal } from './decimal';
import { formatPrice } from './format';
import { quoteCurrency } from './money';

/** Category id of forex (spec §3 product type). */
const FOREX = 3;

/** The spread of one quote. */
export interface Spread {
  /** ask − bid at the product precision, e.g. '10.00'. */
  price: string;
  /** The currency of the price, e.g. 'USD' (JPY for USDJPY). */
  currency: string;
  /** Forex only: the spread in pips to one decimal, e.g. '1.2'; null for other categories. */
  pips: Decimal | null;
}

/**
 * One pip of a forex pair quoted with `precision` decimals: the fourth decimal (the second for yen pairs);
 * a 5- or 3-decimal quote has a fractional pip as its last digit.
 */
export function forexPipSize(precision: number): Decimal {
  const places = precision % 2 === 1 ? precision - 1 : precision;
  return places <= 0 ? '1' : `0.${'0'.repeat(places - 1)}1`;
}

/** The spread of bid/ask for a product; null when either price is not a decimal. */
export function spreadOf(
  bid: string,
  ask: string,
  product: { productCode: string; type: number; precision: number },
): Spread | null {
  if (!isDecimal(bid) || !isDecimal(ask)) return null;
  const raw = sub(ask, bid);
  const pips =
    product.type === FOREX ? normalize(div(raw, forexPipSize(product.precision), 1, 'half-up')) : null;
  return { price: formatPrice(raw, product.precision), currency: quoteCurrency(product), pips };
}
