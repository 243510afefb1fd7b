/**
 * Spec §5 market-order volume: a number of lots between minCount and maxCount, on the countNum step, with at
 * most 2 decimals. Out-of-range input is clamped with volume_max_rule / volume_min_rule and the bound; an
 * emptied field answers volume_empty_rule and stays empty (the order cannot be sent without a volume).
 */
import { add, compare, isZero, sub } from './decimal';
import type { Decimal } from './decimal';
import {
  VOLUME_DECIMALS,
  decimalsOf,
  fixed,
  parseInput,
  sanitizeNumeric,
  shapeRefusal,
  snapDown,
} from './market-order-input';
import type { RuleResult } from './market-order-input';

/** The lot limits of a product (spec §3 Product order info). */
export interface VolumeLimits {
  minCount: Decimal;
  maxCount: Decimal;
  /** Lot step. */
  countNum: Decimal;
}

/** Message keys of the volume rules. */
export const VolumeRule = {
  max: 'order.rule.volume_max_rule',
  min: 'order.rule.volume_min_rule',
  empty: 'order.rule.volume_empty_rule',
} as const;

/** Decimals a volume is shown with: the step's, at most 2 (spec §9). */
export function volumeDecimals(limits: VolumeLimits): number {
  return Math.min(VOLUME_DECIMALS, decimalsOf(limits.countNum));
}

function show(value: Decimal, limits: VolumeLimits): string {
  return fixed(value, volumeDecimals(limits));
}

/**
 * Commit a volume (blur, Enter, submit): snapped down to the step, then clamped into [minCount, maxCount].
 * A step that does not fit 2 decimals is ignored rather than producing a volume the field cannot show.
 */
export function checkVolume(text: string, limits: VolumeLimits): RuleResult {
  const refused = shapeRefusal(text, VOLUME_DECIMALS);
  if (refused) return refused;
  const typed = parseInput(sanitizeNumeric(text, VOLUME_DECIMALS));
  if (typed === null) return { value: '', message: { key: VolumeRule.empty }, clamped: false };
  const step = limits.countNum;
  const usableStep = !isZero(step) && decimalsOf(step) <= VOLUME_DECIMALS;
  const value = usableStep ? snapDown(typed, step) : typed;
  if (compare(value, limits.maxCount) > 0) {
    const bound = show(limits.maxCount, limits);
    return { value: bound, message: { key: VolumeRule.max, vars: { bound } }, clamped: true };
  }
  if (compare(value, limits.minCount) < 0) {
    const bound = show(limits.minCount, limits);
    return { value: bound, message: { key: VolumeRule.min, vars: { bound } }, clamped: true };
  }
  return { value: show(value, limits), message: null, clamped: false };
}

/**
 * The +/- buttons: one countNum up or down from the field (from minCount when it is empty or invalid),
 * kept inside the limits without a message (the buttons are disabled at the bounds, see canStepVolume).
 */
export function stepVolume(text: string, direction: 1 | -1, limits: VolumeLimits): string {
  const current = parseInput(text);
  if (current === null) return show(limits.minCount, limits);
  const moved = direction > 0 ? add(current, limits.countNum) : sub(current, limits.countNum);
  const result = checkVolume(compare(moved, '0') < 0 ? '0' : moved, limits);
  return result.value;
}

/** Whether a +/- press can still move the volume (false at the bound, so the button is disabled). */
export function canStepVolume(text: string, direction: 1 | -1, limits: VolumeLimits): boolean {
  const current = parseInput(text);
  if (current === null) return true;
  return direction > 0 ? compare(current, limits.maxCount) < 0 : compare(current, limits.minCount) > 0;
}
