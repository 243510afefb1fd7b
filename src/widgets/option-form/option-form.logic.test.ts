import { describe, expect, it } from 'vitest';
import { cannotCover, routeDirection } from './option-form.logic';

const time = { min: '10', max: '5000' };

describe('cannotCover', () => {
  it.each([
    // amount, balance, cannot cover — fee 0.2 % rounded up to the cent
    ['', '0.00', true],
    ['', '10.01', true],
    ['', '10.02', false],
    ['100', '100.19', true],
    ['100', '100.20', false],
    ['0', '0.00', true],
    ['5', '5.00', true],
  ])('amount %j on a balance of %s → %s', (amount, balance, expected) => {
    expect(cannotCover({ time, amount, feeRate: '0.002', balance })).toBe(expected);
  });

  it('uses one unit when the delivery time has no minimum', () => {
    expect(cannotCover({ time: { min: '0', max: '0' }, amount: '', feeRate: '0', balance: '0.99' })).toBe(
      true,
    );
    expect(cannotCover({ time: { min: '0', max: '0' }, amount: '', feeRate: '0', balance: '1' })).toBe(false);
  });

  it('says nothing while the balance or the delivery time is unknown', () => {
    expect(cannotCover({ time, amount: '100', feeRate: '0.002', balance: null })).toBe(false);
    expect(cannotCover({ time: null, amount: '100', feeRate: '0.002', balance: '0' })).toBe(false);
  });
});

describe('routeDirection', () => {
  it('serves only the option mode and directions 0 and 1', () => {
    expect(routeDirection('option', '1')).toBe(1);
    expect(routeDirection(undefined, undefined)).toBe(0);
    expect(routeDirection('market', 0)).toBeNull();
    expect(routeDirection('option', 2)).toBeNull();
  });
});
