import { describe, expect, it } from 'vitest';
import type { CategoryId } from '../contract/types';
import { changeDirection, groupByCategory, sortQuotes, topSymbols } from './quotes';

const q = (symbol: string, sort: number | null, type: CategoryId = 3) => ({ symbol, sort, type });
const symbols = (list: Array<{ symbol: string }>) => list.map((e) => e.symbol);

describe('sortQuotes', () => {
  it('orders by sort ascending and ranks missing, zero, negative and NaN sorts last by symbol', () => {
    const input = [
      q('ZZZ', null),
      q('EURUSD', 2),
      q('AAA', 0),
      q('GBPUSD', 1),
      q('BBB', -4),
      q('CCC', Number.NaN),
    ];
    expect(symbols(sortQuotes(input))).toEqual(['GBPUSD', 'EURUSD', 'AAA', 'BBB', 'CCC', 'ZZZ']);
  });

  it('breaks equal sorts by symbol and leaves the input untouched', () => {
    const input = [q('USDJPY', 1), q('AUDUSD', 1)];
    expect(symbols(sortQuotes(input))).toEqual(['AUDUSD', 'USDJPY']);
    expect(symbols(input)).toEqual(['USDJPY', 'AUDUSD']);
  });
});

describe('groupByCategory', () => {
  const entries = [
    q('BTCUSDT', 1, 1),
    q('EURUSD', 2, 3),
    q('XAUUSD', 1, 2),
    q('GBPUSD', 1, 3),
    q('AAPL', 1, 5),
  ];

  it('returns tabs in the trade-list order with sorted entries', () => {
    const groups = groupByCategory(entries, [3, 2, 1, 4]);
    expect(groups.map((g) => [g.type, g.key, symbols(g.entries)])).toEqual([
      [3, 'forex', ['GBPUSD', 'EURUSD']],
      [2, 'commodities', ['XAUUSD']],
      [1, 'cryptos', ['BTCUSDT']],
      [4, 'indices', []],
    ]);
  });

  it('shows US stocks only for brands that list them', () => {
    expect(groupByCategory(entries, [3, 2, 1, 4, 5]).at(-1)).toMatchObject({ key: 'usStocks' });
    expect(groupByCategory(entries, [3, 2, 1, 4]).some((g) => g.type === 5)).toBe(false);
  });

  it('gives a category listed twice one tab and ignores unknown categories', () => {
    expect(groupByCategory(entries, [3, 3, 9 as CategoryId]).map((g) => g.type)).toEqual([3]);
  });
});

describe('topSymbols', () => {
  const entries = [q('EURUSD', 3), q('XAUUSD', 1), q('BTCUSDT', 2), q('GBPUSD', null)];

  it.each([
    [['BTCUSDT', 'EURUSD', 'GBPUSD'], 3, ['BTCUSDT', 'EURUSD', 'GBPUSD']],
    [['GBPUSD', 'NOPE'], 3, ['GBPUSD', 'XAUUSD', 'BTCUSDT']],
    [[], 3, ['XAUUSD', 'BTCUSDT', 'EURUSD']],
    [['EURUSD', 'EURUSD', 'XAUUSD'], 2, ['EURUSD', 'XAUUSD']],
    [['EURUSD'], 10, ['EURUSD', 'XAUUSD', 'BTCUSDT', 'GBPUSD']],
  ])('with home symbols %j and n=%i picks %j', (home, n, expected) => {
    expect(symbols(topSymbols(entries, home, n))).toEqual(expected);
  });
});

describe('changeDirection', () => {
  it.each([
    ['1.2', 'up'],
    ['+0.01', 'up'],
    ['-0.42', 'down'],
    ['0', 'flat'],
    ['-0.00', 'flat'],
    ['0.000', 'flat'],
    ['', 'flat'],
    ['abc', 'flat'],
    [null, 'flat'],
  ])('reads %s as %s', (percent, expected) => {
    expect(changeDirection(percent)).toBe(expected);
  });
});
