import { describe, expect, it } from 'vitest';
import { isSubmittableTransfer, quoteTransfer } from './wallet-transfer';

describe('quoteTransfer', () => {
  it.each([
    // type, currency, num, price → practical
    [
      0,
      'USDT',
      '100',
      '1',
      { num: '100.0000', fee: '0.0000', practical: '100.0000', fromUnit: 'USD', toUnit: 'USDT' },
    ],
    [
      1,
      'USDT',
      '12.5',
      '1',
      { num: '12.5000', fee: '0.0000', practical: '12.5000', fromUnit: 'USDT', toUnit: 'USD' },
    ],
    [
      0,
      'BTC',
      '1000',
      '64000',
      { num: '1000.0000', fee: '0.0000', practical: '0.0156', fromUnit: 'USD', toUnit: 'BTC' },
    ],
    [
      1,
      'BTC',
      '0.0156',
      '64000.55',
      { num: '0.0156', fee: '0.0000', practical: '998.4085', fromUnit: 'BTC', toUnit: 'USD' },
    ],
    [
      1,
      'ETH',
      '0.0001',
      '3000.99999',
      { num: '0.0001', fee: '0.0000', practical: '0.3000', fromUnit: 'ETH', toUnit: 'USD' },
    ],
  ] as const)('type %i %s %s at %s', (type, currency, num, price, expected) => {
    expect(quoteTransfer(type, currency, num, price)).toEqual(expected);
  });

  it.each([
    ['0', '1', 'amount_invalid'],
    ['-1', '1', 'amount_invalid'],
    ['1.00001', '1', 'amount_invalid'],
    ['abc', '1', 'amount_invalid'],
    ['1', '0', 'price_invalid'],
    ['0.0001', '64000', 'amount_too_small'],
  ] as const)('refuses %s at %s with %s', (num, price, error) => {
    expect(quoteTransfer(0, 'BTC', num, price)).toBe(error);
  });
});

describe('isSubmittableTransfer', () => {
  it.each([
    ['', false],
    ['0', false],
    ['0.0000', false],
    ['12.', true],
    ['0.0001', true],
  ])('%j → %s', (value, ok) => {
    expect(isSubmittableTransfer(value)).toBe(ok);
  });
});
