// @vitest-environment jsdom
import type { AxisRange } from 'klinecharts';
import { describe, expect, it } from 'vitest';
import { rangeWith } from './trade-overlays';

const range = (from: number, to: number): AxisRange => ({
  from,
  to,
  range: to - from,
  realFrom: from,
  realTo: to,
  realRange: to - from,
  displayFrom: from,
  displayTo: to,
  displayRange: to - from,
});

describe('rangeWith (the price axis takes in the order lines)', () => {
  it.each([
    ['lines inside the candles: the same range', [100, 110], [102, 108], [100, 110]],
    ['a stop loss below', [100, 110], [95, 108], [95, 110]],
    ['a take profit above', [100, 110], [102, 120], [100, 120]],
    ['both outside', [100, 110], [90, 130], [90, 130]],
  ] as const)('%s', (_, [from, to], [low, high], expected) => {
    const widened = rangeWith(range(from, to), low, high);
    expect(widened).toEqual(range(expected[0], expected[1]));
  });

  it('returns the range itself when nothing changes (klinecharts then keeps its own)', () => {
    const own = range(1, 2);
    expect(rangeWith(own, 1.5, 1.6)).toBe(own);
  });
});
