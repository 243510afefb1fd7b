/**
 * Spec §5 pending-order price: shown with the product's precision and moved by its pip. A pending buy may
 * not be above the current price and a pending sell not below it (index.wrong_price); such a price is
 * clamped to the current price with the message. "Current" is the side the order would trade at now: the
 * ask for a buy, the bid for a sell — the same side the server fills a pending order against.
 */
import { add, compare, isZero, sub } from './decimal';
import type { Decimal } from './decimal';
import { fixed, parseInput, sanitizeNumeric, shapeRefusal, snapNearest } from './market-order-input';
import type { RuleResult } from './market-order-input';

/** Order direction (spec §3 orderType): 0 buy, 1 sell. */
export type Direction = 0 | 1;

/** The price grid of a product (spec §3, defaults pip 0.01 and precision 2). */
export interface PriceGrid {
  pip: Decimal;
  pricePrecision: number;
}

/** A live two-sided quote. */
export interface Quote {
  bid: Decimal;
  ask: Decimal;
}

/** Message keys of the pending-price rules. */
export const PriceRule = {
  /** Spec index.wrong_price: the limit is on the wrong side of the current price. */
  wrongPrice: 'order.rule.wrong_price',
  /** Server code 301: a pending price must be above 0. */
  empty: 'order.rule.price_empty_rule',
} as const;

/** The price a direction trades at now: ask for a buy, bid for a sell. */
export function tradePrice(direction: Direction, quote: Quote): Decimal {
  return direction === 0 ? quote.ask : quote.bid;
}

function onGrid(value: Decimal, grid: PriceGrid): Decimal {
  return isZero(grid.pip) ? value : snapNearest(value, grid.pip);
}

/**
 * Commit a pending price: snapped to the pip, then checked against `current` (tradePrice of the quote) by
 * direction. Empty or zero answers price_empty_rule and stays empty.
 */
export function checkPendingPrice(
  text: string,
  direction: Direction,
  current: Decimal,
  grid: PriceGrid,
): RuleResult {
  const refused = shapeRefusal(text, grid.pricePrecision);
  if (refused) return refused;
  const typed = parseInput(sanitizeNumeric(text, grid.pricePrecision));
  const value = typed === null ? null : onGrid(typed, grid);
  if (value === null || compare(value, '0') <= 0)
    return { value: '', message: { key: PriceRule.empty }, clamped: false };
  const wrong = direction === 0 ? compare(value, current) > 0 : compare(value, current) < 0;
  if (wrong) {
    const bound = fixed(current, grid.pricePrecision);
    return { value: bound, message: { key: PriceRule.wrongPrice, vars: { bound } }, clamped: true };
  }
  return { value: fixed(value, grid.pricePrecision), message: null, clamped: false };
}

/** The +/- buttons of a price: one pip from the field, from `start` when it is empty; never below one pip. */
export function stepPrice(text: string, delta: 1 | -1, start: Decimal, grid: PriceGrid): string {
  const current = parseInput(text);
  const base = current === null ? start : onGrid(current, grid);
  const moved = current === null ? base : delta > 0 ? add(base, grid.pip) : sub(base, grid.pip);
  const floor = isZero(grid.pip) ? '0' : grid.pip;
  return fixed(compare(moved, floor) < 0 ? floor : moved, grid.pricePrecision);
}
