import { describe, expect, it } from 'vitest';
import { commonTradingFee, formatFigure, withdrawalFeeOf, withdrawalRange } from './standards';

const pct = (feeValue: string) => ({ feeType: 'PERCENTAGE', feeValue });
const fix = (feeValue: string) => ({ feeType: 'FIX_AMOUNT', feeValue });

describe('commonTradingFee', () => {
  it.each([
    [[pct('0.2'), pct('0.2'), fix('5'), pct('0.1')], '0.2'],
    [[fix('5'), fix('5'), pct('0.3')], '0.3'],
    [[pct('0.3'), pct('0.1')], '0.1'],
    [[pct('0.3'), pct('0.3'), pct('0.1'), pct('0.1')], '0.1'],
    [[fix('5')], null],
    [[], null],
  ])('%j → %s', (products, fee) => expect(commonTradingFee(products)).toBe(fee));
});

describe('withdrawalRange', () => {
  const coin = (id: number, currency: string, min: string, max: string) => ({
    id,
    currency,
    minWithdrawAmount: min,
    maxWithdrawAmount: max,
  });
  it.each([
    [
      [coin(1, 'USDT', '50', '10000000'), coin(2, 'USDT', '100', '5000')],
      { coinId: 1, min: '50', max: '10000000' },
    ],
    [[coin(1, 'USDT', '100', '5000'), coin(2, 'USDT', '50', '9000')], { coinId: 2, min: '50', max: '9000' }],
    [
      [coin(3, 'BTC', '0.001', '100'), coin(4, 'USDT', '100', '10000000')],
      { coinId: 4, min: '100', max: '10000000' },
    ],
    [[coin(3, 'BTC', '0.001', '100')], null],
    [[], null],
  ])('%j → %j', (coins, range) => expect(withdrawalRange(coins, 'USDT')).toEqual(range));
});

describe('withdrawalFeeOf', () => {
  it.each([
    [
      { feeType: 'FIX_AMOUNT', feeNum: '25' },
      { kind: 'fixed', amount: '25' },
    ],
    [
      { feeType: 'PERCENTAGE', feeNum: '0.5' },
      { kind: 'percent', rate: '0.5' },
    ],
    [{ feeType: 'FIX_AMOUNT', feeNum: '0' }, { kind: 'none' }],
    [{ feeType: '', feeNum: '3' }, { kind: 'none' }],
  ])('%j → %j', (quote, fee) => expect(withdrawalFeeOf(quote)).toEqual(fee));
});

describe('formatFigure', () => {
  it.each([
    ['10000000', 'en', '10,000,000'],
    ['10000000', 'de', '10.000.000'],
    ['6000', 'es', '6.000'],
    ['0.2', 'de', '0,2'],
    ['0.2', 'ja', '0.2'],
    ['25', 'th', '25'],
    ['12345678901234567.25', 'en', '12,345,678,901,234,567.25'],
  ])('%s in %s is %s', (value, language, text) => expect(formatFigure(value, language)).toBe(text));
});
