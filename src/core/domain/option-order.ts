/**
 * Display rules of an option order shared by the position and history lists (spec §4 option lifecycle):
 * the time left, the progress bar in 100 steps, the countdown text, direction and outcome. Pure: `now` is
 * passed in; money stays decimal strings.
 */
import { OptionDirection } from '../contract/options';
import type { OptionOrder } from '../contract/options';
import { compare, isDecimal } from './decimal';

/** The progress bar has 100 steps (spec §4) and is refreshed about every 200 ms (spec §9). */
export const OPTION_PROGRESS_STEPS = 100;
export const OPTION_TICK_MS = 200;

/** Milliseconds before the option expires; 0 once it has. */
export function optionRemainingMs(order: Pick<OptionOrder, 'endTime'>, now: number): number {
  return Math.max(0, order.endTime - now);
}

/**
 * Progress of a running option: remaining ÷ timeLong × 100, in whole steps, between 0 and 100 (spec §4).
 * It is rounded up, so it reads 0 only when the option has expired.
 */
export function optionProgress(order: Pick<OptionOrder, 'endTime' | 'timeLong'>, now: number): number {
  const total = order.timeLong * 1000;
  if (!(total > 0)) return 0;
  const steps = Math.ceil((optionRemainingMs(order, now) / total) * OPTION_PROGRESS_STEPS);
  return Math.min(OPTION_PROGRESS_STEPS, Math.max(0, steps));
}

/** Time left as m:ss, or h:mm:ss from one hour, rounded up so it never shows 0:00 while running. */
export function optionCountdownText(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The direction of an option (spec §3 orderType: 0 up, 1 down), the last segment of its i18n key. */
export function optionDirection(order: Pick<OptionOrder, 'orderType'>): 'up' | 'down' {
  return order.orderType === OptionDirection.down ? 'down' : 'up';
}

/** The outcome of a settled option from its winLost: a profit, the stake lost, a tie; null while running. */
export function optionOutcome(winLost: string | null | undefined): 'win' | 'loss' | 'tie' | null {
  if (!winLost || !isDecimal(winLost)) return null;
  const sign = compare(winLost, '0');
  return sign > 0 ? 'win' : sign < 0 ? 'loss' : 'tie';
}
