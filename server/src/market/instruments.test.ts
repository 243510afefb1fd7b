import { describe, expect, it } from 'vitest';
import { isDecimal, toScaledInt } from '../../../src/core/domain/decimal';
import { compareProducts, hasValidSort, INSTRUMENTS } from './instruments';

describe('the instrument catalogue', () => {
  it('lists at least 32 unique symbols over the five categories', () => {
    expect(INSTRUMENTS.length).toBeGreaterThanOrEqual(32);
    expect(new Set(INSTRUMENTS.map((i) => i.productCode)).size).toBe(INSTRUMENTS.length);
    expect(new Set(INSTRUMENTS.map((i) => i.type))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('writes every amount as a decimal string and the reference price at the price precision', () => {
    for (const i of INSTRUMENTS) {
      for (const value of [i.minCount, i.maxCount, i.countNum, i.pip, i.contractSize, i.feeValue]) {
        expect(isDecimal(value), `${i.productCode} ${value}`).toBe(true);
      }
      expect(i.referencePrice.split('.')[1]?.length ?? 0).toBe(i.pricePrecision);
      expect(toScaledInt(i.pip, i.pricePrecision)).toBeGreaterThan(0n);
    }
  });

  it('gives each instrument seven weekdays of hours, a logo of our own and sane trading limits', () => {
    for (const i of INSTRUMENTS) {
      expect(i.sessions).toHaveLength(7);
      expect(i.logoUrl).toBe(`/market-assets/logo/${i.productCode}.svg`);
      expect(Number(i.minCount)).toBeLessThan(Number(i.maxCount));
      expect(i.multiple).toBeGreaterThan(0);
      expect(i.volatility).toBeGreaterThan(0);
    }
  });

  it('uses the leverage ranges of each category', () => {
    const range = (type: number) => INSTRUMENTS.filter((i) => i.type === type).map((i) => i.multiple);
    expect(Math.min(...range(3))).toBeGreaterThanOrEqual(100);
    expect(Math.max(...range(3))).toBeLessThanOrEqual(500);
    expect(Math.min(...range(1))).toBeGreaterThanOrEqual(20);
    expect(Math.max(...range(1))).toBeLessThanOrEqual(100);
    expect(Math.max(...range(5))).toBeLessThanOrEqual(20);
  });

  it('includes the edge cases the clients must handle', () => {
    expect(INSTRUMENTS.filter((i) => !hasValidSort(i.sort)).length).toBeGreaterThanOrEqual(2);
    expect(INSTRUMENTS.some((i) => i.tradeStatus === 0)).toBe(true);
    expect(INSTRUMENTS.some((i) => i.feeType === 'FIX_AMOUNT')).toBe(true);
    expect(INSTRUMENTS.find((i) => i.productCode === 'BTCUSDT')?.feeValue).toBe('0.2');
  });
});

describe('compareProducts', () => {
  it('orders by category, then sort, with a missing or non-positive sort last', () => {
    const sorted = [...INSTRUMENTS].sort(compareProducts);
    const cryptos = sorted.filter((i) => i.type === 1).map((i) => i.productCode);
    expect(cryptos.at(-1)).toBe('DOGEUSDT');
    const forex = sorted.filter((i) => i.type === 3).map((i) => i.productCode);
    expect(forex.at(-1)).toBe('EURJPY');
    expect(sorted.map((i) => i.type)).toEqual([...sorted.map((i) => i.type)].sort());
  });
});
