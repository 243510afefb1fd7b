import { describe, expect, it } from 'vitest';
import { add } from './decimal';
import { breakEvenPrice, isTighterStop, splitAmount, splitPosition, trailingStopUnits } from './order-tools';
import { pnlUsd, type Quote } from './money';

const BTC = { productCode: 'BTCUSDT', type: 1, contractSize: '1' };
const EURJPY = { productCode: 'EURJPY', type: 3, contractSize: '100000' };
const quotes = (table: Record<string, Quote>) => (symbol: string) => table[symbol];

describe('order tools money', () => {
  it('splits an amount so the part and the rest add up to it exactly, half up to the cent', () => {
    expect(splitAmount('30.01', '0.01', '0.03')).toEqual({ part: '10.00', rest: '20.01' });
    expect(splitAmount('0.05', '1', '2')).toEqual({ part: '0.03', rest: '0.02' });
    for (const [amount, part, whole] of [
      ['100.01', '1', '3'],
      ['0.01', '0.01', '0.07'],
      ['12345.67', '0.37', '0.99'],
    ] as const) {
      const split = splitAmount(amount, part, whole);
      expect(add(split.part, split.rest)).toBe(amount);
      expect(split.part).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('splits a position’s lots, margin and fees between the closed part and the rest', () => {
    const { part, rest } = splitPosition(
      { orderQuantity: '0.03', margin: '30.01', feeAmount: '6.01', overnightFee: '0.05' },
      '0.01',
    );
    expect(part).toEqual({ orderQuantity: '0.01', margin: '10.00', feeAmount: '2.00', overnightFee: '0.02' });
    expect(rest).toEqual({ orderQuantity: '0.02', margin: '20.01', feeAmount: '4.01', overnightFee: '0.03' });
  });

  it('puts a trailing stop below the bid of a buy and above the ask of a sell, tighter only forwards', () => {
    expect(trailingStopUnits(0, 10_000, 300)).toBe(9_700);
    expect(trailingStopUnits(1, 10_000, 300)).toBe(10_300);
    expect(isTighterStop(0, 9_800, 9_700)).toBe(true);
    expect(isTighterStop(0, 9_600, 9_700)).toBe(false);
    expect(isTighterStop(1, 10_200, 10_300)).toBe(true);
    expect(isTighterStop(1, 10_300, 10_300)).toBe(false);
  });

  it('finds the nearest price whose P&L pays the fees back, for a buy and a sell', () => {
    const buy = {
      orderType: 0 as const,
      openingPrice: '100010.00',
      orderQuantity: '0.1',
      feeAmount: '20.01',
      overnightFee: '0',
    };
    // 0.1 × 200.05 = 20.005, half up to 20.01; 200.04 gives 20.00.
    expect(breakEvenPrice(BTC, 2, buy, quotes({}))).toBe('100210.05');
    const sell = { ...buy, orderType: 1 as const, feeAmount: '10.00', overnightFee: '2.50' };
    expect(breakEvenPrice(BTC, 2, sell, quotes({}))).toBe('99885.05');
    expect(breakEvenPrice(BTC, 2, { ...buy, feeAmount: '0' }, quotes({}))).toBe('100010.00');
  });

  it('finds break-even through a currency conversion exactly as the close values it', () => {
    const position = {
      orderType: 0 as const,
      openingPrice: '162.500',
      orderQuantity: '0.5',
      feeAmount: '16.27',
      overnightFee: '1.10',
    };
    const table = quotes({ USDJPY: { bid: '150.000', ask: '150.010' } });
    const level = breakEvenPrice(EURJPY, 3, position, table);
    expect(level).not.toBeNull();
    const at = (price: string) => pnlUsd(EURJPY, 0, '162.500', price, '0.5', table) ?? '0';
    expect(Number(at(level ?? '0'))).toBeGreaterThanOrEqual(17.37);
    // One tick less does not pay.
    const before = (Number(level) - 0.001).toFixed(3);
    expect(Number(at(before))).toBeLessThan(17.37);
    expect(breakEvenPrice(EURJPY, 3, position, quotes({}))).toBeNull();
  });
});
