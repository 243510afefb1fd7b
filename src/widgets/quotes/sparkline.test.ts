import { describe, expect, it } from 'vitest';
import { MAX_POINTS, appendLive, parseThumb, seriesDirection, sparkPath } from './sparkline';
import type { SparkPoint } from './sparkline';

const MIN = 60_000;
const history: SparkPoint[] = [
  { time: 0, price: '10' },
  { time: MIN, price: '12' },
];

describe('parseThumb', () => {
  it('keeps valid points oldest first and drops malformed ones', () => {
    const data = {
      symbol: 'EURUSD',
      points: [
        { time: MIN, price: '2' },
        { time: 0, price: 1 },
        { time: 'x', price: '3' },
        { price: '4' },
        null,
      ],
    };
    expect(parseThumb(data)).toEqual([
      { time: 0, price: '1' },
      { time: MIN, price: '2' },
    ]);
  });

  it.each([null, {}, { points: 'no' }, []])('reads %j as an empty series', (data) => {
    expect(parseThumb(data)).toEqual([]);
  });
});

describe('appendLive', () => {
  it('appends a live point after the history', () => {
    expect(appendLive(history, '13', 2 * MIN + 5)).toEqual([
      ...history,
      { time: 2 * MIN + 5, price: '13', live: true },
    ]);
  });

  it('replaces the live point of the same minute and appends in the next minute', () => {
    const a = appendLive(history, '13', 2 * MIN + 5);
    const b = appendLive(a, '14', 2 * MIN + 30_000);
    const c = appendLive(b, '15', 3 * MIN + 1);
    expect(b).toHaveLength(3);
    expect(b[2]).toEqual({ time: 2 * MIN + 30_000, price: '14', live: true });
    expect(c.map((p) => p.price)).toEqual(['10', '12', '14', '15']);
  });

  it('ignores an older or non-decimal price and an unchanged repeat', () => {
    const a = appendLive(history, '13', 2 * MIN);
    expect(appendLive(a, '11', MIN)).toBe(a);
    expect(appendLive(a, 'abc', 3 * MIN)).toBe(a);
    expect(appendLive(a, '13', 2 * MIN)).toBe(a);
  });

  it('keeps at most MAX_POINTS points, dropping the oldest', () => {
    let series: readonly SparkPoint[] = [];
    for (let i = 0; i < MAX_POINTS + 10; i++) series = appendLive(series, String(i + 1), i * MIN);
    expect(series).toHaveLength(MAX_POINTS);
    expect(series[0]?.price).toBe('11');
  });
});

describe('seriesDirection', () => {
  it.each([
    [[], 'flat'],
    [history, 'up'],
    [[...history].reverse(), 'down'],
    [[history[0]!, { time: MIN, price: '10.0' }], 'flat'],
  ] as Array<[SparkPoint[], string]>)('of %j is %s', (points, expected) => {
    expect(seriesDirection(points)).toBe(expected);
  });
});

describe('sparkPath', () => {
  it('draws nothing for fewer than two points', () => {
    expect(sparkPath(history.slice(0, 1), 80, 28)).toBe('');
  });

  it('spans the box with the highest price at the top', () => {
    expect(sparkPath(history, 80, 28)).toBe('M2.0,26.0L78.0,2.0');
  });

  it('draws a level series through the middle', () => {
    expect(sparkPath([history[0]!, { time: MIN, price: '10' }], 80, 28)).toBe('M2.0,14.0L78.0,14.0');
  });
});
