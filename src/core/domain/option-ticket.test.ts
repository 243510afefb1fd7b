import { describe, expect, it } from 'vitest';
import {
  completionDelays,
  formatCountdown,
  optionAmountOf,
  optionPreview,
  optionProgress,
  optionRule,
  remainingMs,
} from './option-ticket';

const time = { min: '10', max: '5000' };
const unlimited = { min: '10', max: '0' };

describe('optionRule', () => {
  it.each([
    ['no delivery time', null, '100', '1000', { key: 'delivery_empty_rule' }],
    ['an empty amount', time, '', '1000', { key: 'amount_empty_rule' }],
    ['blank', time, '   ', '1000', { key: 'amount_empty_rule' }],
    ['zero', time, '0', '1000', { key: 'amount_positive_int_rule' }],
    ['a fraction', time, '10.5', '1000', { key: 'amount_positive_int_rule' }],
    ['a negative', time, '-20', '1000', { key: 'amount_positive_int_rule' }],
    ['below the minimum', time, '9', '1000', { key: 'amount_range_rule', vars: { min: '10', max: '5000' } }],
    ['above the maximum', time, '5001', null, { key: 'amount_range_rule', vars: { min: '10', max: '5000' } }],
    ['above a maximum of 0 (none)', unlimited, '900000', null, null],
    [
      'below the minimum without maximum',
      unlimited,
      '5',
      null,
      { key: 'amount_range_rule', vars: { min: '10', max: '0' } },
    ],
    ['more than the balance with the fee', time, '1000', '1001.99', { key: 'insufficient_balance' }],
    ['exactly the balance with the fee', time, '1000', '1002.00', null],
    ['an unknown balance', time, '1000', null, null],
    ['the minimum', time, '10', '1000', null],
    ['the maximum', time, '5000', '10000', null],
  ] as const)('%s', (_, t, amount, balance, expected) => {
    expect(optionRule({ time: t, amount, feeRate: '0.002', balance })).toEqual(expected);
  });

  it('checks the delivery time before the amount', () => {
    expect(optionRule({ time: null, amount: '', feeRate: '0', balance: '0' })?.key).toBe(
      'delivery_empty_rule',
    );
  });
});

describe('optionAmountOf', () => {
  it.each([
    ['123', { amount: '123' }],
    ['007', { amount: '7' }],
    ['12.', { amount: '12' }],
    ['1 000', { amount: '1000' }],
    ['', { amount: '' }],
    // Issue #26: `12.5` was read as 125; now it is refused, as any text the field flags.
    ['12.5', { refused: { key: 'amount_positive_int_rule' } }],
    ['1a2b3', { refused: { key: 'amount_positive_int_rule' } }],
    ['-40', { refused: { key: 'amount_positive_int_rule' } }],
    ['1234567890123456', { refused: { key: 'amount_positive_int_rule' } }],
  ])('%j → %j', (input, out) => expect(optionAmountOf(input)).toEqual(out));
});

describe('optionPreview', () => {
  it('pays amount + amount × rate and charges amount × feeRate', () => {
    expect(optionPreview('100', { rate: '0.85' }, '0.002')).toEqual({
      payout: '185.00',
      profit: '85.00',
      fee: '0.20',
    });
  });
  it('rounds the profit down and the fee up to the cent', () => {
    expect(optionPreview('15', { rate: '0.875' }, '0.0015')).toEqual({
      payout: '28.12',
      profit: '13.12',
      fee: '0.03',
    });
  });
  it.each([
    ['', { rate: '0.85' }],
    ['0', { rate: '0.85' }],
    ['12.5', { rate: '0.85' }],
    ['100', null],
  ] as const)('has no preview for %j', (amount, t) => {
    expect(optionPreview(amount, t, '0.002')).toBeNull();
  });
});

describe('the clock of a placed option', () => {
  it.each([
    [60_000, 60, 100],
    [30_000, 60, 50],
    [59_401, 60, 100],
    [59_400, 60, 99],
    [1, 60, 1],
    [0, 60, 0],
    [-500, 60, 0],
    [90_000, 60, 100],
    [1000, 0, 0],
  ])('progress of %i ms left of %i s is %i', (left, timeLong, progress) => {
    expect(optionProgress(left, timeLong)).toBe(progress);
  });

  it.each([
    [0, '0:00'],
    [1, '0:01'],
    [59_001, '1:00'],
    [60_000, '1:00'],
    [61_000, '1:01'],
    [3_600_000, '1:00:00'],
    [3_725_000, '1:02:05'],
    [-20, '0:00'],
  ])('countdown of %i ms is %s', (left, text) => expect(formatCountdown(left)).toBe(text));

  it('never answers a negative remaining time', () => {
    expect(remainingMs(1000, 400)).toBe(600);
    expect(remainingMs(1000, 1400)).toBe(0);
  });

  it('polls the first time after 1 s, then every 1.5 s', () => {
    expect(completionDelays(4, 1000, 1500)).toEqual([1000, 1500, 1500, 1500]);
    expect(completionDelays(0, 1000, 1500)).toEqual([]);
  });
});
