/**
 * Trading money, the one implementation: notional, USD conversion, margin, fee and P&L on decimal strings.
 * The server's engine books with these functions and the order form previews with them, so what a trader
 * sees before an order is what the engine charges, to the cent (docs/decisions.md, "One money module").
 *
 * Currencies: a forex symbol of six letters is base/quote (EURUSD, USDJPY, EURJPY); everything else is
 * quoted in USD (USDT counts as USD). An amount in the quote currency becomes USD:
 * - quote USD: as is;
 * - USD base (USDJPY): at the pair's own price of the computation — the entry price for the notional (so a
 *   lot of USDJPY is worth exactly contractSize USD) and the closing price for the P&L;
 * - a cross (EURJPY, EURGBP): at the mid of `<QUOTE>USD`, or 1 ÷ the mid of `USD<QUOTE>`.
 *
 * Rounding: what the trader is charged (margin, fee) rounds UP to the cent, so a positive charge is never
 * below 0.01; P&L rounds half up (away from zero) to the cent.
 */
import { add, compare, div, isDecimal, isZero, mul, sub, toFixed, type Decimal } from './decimal';

/** Fraction digits of every USD amount (margin, fee, P&L, balances). */
export const CENTS = 2;
/** Fraction digits of a converted USD value before it is rounded to cents. */
const WORK_SCALE = 10;

/** 0 buy, 1 sell (spec §3 orderType). */
export type Side = 0 | 1;

/** A quote as decimal strings. */
export interface Quote {
  bid: Decimal;
  ask: Decimal;
}

/** The current quote of a symbol (conversion pairs included); null or undefined when unknown. */
export type QuoteLookup = (symbol: string) => Quote | null | undefined;

/** What the money functions read of a product (spec §3 product order info). */
export interface MoneyProduct {
  productCode: string;
  /** Category (3 = forex). */
  type: number;
  contractSize: Decimal;
  feeType: string;
  feeValue: Decimal;
}

type Currencies = Pick<MoneyProduct, 'productCode' | 'type'>;

/** Base and quote currency of a product. */
export function currenciesOf(product: Currencies): { base: string; quote: string } {
  const code = product.productCode.toUpperCase();
  if (product.type === 3 && /^[A-Z]{6}$/.test(code)) return { base: code.slice(0, 3), quote: code.slice(3) };
  if (code.endsWith('USDT')) return { base: code.slice(0, -4), quote: 'USD' };
  return { base: code, quote: 'USD' };
}

/** The currency a product's price (and so its P&L) is in. */
export function quoteCurrency(product: Currencies): string {
  return currenciesOf(product).quote;
}

/** (bid + ask) ÷ 2. */
export function midOf(quote: Quote): Decimal {
  return div(add(quote.bid, quote.ask), '2', WORK_SCALE);
}

/** The price an order enters at: the ask for a buy, the bid for a sell. */
export function entryPrice(side: Side, quote: Quote): Decimal {
  return side === 0 ? quote.ask : quote.bid;
}

/** The price a position is valued and closed at: the bid for a buy, the ask for a sell. */
export function exitPrice(side: Side, quote: Quote): Decimal {
  return side === 0 ? quote.bid : quote.ask;
}

/**
 * `amount` in `currency` as USD (WORK_SCALE digits when converted) through the mid of `<CUR>USD` or
 * `USD<CUR>`; null when no pair quotes the currency against USD.
 */
export function toUsd(amount: Decimal, currency: string, quotes: QuoteLookup): Decimal | null {
  if (currency === 'USD' || currency === 'USDT') return amount;
  const direct = quotes(`${currency}USD`);
  if (direct) return mul(amount, midOf(direct));
  const inverse = quotes(`USD${currency}`);
  if (!inverse) return null;
  const rate = midOf(inverse);
  return isZero(rate) ? null : div(amount, rate, WORK_SCALE);
}

/** Units of the underlying: lots × contract size. */
export function unitsOf(quantity: Decimal, contractSize: Decimal): Decimal {
  return mul(quantity, contractSize);
}

/** The USD notional of `quantity` lots at `price` (exact, or WORK_SCALE digits); null when unconvertible. */
export function notionalUsd(
  product: Pick<MoneyProduct, 'productCode' | 'type' | 'contractSize'>,
  quantity: Decimal,
  price: Decimal,
  quotes: QuoteLookup,
): Decimal | null {
  const units = unitsOf(quantity, product.contractSize);
  const { base, quote } = currenciesOf(product);
  if (quote === 'USD') return mul(units, price);
  // USD base: units × price in the quote currency, converted at that same price.
  if (base === 'USD') return units;
  return toUsd(mul(units, price), quote, quotes);
}

/** Margin to lock: USD notional ÷ leverage, rounded up to the cent. */
export function marginOf(notional: Decimal, multiple: number): Decimal {
  return div(notional, String(multiple > 0 ? multiple : 1), CENTS, 'up');
}

/**
 * Trading fee, rounded up to the cent: PERCENTAGE is feeValue percent of the USD notional (0.2 = 0.2 %),
 * FIX_AMOUNT is feeValue USD per lot; null for a fee type nobody knows (spec §8 "Not support feeType").
 */
export function feeOf(
  product: Pick<MoneyProduct, 'feeType' | 'feeValue'>,
  notional: Decimal,
  quantity: Decimal,
): Decimal | null {
  if (product.feeType === 'PERCENTAGE') return div(mul(notional, product.feeValue), '100', CENTS, 'up');
  if (product.feeType === 'FIX_AMOUNT') return toFixed(mul(product.feeValue, quantity), CENTS, 'up');
  return null;
}

/** P&L in the quote currency of `quantity` lots opened at `open` and valued at `close`. */
export function pnlInQuote(
  side: Side,
  open: Decimal,
  close: Decimal,
  quantity: Decimal,
  contractSize: Decimal,
): Decimal {
  const move = side === 0 ? sub(close, open) : sub(open, close);
  return mul(move, unitsOf(quantity, contractSize));
}

/** P&L in USD cents (half up) of a position valued at `close`; null when the currency is unconvertible. */
export function pnlUsd(
  product: Pick<MoneyProduct, 'productCode' | 'type' | 'contractSize'>,
  side: Side,
  open: Decimal,
  close: Decimal,
  quantity: Decimal,
  quotes: QuoteLookup,
): Decimal | null {
  const inQuote = pnlInQuote(side, open, close, quantity, product.contractSize);
  const { base, quote } = currenciesOf(product);
  if (quote === 'USD') return toFixed(inQuote, CENTS);
  if (base === 'USD') return isZero(close) ? null : div(inQuote, close, CENTS);
  const usd = toUsd(inQuote, quote, quotes);
  return usd === null ? null : toFixed(usd, CENTS);
}

/** What an order costs when it is placed. */
export interface OrderCharges {
  /** The price it opens at: the entry side of the quote, or the limit price of a pending order. */
  openingPrice: Decimal;
  /** USD notional at the opening price (unrounded). */
  notional: Decimal;
  /** Margin locked at placement. */
  margin: Decimal;
  /** Fee of the execution at the opening price (a pending order pays it when it fills). */
  fee: Decimal;
  /** Fee taken at placement: `fee` for a market order, 0 for a pending order. */
  feeNow: Decimal;
}

/** What an order asks for, as the charges need it. */
export interface OrderTerms {
  side: Side;
  /** Lots. */
  quantity: Decimal;
  /** Leverage chosen. */
  multiple: number;
  /** The limit price of a pending order; null for a market order. */
  limit: Decimal | null;
}

/** Why charges cannot be computed. */
export type ChargesError = 'rate_unknown' | 'fee_type_unsupported';

/**
 * Margin and fee of an order placed now at `quote` — the function the engine books with and the order
 * form previews with.
 */
export function orderCharges(
  product: MoneyProduct,
  terms: OrderTerms,
  quote: Quote,
  quotes: QuoteLookup,
): OrderCharges | { error: ChargesError } {
  const openingPrice = terms.limit ?? entryPrice(terms.side, quote);
  const notional = notionalUsd(product, terms.quantity, openingPrice, quotes);
  if (notional === null) return { error: 'rate_unknown' };
  const fee = feeOf(product, notional, terms.quantity);
  if (fee === null) return { error: 'fee_type_unsupported' };
  return {
    openingPrice,
    notional,
    margin: marginOf(notional, terms.multiple),
    fee,
    feeNow: terms.limit === null ? fee : '0',
  };
}

/** The smaller of two decimals. */
export function minDec(a: Decimal, b: Decimal): Decimal {
  return compare(a, b) <= 0 ? a : b;
}

/** The money fields of an order that make up what the trader kept (decimal strings, fees as positive charges). */
export interface OrderMoney {
  profitLoss: string;
  feeAmount: string;
  overnightFee: string;
}

/** Everything the order was charged: trading fee plus overnight fees; null when a field is not a decimal. */
export function feesOf(order: Pick<OrderMoney, 'feeAmount' | 'overnightFee'>): Decimal | null {
  const { feeAmount, overnightFee } = order;
  return isDecimal(feeAmount) && isDecimal(overnightFee) ? add(feeAmount, overnightFee) : null;
}

/**
 * Net P&L: the price P&L less every fee, i.e. what the order changed the balance by (the gross figure
 * alone disagrees with the net worth by the fees). Null when a field is not a decimal. The rule is linear,
 * so it also gives a total from the sums of the three fields over many orders — the history's total and
 * today's P&L are the sum of the net P&L its rows show (docs/decisions.md, H1).
 */
export function netPnl(order: OrderMoney): Decimal | null {
  const fees = feesOf(order);
  return fees !== null && isDecimal(order.profitLoss) ? sub(order.profitLoss, fees) : null;
}

/** Net value and available margin of an account (spec §2 position summary, §3 summary fields). */
export interface AccountMargin {
  /** Balance + locked margin + floating P&L of the open positions. */
  netValue: Decimal;
  /** Net value − locked margin: what new orders may still lock. */
  available: Decimal;
}

/**
 * The one computation of net value and available margin: the engine's position summary pushes it, the
 * desktop top bar shows it from the balance and the open positions' P&L.
 */
export function accountMargin(balance: Decimal, lockMargin: Decimal, floatingPnl: Decimal): AccountMargin {
  const netValue = add(add(balance, lockMargin), floatingPnl);
  return { netValue, available: sub(netValue, lockMargin) };
}
