import { describe, expect, it } from 'vitest';
import { forexPipSize, spreadOf } from './spread';

describe('spreadOf', () => {
  it.each([
    // productCode, type, precision, bid, ask, price, currency, pips
    ['BTCUSDT', 1, 2, '98500.00', '98510.00', '10.00', 'USD', null],
    ['XAUUSD', 2, 2, '4150.00', '4150.30', '0.30', 'USD', null],
    ['US30', 4, 1, '47500.0', '47502.0', '2.0', 'USD', null],
    ['EURUSD', 3, 5, '1.16500', '1.16512', '0.00012', 'USD', '1.2'],
    ['USDJPY', 3, 3, '152.400', '152.415', '0.015', 'JPY', '1.5'],
    ['EURGBP', 3, 4, '0.8710', '0.8712', '0.0002', 'GBP', '2'],
    ['USDHKD', 3, 5, '7.78000', '7.78030', '0.00030', 'HKD', '3'],
  ] as const)('%s: %s/%s gives %s %s and %s pips', (...row) => {
    const [productCode, type, precision, bid, ask, price, currency, pips] = row;
    expect(spreadOf(bid, ask, { productCode, type, precision })).toEqual({ price, currency, pips });
  });

  it('knows nothing without two prices', () => {
    expect(spreadOf('', '1.2', { productCode: 'EURUSD', type: 3, precision: 5 })).toBeNull();
    expect(spreadOf('1.2', '--', { productCode: 'EURUSD', type: 3, precision: 5 })).toBeNull();
  });
});

describe('forexPipSize', () => {
  it.each([
    [5, '0.0001'],
    [4, '0.0001'],
    [3, '0.01'],
    [2, '0.01'],
    [1, '1'],
    [0, '1'],
  ])('is %s decimals → %s', (precision, size) => {
    expect(forexPipSize(precision)).toBe(size);
  });
});
