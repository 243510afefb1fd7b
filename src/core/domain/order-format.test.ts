import { describe, expect, it } from 'vitest';
import {
  feesOf,
  netPnl,
  orderDirection,
  pnlTone,
  priceText,
  signedAmount,
  triggerText,
} from './order-format';

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

describe('net P&L', () => {
  it.each([
    // profitLoss, feeAmount, overnightFee, fees, net
    ['12.50', '2.50', '0.00', '2.50', '10.00'],
    ['10.00', '19.70', '0.00', '19.70', '-9.70'],
    ['-5.00', '1.20', '0.35', '1.55', '-6.55'],
    ['0.00', '0.00', '0.00', '0.00', '0.00'],
    ['1.00', '1.00', '0.00', '1.00', '0.00'],
    ['0.1', '0.2', '0', '0.2', '-0.1'],
    ['123456789012345.67', '0.01', '0.02', '0.03', '123456789012345.64'],
    ['abc', '1.00', '0.00', '1.00', null],
    ['1.00', '', '0.00', null, null],
    ['1.00', '1.00', 'NaN', null, null],
  ])(
    'P&L %s less fee %s and overnight %s: fees %s, net %s',
    (profitLoss, feeAmount, overnightFee, fees, net) => {
      expect(feesOf({ feeAmount, overnightFee })).toBe(fees);
      expect(netPnl({ profitLoss, feeAmount, overnightFee })).toBe(net);
    },
  );

  it('shows a net loss from a gross gain in the loss colour', () => {
    const net = netPnl({ profitLoss: '10.00', feeAmount: '19.70', overnightFee: '0.00' });
    expect(signedAmount(net)).toBe('-9.70');
    expect(pnlTone(net)).toBe('down');
  });
});
