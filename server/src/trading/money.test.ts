import { describe, expect, it } from 'vitest';
import {
  entryPrice,
  exitPrice,
  feeOf,
  marginOf,
  notionalUsd,
  pnlUsd,
  quoteCurrency,
  toUsd,
  type QuoteLookup,
} from './money';
import { belowLevel } from './stop-out';

const QUOTES: Record<string, { bid: string; ask: string }> = {
  USDJPY: { bid: '150.000', ask: '150.000' },
  GBPUSD: { bid: '1.30000', ask: '1.30000' },
};
const quotes: QuoteLookup = (symbol) => QUOTES[symbol];
const btc = { productCode: 'BTCUSDT', type: 1, contractSize: '1' };
const usdjpy = { productCode: 'USDJPY', type: 3, contractSize: '100000' };
const eurgbp = { productCode: 'EURGBP', type: 3, contractSize: '100000' };

describe('USD conversion', () => {
  it.each([
    [btc, 'USD'],
    [usdjpy, 'JPY'],
    [eurgbp, 'GBP'],
  ])('quotes %o in %s', (product, currency) => {
    expect(quoteCurrency(product)).toBe(currency);
  });

  it('converts through the direct pair, the inverse pair, or not at all', () => {
    expect(toUsd('10', 'GBP', quotes)).toBe('13.0000000000');
    expect(toUsd('300', 'JPY', quotes)).toBe('2.0000000000');
    expect(toUsd('1', 'CHF', quotes)).toBeNull();
  });

  it('values one lot of USDJPY at 100,000 USD whatever the price', () => {
    expect(notionalUsd(usdjpy, '1', '150.000', quotes)).toBe('100000.0000000000');
  });
});

describe('margin, fee and P&L', () => {
  it.each([
    ['98500', 100, '985.00'],
    ['1000', 3, '333.33'],
    ['0.5', 100, '0.01'],
  ])('locks %s USD at leverage %s as %s', (usd, multiple, margin) => {
    expect(marginOf(usd, multiple)).toBe(margin);
  });

  it('charges a percentage of the notional or a fixed amount per lot', () => {
    expect(feeOf({ feeType: 'PERCENTAGE', feeValue: '0.2' }, '98500', '1')).toBe('197.00');
    expect(feeOf({ feeType: 'FIX_AMOUNT', feeValue: '5' }, '98500', '0.3')).toBe('1.50');
  });

  it('enters at the ask and leaves at the bid for a buy, the other way for a sell', () => {
    const q = { bid: '1', ask: '2' };
    expect([entryPrice(0, q), exitPrice(0, q), entryPrice(1, q), exitPrice(1, q)]).toEqual([
      '2',
      '1',
      '1',
      '2',
    ]);
  });

  it.each([
    [0, '100', '110', '0.5', '5.00'],
    [0, '100', '90', '0.5', '-5.00'],
    [1, '100', '90', '0.5', '5.00'],
    [1, '100', '110', '2', '-20.00'],
  ] as const)('gives a %s from %s to %s of %s lots %s USD', (type, open, close, qty, pnl) => {
    expect(pnlUsd(btc, type, open, close, qty, quotes)).toBe(pnl);
  });

  it('converts a yen P&L to USD', () => {
    expect(pnlUsd(usdjpy, 0, '150.000', '150.150', '1', quotes)).toBe('100.00');
  });
});

describe('belowLevel', () => {
  it.each([
    ['299.88', '1000.10', '-799.92', '0.5', false],
    ['299.88', '1000.10', '-799.94', '0.5', true],
    ['100', '0', '-50', '0.5', false],
    ['0', '100', '-20', '0.8', false],
    ['0', '100', '-20.01', '0.8', true],
  ] as const)('says balance %s, margin %s, floating %s at level %s is below: %s', (b, m, f, level, below) => {
    expect(belowLevel(b, m, f, level)).toBe(below);
  });
});
