import { describe, expect, it } from 'vitest';
import {
  optionCountdownText,
  optionDirection,
  optionOutcome,
  optionProgress,
  optionRemainingMs,
} from './option-order';

const order = { endTime: 100_000, timeLong: 60 };

describe('option order display rules', () => {
  it.each([
    [40_000, 60_000],
    [99_999, 1],
    [100_000, 0],
    [150_000, 0],
  ])('at %i ms the time left is %i ms', (now, left) => {
    expect(optionRemainingMs(order, now)).toBe(left);
  });

  it.each([
    [40_000, 100],
    [10_000, 100],
    [70_000, 50],
    [69_999, 51],
    [99_999, 1],
    [100_000, 0],
    [200_000, 0],
  ])('at %i ms the progress is %i of 100', (now, progress) => {
    expect(optionProgress(order, now)).toBe(progress);
  });

  it('answers 0 progress for a malformed duration', () => {
    expect(optionProgress({ endTime: 100, timeLong: 0 }, 0)).toBe(0);
  });

  it.each([
    [0, '0:00'],
    [1, '0:01'],
    [59_001, '1:00'],
    [61_000, '1:01'],
    [3_600_000, '1:00:00'],
    [3_661_000, '1:01:01'],
    [-5, '0:00'],
  ])('counts %i ms down as %s', (ms, text) => {
    expect(optionCountdownText(ms)).toBe(text);
  });

  it('reads orderType 0 as up and 1 as down', () => {
    expect(optionDirection({ orderType: 0 })).toBe('up');
    expect(optionDirection({ orderType: 1 })).toBe('down');
  });

  it.each([
    ['85.00', 'win'],
    ['-100', 'loss'],
    ['0.00', 'tie'],
    [null, null],
    ['x', null],
  ] as const)('reads winLost %s as %s', (winLost, outcome) => {
    expect(optionOutcome(winLost)).toBe(outcome);
  });
});
