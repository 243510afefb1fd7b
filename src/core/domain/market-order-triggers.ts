/**
 * Spec §5 stop loss and take profit: optional switches that need a value when on, a positive value, and a
 * side of the reference price by direction — a buy's stop loss below it and its take profit above it, a
 * sell the opposite. A trigger on the wrong side is clamped one pip inside with index.max_is / index.min_is.
 *
 * The reference is what the server triggers against: a market buy is valued at the bid and a market sell at
 * the ask (so a stop at or beyond that price would fire at once); a pending order at its own limit price,
 * which is where it will open.
 */
import { add, compare, sub } from './decimal';
import type { Decimal } from './decimal';
import { VOLUME_DECIMALS, fixed, parseInput, sanitizeNumeric, shapeRefusal } from './market-order-input';
import type { RuleResult } from './market-order-input';
import type { Direction, PriceGrid, Quote } from './market-order-price';

/** Message keys of the trigger rules. */
export const TriggerRule = {
  stopLossEmpty: 'order.rule.stoploss_empty_rule',
  takeProfitEmpty: 'order.rule.takeprofit_empty_rule',
  stopLossZero: 'order.rule.stoploss_zero_rule',
  takeProfitZero: 'order.rule.takeprofit_zero_rule',
  /** Spec index.max_is. */
  maxIs: 'order.rule.max_is',
  /** Spec index.min_is. */
  minIs: 'order.rule.min_is',
} as const;

/** Which trigger a rule is about. */
export type TriggerKind = 'stopLoss' | 'takeProfit';

/**
 * Decimals of a trigger price: 2 (spec §9), or the product precision where that is finer — a 2-decimal stop
 * on a 5-decimal currency pair could not be placed anywhere useful.
 */
export function triggerDecimals(grid: PriceGrid): number {
  return Math.max(VOLUME_DECIMALS, grid.pricePrecision);
}

/** The price triggers are checked against (see the module comment). */
export function triggerReference(direction: Direction, quote: Quote, pendingPrice: Decimal | null): Decimal {
  if (pendingPrice !== null) return pendingPrice;
  return direction === 0 ? quote.bid : quote.ask;
}

/** True when a trigger must lie below the reference: a buy's stop loss or a sell's take profit. */
export function triggerBelow(kind: TriggerKind, direction: Direction): boolean {
  return (kind === 'stopLoss') === (direction === 0);
}

/** Commit a stop loss or take profit that is switched on. */
export function checkTrigger(
  kind: TriggerKind,
  text: string,
  direction: Direction,
  reference: Decimal,
  grid: PriceGrid,
): RuleResult {
  const decimals = triggerDecimals(grid);
  const refused = shapeRefusal(text, decimals);
  if (refused) return refused;
  const value = parseInput(sanitizeNumeric(text, decimals));
  const stop = kind === 'stopLoss';
  if (value === null) {
    const key = stop ? TriggerRule.stopLossEmpty : TriggerRule.takeProfitEmpty;
    return { value: '', message: { key }, clamped: false };
  }
  if (compare(value, '0') <= 0) {
    const key = stop ? TriggerRule.stopLossZero : TriggerRule.takeProfitZero;
    return { value: '', message: { key }, clamped: false };
  }
  const below = triggerBelow(kind, direction);
  const wrong = below ? compare(value, reference) >= 0 : compare(value, reference) <= 0;
  if (!wrong) return { value: fixed(value, decimals), message: null, clamped: false };
  const bound = fixed(below ? sub(reference, grid.pip) : add(reference, grid.pip), decimals);
  const key = below ? TriggerRule.maxIs : TriggerRule.minIs;
  return { value: bound, message: { key, vars: { bound } }, clamped: true };
}

/** The +/- buttons of a trigger: one pip, starting one pip inside the reference when the field is empty. */
export function stepTrigger(
  kind: TriggerKind,
  text: string,
  delta: 1 | -1,
  direction: Direction,
  reference: Decimal,
  grid: PriceGrid,
): string {
  const decimals = triggerDecimals(grid);
  const current = parseInput(text);
  if (current === null) {
    const below = triggerBelow(kind, direction);
    return fixed(below ? sub(reference, grid.pip) : add(reference, grid.pip), decimals);
  }
  const moved = delta > 0 ? add(current, grid.pip) : sub(current, grid.pip);
  return fixed(compare(moved, grid.pip) < 0 ? grid.pip : moved, decimals);
}
