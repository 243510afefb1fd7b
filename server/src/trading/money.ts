/**
 * Trading arithmetic on decimal strings: notional, USD conversion, margin, fee and P&L. Amounts a user pays
 * or receives are rounded half-up to cents; a price never becomes a float.
 */
import { add, compare, div, mul, sub, toFixed, type Decimal } from '../../../src/core/domain/decimal';
import type { OrderTypeId } from '../../../src/core/contract/trading';

/** Fraction digits of every USD amount the engine posts (margin, fee, P&L). */
export const CENTS = 2;
/** Fraction digits of intermediate USD values before rounding to cents. */
const WORK_SCALE = 10;

/** A quote as decimal strings at the instrument's precision. */
export interface DecimalQuote {
  bid: Decimal;
  ask: Decimal;
}

/** Finds the current quote of a symbol (conversion pairs included). */
export type QuoteLookup = (symbol: string) => DecimalQuote | undefined;

/** What the money functions read of a product. */
export interface MoneyProduct {
  productCode: string;
  type: number;
  contractSize: Decimal;
  feeType: 'PERCENTAGE' | 'FIX_AMOUNT';
  feeValue: Decimal;
}

/**
 * The currency a product's price is quoted in: the last three letters of a forex pair (USDJPY → JPY),
 * USD for everything else (cryptos against USDT count as USD; index CFDs are quoted in USD here).
 */
export function quoteCurrency(product: Pick<MoneyProduct, 'productCode' | 'type'>): string {
  return product.type === 3 ? product.productCode.slice(3) : 'USD';
}

const mid = (q: DecimalQuote) => div(add(q.bid, q.ask), '2', WORK_SCALE);

/**
 * `amount` in `currency` as USD, through the mid price of `<CUR>USD` or `USD<CUR>`; null when no pair
 * quotes the currency against USD.
 */
export function toUsd(amount: Decimal, currency: string, quotes: QuoteLookup): Decimal | null {
  if (currency === 'USD') return amount;
  const direct = quotes(`${currency}USD`);
  if (direct) return mul(amount, mid(direct));
  const inverse = quotes(`USD${currency}`);
  if (inverse) return div(amount, mid(inverse), WORK_SCALE);
  return null;
}

/** Quantity × contract size × price, in the quote currency. */
export function notional(quantity: Decimal, contractSize: Decimal, price: Decimal): Decimal {
  return mul(mul(quantity, contractSize), price);
}

/** Margin to lock: USD notional ÷ leverage, in cents. */
export function marginOf(notionalUsd: Decimal, multiple: number): Decimal {
  return div(notionalUsd, String(multiple), CENTS);
}

/** Trading fee: PERCENTAGE of the USD notional (0.2 = 0.2 %) or FIX_AMOUNT USD per lot, in cents. */
export function feeOf(
  product: Pick<MoneyProduct, 'feeType' | 'feeValue'>,
  notionalUsd: Decimal,
  quantity: Decimal,
) {
  return product.feeType === 'FIX_AMOUNT'
    ? toFixed(mul(product.feeValue, quantity), CENTS)
    : div(mul(notionalUsd, product.feeValue), '100', CENTS);
}

/** The price an order enters at: the ask for a buy, the bid for a sell. */
export function entryPrice(orderType: OrderTypeId, quote: DecimalQuote): Decimal {
  return orderType === 0 ? quote.ask : quote.bid;
}

/** The price a position is valued and closed at: the bid for a buy, the ask for a sell. */
export function exitPrice(orderType: OrderTypeId, quote: DecimalQuote): Decimal {
  return orderType === 0 ? quote.bid : quote.ask;
}

/** P&L in the quote currency of a position opened at `open` and valued at `close`. */
export function pnlInQuote(
  orderType: OrderTypeId,
  open: Decimal,
  close: Decimal,
  quantity: Decimal,
  contractSize: Decimal,
): Decimal {
  const move = orderType === 0 ? sub(close, open) : sub(open, close);
  return mul(mul(move, quantity), contractSize);
}

/** P&L in USD cents; null when the quote currency cannot be converted. */
export function pnlUsd(
  product: Pick<MoneyProduct, 'productCode' | 'type' | 'contractSize'>,
  orderType: OrderTypeId,
  open: Decimal,
  close: Decimal,
  quantity: Decimal,
  quotes: QuoteLookup,
): Decimal | null {
  const inQuote = pnlInQuote(orderType, open, close, quantity, product.contractSize);
  const usd = toUsd(inQuote, quoteCurrency(product), quotes);
  return usd === null ? null : toFixed(usd, CENTS);
}

/** The USD notional of `quantity` at `price`; null when the quote currency cannot be converted. */
export function notionalUsd(
  product: Pick<MoneyProduct, 'productCode' | 'type' | 'contractSize'>,
  quantity: Decimal,
  price: Decimal,
  quotes: QuoteLookup,
): Decimal | null {
  return toUsd(notional(quantity, product.contractSize, price), quoteCurrency(product), quotes);
}

/** The smaller of two decimals. */
export function minDec(a: Decimal, b: Decimal): Decimal {
  return compare(a, b) <= 0 ? a : b;
}
