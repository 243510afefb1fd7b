/**
 * The server's order rules as pure functions: each answers the catalogue code that refuses the order, or
 * null when the rule holds. The routes run them in the order of `docs/decisions.md` (trading table).
 */
import {
  compare,
  isDecimal,
  normalize,
  toFixed,
  toScaledInt,
  type Decimal,
} from '../../../src/core/domain/decimal';
import { isMarketOpen } from '../../../src/core/domain/market-hours';
import { Code } from '../../../src/core/contract/codes';
import type { OrderTypeId } from '../../../src/core/contract/trading';
import type { SessionHours } from '../../../src/core/contract/types';
import type { Quote as DecimalQuote } from '../../../src/core/domain/money';

type Rule = number | null;

/** Highest price, stop or take profit accepted (keeps every amount inside the ledger's NUMERIC(28, 8)). */
export const MAX_PRICE = '1000000000000';

/** Most pending and open orders one account may hold at once (502 beyond). */
export const MAX_LIVE_ORDERS = 200;

/** Fraction digits of a decimal string. */
export function decimals(value: Decimal): number {
  return value.split('.')[1]?.length ?? 0;
}

/** Fraction digits of a lot step ("0.010" → 2): the decimals a quantity is stored with. */
export function lotDecimals(step: Decimal): number {
  return decimals(normalize(step));
}

/** The `msg` of a 302 refusal: it names the step (the catalogue text speaks of zero). */
export function lotStepMessage(step: Decimal): string {
  return `quantity must be a multiple of the lot step ${normalize(step)}`;
}

/** Lots: 307 not above zero, 305 above the maximum, 306 below the minimum, 302 off the lot step. */
export function quantityRule(
  qty: Decimal,
  lots: { minCount: Decimal; maxCount: Decimal; countNum: Decimal },
): Rule {
  if (compare(qty, '0') <= 0) return Code.LOTS_NOT_POSITIVE;
  if (compare(qty, lots.maxCount) > 0) return Code.LOTS_ABOVE_LIMIT;
  if (compare(qty, lots.minCount) < 0) return Code.LOTS_BELOW_LIMIT;
  const scale = Math.max(decimals(qty), decimals(lots.countNum));
  if (toScaledInt(qty, scale) % toScaledInt(lots.countNum, scale) !== 0n) return Code.QUANTITY_OFF_STEP;
  return null;
}

/** The pair: 303 not configured, 304 its trade status forbids trading. */
export function pairRule(product: { tradeStatus: number } | undefined): Rule {
  if (!product) return Code.PAIR_CONFIG_NOT_FOUND;
  return product.tradeStatus === 1 ? null : Code.PAIR_PROHIBITED;
}

/** 304: the brand does not offer the product's category (undefined `offered`: no brand rule applies). */
export function categoryRule(type: number, offered: readonly number[] | undefined): Rule {
  return offered === undefined || offered.includes(type) ? null : Code.PAIR_PROHIBITED;
}

/** 605 outside the product's trading hours (spec §4 market open computation). */
export function marketOpenRule(sessions: readonly SessionHours[], now: number): Rule {
  return isMarketOpen(sessions, now) ? null : Code.PAIR_CANNOT_TRADE;
}

/**
 * 501 unless a price is a positive decimal of at most `MAX_PRICE` with no more significant decimals than the
 * product's price precision (trailing zeros beyond it are allowed; the price is stored at the precision).
 */
export function priceFormatRule(price: Decimal, precision: number): Rule {
  if (!isDecimal(price) || compare(price, '0') <= 0 || compare(price, MAX_PRICE) > 0)
    return Code.ORDER_PARAMETER;
  return decimals(normalize(price)) > precision ? Code.ORDER_PARAMETER : null;
}

/** 306: a charge that rounds to nothing never opens an order (margin and fee round up to the cent). */
export function chargeRule(margin: Decimal): Rule {
  return compare(margin, '0.01') < 0 ? Code.LOTS_BELOW_LIMIT : null;
}

/** 502: an account holds at most `MAX_LIVE_ORDERS` pending and open orders. */
export function liveOrdersRule(live: number): Rule {
  return live >= MAX_LIVE_ORDERS ? Code.ORDER_SUBMISSION_FAILED : null;
}

/** 301: a pending price is above zero, a buy at or below the ask, a sell at or above the bid. */
export function pendingPriceRule(orderType: OrderTypeId, price: Decimal, quote: DecimalQuote): Rule {
  if (compare(price, '0') <= 0) return Code.PENDING_PRICE_INVALID;
  if (orderType === 0 && compare(price, quote.ask) > 0) return Code.PENDING_PRICE_INVALID;
  if (orderType === 1 && compare(price, quote.bid) < 0) return Code.PENDING_PRICE_INVALID;
  return null;
}

/** What a stop loss and take profit are checked against. */
export type TriggerReference =
  /** A new market order: it fills at the entry side and is valued at the exit side of this quote. */
  | { kind: 'market'; quote: DecimalQuote }
  /** An open position being edited: valued at the exit side of this quote. */
  | { kind: 'open'; quote: DecimalQuote }
  /** A pending order (new or edited): it fills at its limit price. */
  | { kind: 'pending'; limit: Decimal };

/**
 * Stop loss and take profit by direction (null = off). A level must sit strictly on its own side of the
 * reference so that it cannot fire on the tick that opens the position:
 *
 * | reference | buy TP ≤ | buy SL ≥ | sell TP ≥ | sell SL ≤ | codes TP / SL |
 * |-----------|----------|----------|-----------|-----------|---------------|
 * | market    | ask 312  | bid 314  | bid 313   | ask 315   | 312/313, 314/315 |
 * | open      | bid 308  | bid 309  | ask 308   | ask 309   | 308, 309      |
 * | pending   | limit 310| limit 311| limit 310 | limit 311 | 310, 311      |
 */
export function triggerRule(
  orderType: OrderTypeId,
  stop: Decimal | null,
  takeProfit: Decimal | null,
  ref: TriggerReference,
): Rule {
  const buy = orderType === 0;
  let tpLine: Decimal, slLine: Decimal, tpCode: number, slCode: number;
  if (ref.kind === 'pending') {
    [tpLine, slLine, tpCode, slCode] = [
      ref.limit,
      ref.limit,
      Code.TAKE_PROFIT_VS_LIMIT,
      Code.STOP_LOSS_VS_LIMIT,
    ];
  } else if (ref.kind === 'open') {
    const exit = buy ? ref.quote.bid : ref.quote.ask;
    [tpLine, slLine, tpCode, slCode] = [exit, exit, Code.TAKE_PROFIT_VS_CURRENT, Code.STOP_LOSS_VS_CURRENT];
  } else if (buy) {
    [tpLine, slLine, tpCode, slCode] = [
      ref.quote.ask,
      ref.quote.bid,
      Code.TAKE_PROFIT_BUY_SIDE,
      Code.STOP_LOSS_BUY_SIDE,
    ];
  } else {
    [tpLine, slLine, tpCode, slCode] = [
      ref.quote.bid,
      ref.quote.ask,
      Code.TAKE_PROFIT_SELL_SIDE,
      Code.STOP_LOSS_SELL_SIDE,
    ];
  }
  const wrongSide = (level: Decimal, line: Decimal, above: boolean) =>
    above ? compare(level, line) <= 0 : compare(level, line) >= 0;
  if (takeProfit !== null && wrongSide(takeProfit, tpLine, buy)) return tpCode;
  if (stop !== null && wrongSide(stop, slLine, !buy)) return slCode;
  return null;
}

/** 320: a real forex order needs the brand's total real deposits (demo accounts are exempt). */
export function forexDepositRule(
  category: number,
  virtual: boolean,
  minDeposit: Decimal | null,
  totalDeposits: Decimal,
): Rule {
  if (category !== 3 || virtual || minDeposit === null) return null;
  return compare(totalDeposits, minDeposit) < 0 ? Code.FOREX_DEPOSIT_REQUIRED : null;
}

/** 321: where the brand forbids hedging, no order opposite to a live order of the same pair. */
export function oppositeRule(forbid: boolean, orderType: OrderTypeId, liveTypes: readonly number[]): Rule {
  return forbid && liveTypes.some((t) => t !== orderType) ? Code.OPPOSITE_POSITION_OPEN : null;
}

/**
 * A wire stop loss or take profit: '' or 0 turns it off (null); 501 for anything that is not a positive
 * decimal at the product's precision.
 */
export function parseTrigger(value: string | null | undefined, precision: number): Decimal | null | 501 {
  const text = (value ?? '').trim();
  if (text === '' || (isDecimal(text) && compare(text, '0') === 0)) return null;
  // Stored and answered at the product's precision, as every price of the product is ("212" → "212.00").
  return priceFormatRule(text, precision) === null ? toFixed(text, precision) : Code.ORDER_PARAMETER;
}

/** 409: a manual close only `afterMs` after the execution; 404 when the order is not open. */
export function manualCloseRule(
  status: number,
  executedAt: number | null,
  now: number,
  afterMs: number,
): Rule {
  if (status !== 2 || executedAt === null) return Code.ORDER_NOT_CLOSABLE;
  return now - executedAt < afterMs ? Code.MANUAL_CLOSE_TOO_SOON : null;
}

/** Cancel: 407 for a market order (a position is closed, not cancelled), 408 unless still pending. */
export function cancelRule(buyPoint: number, status: number): Rule {
  if (buyPoint !== 1) return Code.ORDER_TYPE_NOT_CANCELLABLE;
  return status === 1 ? null : Code.ORDER_STATUS_NOT_CANCELLABLE;
}
