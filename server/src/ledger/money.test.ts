import { describe, expect, it } from 'vitest';
import { fitsLedgerScale, toMoney } from './money';

describe('toMoney', () => {
  it.each([
    ['100000.00000000', '100000.00'],
    ['0', '0.00'],
    ['-0.00000000', '0.00'],
    ['12.5', '12.50'],
    ['0.12500000', '0.125'],
    ['-5.00000001', '-5.00000001'],
  ])('writes %s as %s', (input, output) => {
    expect(toMoney(input)).toBe(output);
  });
});

describe('fitsLedgerScale', () => {
  it.each([
    ['1', true],
    ['0.00000001', true],
    ['-3.5', true],
    ['0.000000001', false],
    ['1e5', false],
    ['abc', false],
  ])('says %s is %s', (input, expected) => {
    expect(fitsLedgerScale(input)).toBe(expected);
  });
});
