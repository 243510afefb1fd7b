import { describe, expect, it } from 'vitest';
import {
  MAX_RECONNECTS,
  STALE_AFTER_MS,
  STALE_CHECK_MS,
  isStale,
  nextDelay,
  shouldGiveUp,
} from './reconnect-policy';

describe('reconnect policy', () => {
  it.each([
    [1, 500],
    [2, 1000],
    [3, 1500],
    [9, 4500],
    [10, 5000],
  ])('waits %i × 500 ms before attempt %i', (attempt, delay) => {
    expect(nextDelay(attempt)).toBe(delay);
  });

  it('never schedules a reconnect sooner than one step', () => {
    expect(nextDelay(0)).toBe(500);
    expect(nextDelay(-3)).toBe(500);
  });

  it.each([
    [1, false],
    [10, false],
    [11, true],
  ])('gives up before attempt %i: %s', (attempt, expected) => {
    expect(shouldGiveUp(attempt)).toBe(expected);
  });

  it('uses the spec numbers: 10 reconnects, stale after 10 s, checked every 1 s', () => {
    expect([MAX_RECONNECTS, STALE_AFTER_MS, STALE_CHECK_MS]).toEqual([10, 10_000, 1_000]);
  });

  it.each([
    [0, 10_000, false],
    [0, 10_001, true],
    [5_000, 12_000, false],
  ])('activity at %i is stale at %i: %s', (last, now, expected) => {
    expect(isStale(last, now)).toBe(expected);
  });
});
