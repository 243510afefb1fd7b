import { describe, expect, it } from 'vitest';
import { orderDirection, pnlTone, priceText, signedAmount, triggerText } from './order-format';

describe('order-format', () => {
  it.each([
    ['12.5', 'up', '+12.50'],
    ['-3.456', 'down', '-3.46'],
    ['0.00', 'flat', '0.00'],
    ['-0.001', 'down', '0.00'],
    ['1234567.891', 'up', '+1,234,567.89'],
    [null, 'flat', '--'],
    [undefined, 'flat', '--'],
    ['abc', 'flat', '--'],
  ] as const)('shows the P&L %s with tone %s as %s', (value, tone, text) => {
    expect(pnlTone(value)).toBe(tone);
    expect(signedAmount(value)).toBe(text);
  });

  it.each([
    ['64000.12345', '64000.12345'],
    ['0', '0'],
    ['', '--'],
    [null, '--'],
    ['1,5', '--'],
  ])('shows the price %s as %s', (value, text) => {
    expect(priceText(value)).toBe(text);
  });

  it.each([
    [null, null],
    ['', null],
    ['0.00', null],
    ['-0', null],
    ['x', null],
    ['64000.5', '64000.5'],
  ])('shows the trigger %s as %s', (value, text) => {
    expect(triggerText(value)).toBe(text);
  });

  it.each([
    [0, 'buy'],
    [1, 'sell'],
  ] as const)('names order type %i %s', (orderType, direction) => {
    expect(orderDirection({ orderType })).toBe(direction);
  });
});
