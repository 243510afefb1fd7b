/**
 * Pre-trade figures of a market order (spec §3/§9): notional, margin = notional ÷ leverage, trading fee,
 * balance after, and the P&L of a price move — all in USD, exact decimals, rounded half up to cents only at
 * the end. The server's engine can import these so the preview and the booking agree to the cent.
 *
 * Currency: a forex symbol of six letters is base/quote (EURUSD, USDJPY, EURJPY); anything else is quoted
 * in USD (USDT counts as USD). Notional in USD is qty × contractSize × price when the quote is USD,
 * qty × contractSize when the base is USD, and for a cross qty × contractSize × (USD per base unit, read
 * from the XXXUSD or USDXXX quote). P&L is made in the quote currency and converted the same way.
 */
import { div, isZero, mul, sub, toFixed } from './decimal';
import type { Decimal } from './decimal';
import type { Direction } from './market-order-price';

/** USD amounts are shown and booked with 2 decimals. */
export const USD_DECIMALS = 2;
/** Decimals kept by an inverted rate (1 / USDJPY) before it is multiplied. */
const RATE_DECIMALS = 12;

/** The product fields a preview needs (spec §3 Product order info). */
export interface PreviewProduct {
  productCode: string;
  /** Category (3 = forex). */
  type: number;
  contractSize: Decimal;
  multiple: number;
  feeType: string;
  feeValue: Decimal;
}

/** A mid (or any side) price of a symbol, e.g. rates('EURUSD'); null when unknown. */
export type RateLookup = (symbol: string) => Decimal | null;

/** Base and quote currency of a symbol. */
export function currenciesOf(symbol: string, type: number): { base: string; quote: string } {
  const code = symbol.toUpperCase();
  if (type === 3 && /^[A-Z]{6}$/.test(code)) return { base: code.slice(0, 3), quote: code.slice(3) };
  if (code.endsWith('USDT')) return { base: code.slice(0, -4), quote: 'USD' };
  return { base: code, quote: 'USD' };
}

/** USD value of one unit of a currency: 1 for USD, the XXXUSD price, or 1 ÷ USDXXX; null when unquoted. */
export function usdPerUnit(currency: string, rates: RateLookup): Decimal | null {
  if (currency === 'USD' || currency === 'USDT') return '1';
  const direct = rates(`${currency}USD`);
  if (direct !== null) return direct;
  const inverse = rates(`USD${currency}`);
  return inverse !== null && !isZero(inverse) ? div('1', inverse, RATE_DECIMALS) : null;
}

/** Notional of `qty` lots at `price`, in USD with full precision; null when a needed rate is unknown. */
export function notionalUsd(
  product: PreviewProduct,
  qty: Decimal,
  price: Decimal,
  rates: RateLookup,
): Decimal | null {
  const units = mul(qty, product.contractSize);
  const { base, quote } = currenciesOf(product.productCode, product.type);
  if (quote === 'USD') return mul(units, price);
  if (base === 'USD') return units;
  const perBase = usdPerUnit(base, rates);
  return perBase === null ? null : mul(units, perBase);
}

/** Margin (spec: notional ÷ multiple), USD cents. */
export function marginUsd(notional: Decimal, multiple: number): Decimal {
  return div(notional, String(multiple > 0 ? multiple : 1), USD_DECIMALS);
}

/**
 * Trading fee in USD cents: PERCENTAGE is feeValue percent of the notional (0.2 = 0.2 %), FIX_AMOUNT is
 * feeValue USD per lot. null for a fee type this client does not know (spec §8 "Not support feeType").
 */
export function feeUsd(product: PreviewProduct, qty: Decimal, notional: Decimal): Decimal | null {
  if (product.feeType === 'PERCENTAGE') return div(mul(notional, product.feeValue), '100', USD_DECIMALS);
  if (product.feeType === 'FIX_AMOUNT') return toFixed(mul(product.feeValue, qty), USD_DECIMALS);
  return null;
}

/** The pre-trade preview of the order form. */
export interface OrderPreview {
  /** Position value (notional), USD cents. */
  value: Decimal;
  margin: Decimal;
  fee: Decimal;
  /** Available balance − margin − fee; null while the balance is unknown. */
  balanceAfter: Decimal | null;
  /** False when balanceAfter is below zero (the server would answer 203). */
  enough: boolean;
}

/** Why a preview cannot be computed. */
export type PreviewError = 'fee_type_unsupported' | 'rate_unknown';

/** Margin, fee, value and balance after for `qty` lots opening at `price`. */
export function previewOrder(
  product: PreviewProduct,
  qty: Decimal,
  price: Decimal,
  available: Decimal | null,
  rates: RateLookup,
): OrderPreview | { error: PreviewError } {
  const notional = notionalUsd(product, qty, price, rates);
  if (notional === null) return { error: 'rate_unknown' };
  const fee = feeUsd(product, qty, notional);
  if (fee === null) return { error: 'fee_type_unsupported' };
  const margin = marginUsd(notional, product.multiple);
  const balanceAfter = available === null ? null : sub(sub(available, margin), fee);
  return {
    value: toFixed(notional, USD_DECIMALS),
    margin,
    fee,
    balanceAfter,
    enough: balanceAfter === null || !balanceAfter.startsWith('-'),
  };
}

/**
 * P&L in USD cents of `qty` lots opened at `open` and valued at `close` (a buy gains when the price rises).
 * With a USD base (USDJPY) the quote-currency result is converted at `close`; null when a rate is unknown.
 */
export function profitLossUsd(
  product: PreviewProduct,
  direction: Direction,
  qty: Decimal,
  open: Decimal,
  close: Decimal,
  rates: RateLookup,
): Decimal | null {
  const move = direction === 0 ? sub(close, open) : sub(open, close);
  const inQuote = mul(mul(move, qty), product.contractSize);
  const { base, quote } = currenciesOf(product.productCode, product.type);
  if (quote === 'USD') return toFixed(inQuote, USD_DECIMALS);
  if (base === 'USD') return isZero(close) ? null : div(inQuote, close, USD_DECIMALS);
  const perQuote = usdPerUnit(quote, rates);
  return perQuote === null ? null : toFixed(mul(inQuote, perQuote), USD_DECIMALS);
}
