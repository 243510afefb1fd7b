import { describe, expect, it } from 'vitest';
import { TOAST_MAX_MS, TOAST_MS, readingWeight, toastDuration } from './toast.logic';

describe('toastDuration', () => {
  it.each([
    ['', TOAST_MS],
    ['Copied', TOAST_MS],
    // 25 characters × 60 ms = 1500 ms: the spec's floor and the reading time meet here.
    ['x'.repeat(25), 1500],
    ['x'.repeat(26), 1560],
    ['Manual close is allowed 3 minutes after execution (409)', 55 * 60],
    ['x'.repeat(300), 18_000],
    ['x'.repeat(334), 20_000],
    ['x'.repeat(5000), TOAST_MAX_MS],
    ['  padded  ', TOAST_MS],
    // Chinese: 12 ideographs and a full-width comma read like 39 letters.
    ['余额不足，请先入金后再下单', 13 * 3 * 60],
  ])('keeps %j for %i ms', (text, ms) => {
    expect(toastDuration(text)).toBe(ms);
  });
});

describe('readingWeight', () => {
  it.each([
    ['abc', 3],
    ['日本語', 9],
    ['한국어', 9],
    ['カナ', 6],
    ['BTC 买入', 4 + 6],
    ['👍', 1],
  ])('weighs %j as %i', (text, weight) => {
    expect(readingWeight(text)).toBe(weight);
  });
});
