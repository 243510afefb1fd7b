/**
 * The money of TradeKit's order tools (issue #25, decisions OT1–OT12), shared by the engine and the widgets:
 * how a partial close splits what a position holds, where a trailing stop sits, and the break-even price.
 */
import { add, compare, div, fromScaledInt, mul, sub, toFixed, toScaledInt, type Decimal } from './decimal';
import { CENTS, pnlUsd, type MoneyProduct, type QuoteLookup, type Side } from './money';

/**
 * The share of `amount` (USD, cents) that `part` of `whole` lots carries, rounded half up to the cent, and
 * the rest: the two always add up to `amount` exactly, so a split never creates or loses a cent (OT2).
 */
export function splitAmount(
  amount: Decimal,
  part: Decimal,
  whole: Decimal,
): { part: Decimal; rest: Decimal } {
  const share = toFixed(div(mul(amount, part), whole, CENTS + 6), CENTS);
  return { part: share, rest: sub(amount, share) };
}

/** What a position holds that a partial close divides between the closed part and the rest. */
export interface PositionHoldings {
  orderQuantity: Decimal;
  margin: Decimal;
  feeAmount: Decimal;
  overnightFee: Decimal;
}

/** The closed part and the rest of a position when `quantity` of its lots close (OT2). */
export function splitPosition(
  position: PositionHoldings,
  quantity: Decimal,
): { part: PositionHoldings; rest: PositionHoldings } {
  const whole = position.orderQuantity;
  const margin = splitAmount(position.margin, quantity, whole);
  const fee = splitAmount(position.feeAmount, quantity, whole);
  const overnight = splitAmount(position.overnightFee, quantity, whole);
  return {
    part: { orderQuantity: quantity, margin: margin.part, feeAmount: fee.part, overnightFee: overnight.part },
    rest: {
      orderQuantity: sub(whole, quantity),
      margin: margin.rest,
      feeAmount: fee.rest,
      overnightFee: overnight.rest,
    },
  };
}

/**
 * The stop a trailing distance gives at `exit` (the bid of a buy, the ask of a sell), in integer price units:
 * below the bid of a buy, above the ask of a sell (OT4).
 */
export function trailingStopUnits(side: Side, exitUnits: number, distanceUnits: number): number {
  return side === 0 ? exitUnits - distanceUnits : exitUnits + distanceUnits;
}

/** True when `next` is a tighter stop than `current` for the side (higher for a buy, lower for a sell). */
export function isTighterStop(side: Side, next: number, current: number): boolean {
  return side === 0 ? next > current : next < current;
}

/** What the break-even price reads of a position. */
export interface BreakEvenPosition {
  orderType: Side;
  openingPrice: Decimal;
  orderQuantity: Decimal;
  feeAmount: Decimal;
  overnightFee: Decimal;
}

/** Bigger than any move a break-even needs (2^40 price units): past it the costs cannot be earned back. */
const MAX_BREAK_EVEN_UNITS = 2 ** 40;

/**
 * The break-even price of a position (OT7): the nearest price at the product's precision, on the profit
 * side of the opening price, where closing realises a P&L that pays back the trading fee and the overnight
 * fees charged so far (net P&L ≥ 0.00). Found on the P&L function itself (it rises with every tick in the
 * trader's favour), so currency conversion and rounding are exactly the close's. Null when the P&L cannot
 * be valued (no USD rate) or the costs cannot be earned back.
 */
export function breakEvenPrice(
  product: Pick<MoneyProduct, 'productCode' | 'type' | 'contractSize'>,
  precision: number,
  position: BreakEvenPosition,
  quotes: QuoteLookup,
): Decimal | null {
  const costs = add(position.feeAmount, position.overnightFee);
  const open = toScaledInt(position.openingPrice, precision);
  const direction = position.orderType === 0 ? 1n : -1n;
  const priceAt = (ticks: number) => fromScaledInt(open + direction * BigInt(ticks), precision);
  const pays = (ticks: number): boolean | null => {
    const price = priceAt(ticks);
    if (compare(price, '0') <= 0) return null;
    const pnl = pnlUsd(
      product,
      position.orderType,
      position.openingPrice,
      price,
      position.orderQuantity,
      quotes,
    );
    return pnl === null ? null : compare(pnl, costs) >= 0;
  };
  const atOpen = pays(0);
  if (atOpen === null) return null;
  if (atOpen) return priceAt(0);
  // Doubling finds a move that pays, then bisection the smallest one.
  let low = 0;
  let high = 1;
  for (;;) {
    const enough = pays(high);
    if (enough === null || high > MAX_BREAK_EVEN_UNITS) return null;
    if (enough) break;
    low = high;
    high *= 2;
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (pays(mid)) high = mid;
    else low = mid;
  }
  return priceAt(high);
}
