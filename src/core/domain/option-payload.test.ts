import { describe, expect, it } from 'vitest';
import {
  formatDeliveryTime,
  optionAmountError,
  optionFee,
  optionOutcome,
  optionPayout,
  parseDeliveryTime,
  parseTimeRatePayload,
  profitRateToRate,
} from './option-payload';

describe('parseDeliveryTime', () => {
  it('reads time, profit rate, chips, max, min and the optional name', () => {
    expect(parseDeliveryTime('60|85^10|50|100^5000|10^1 min')).toEqual({
      ok: true,
      value: {
        time: 60,
        profitRate: '85',
        rate: '0.85',
        chips: [10, 50, 100],
        max: '5000',
        min: '10',
        name: '1 min',
      },
    });
    expect(parseDeliveryTime('30|87.5^^0|1')).toEqual({
      ok: true,
      value: { time: 30, profitRate: '87.5', rate: '0.875', chips: [], max: '0', min: '1' },
    });
  });

  it.each([
    [42, 'must be text'],
    ['', 'is not'],
    ['60|85', 'is not'],
    ['60|85^10^100|1^a^b', 'is not'],
    ['60^10^100|1', "'time|profitRate'"],
    ['0|85^10^100|1', 'whole number of seconds'],
    ['-5|85^10^100|1', 'whole number of seconds'],
    ['1.5|85^10^100|1', 'whole number of seconds'],
    ['9999999|85^10^100|1', 'longer than 30 days'],
    ['60|abc^10^100|1', 'profit rate'],
    ['60|0^10^100|1', 'not above 0'],
    ['60|5000^10^100|1', 'at most'],
    ['60|Infinity^10^100|1', 'profit rate'],
    ['60|85^10|x^100|1', 'preset amount "x"'],
    ['60|85^10|0^100|1', 'preset amount "0"'],
    ['60|85^1|2|3|4|5|6|7|8|9|10|11|12|13^100|1', 'more than 12'],
    ['60|85^10^100^', "'max|min'"],
    ['60|85^10^abc|1', 'maximum "abc"'],
    ['60|85^10^100|-1', 'minimum "-1"'],
    ['60|85^10^100|1e3', 'minimum "1e3"'],
    ['60|85^10^5|10', 'below minimum'],
    ['60|85^10^100|1^', 'a name'],
    ['60|85^10^100|1^\u0000', 'control characters'],
    ['60|85^10^100|1^' + 'n'.repeat(41), 'a name'],
    ['x'.repeat(401), 'longer than'],
  ])('refuses %j with a clear error', (text, message) => {
    const result = parseDeliveryTime(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });
});

describe('parseTimeRatePayload', () => {
  it('answers the delivery times sorted by time', () => {
    const result = parseTimeRatePayload({ '300': '300|90^100^0|10', '30': '30|80^10^1000|1' });
    expect(result.ok && result.value.map((t) => t.time)).toEqual([30, 300]);
  });

  it.each([
    [null, 'must be an object'],
    [[], 'must be an object'],
    ['30|80^10^1000|1', 'must be an object'],
    [{}, 'no delivery time'],
    [{ '60': '30|80^10^1000|1' }, 'must be the entry'],
    [{ '30': '30|80^10^1000' }, 'delivery time "30"'],
    [{ '30': 7 }, 'must be text'],
    [
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`${i + 1}`, `${i + 1}|80^^0|1`])),
      'more than 20',
    ],
  ])('refuses %j', (payload, message) => {
    const result = parseTimeRatePayload(payload);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });
});

describe('option money', () => {
  it('turns a profit rate into the order rate exactly', () => {
    expect(profitRateToRate('85')).toBe('0.85');
    expect(profitRateToRate('5')).toBe('0.05');
    expect(profitRateToRate('87.55')).toBe('0.8755');
    expect(profitRateToRate('120')).toBe('1.2');
  });

  it('formats an entry back to its text', () => {
    const text = '60|85^10|50^5000|10^1 min';
    const parsed = parseDeliveryTime(text);
    expect(parsed.ok && formatDeliveryTime(parsed.value)).toBe(text);
  });

  it('checks the amount: empty, positive whole number, range with max only when > 0', () => {
    const range = { min: '10', max: '1000' };
    expect(optionAmountError('', range)).toBe('amount_empty_rule');
    expect(optionAmountError('10.5', range)).toBe('amount_positive_int_rule');
    expect(optionAmountError('0', range)).toBe('amount_positive_int_rule');
    expect(optionAmountError('-10', range)).toBe('amount_positive_int_rule');
    expect(optionAmountError('9', range)).toBe('amount_range_rule');
    expect(optionAmountError('1001', range)).toBe('amount_range_rule');
    expect(optionAmountError('1000', range)).toBeNull();
    expect(optionAmountError('10.00', range)).toBeNull();
    expect(optionAmountError('99999999', { min: '10', max: '0' })).toBeNull();
  });

  it('rounds the fee up to the cent', () => {
    expect(optionFee('100', '0.002')).toBe('0.20');
    expect(optionFee('33', '0.0015')).toBe('0.05');
    expect(optionFee('100', '0')).toBe('0.00');
  });

  it('decides the outcome by direction, a tie on the same price', () => {
    expect(optionOutcome(0, '100.00', '100.01')).toBe('win');
    expect(optionOutcome(0, '100.00', '99.99')).toBe('loss');
    expect(optionOutcome(1, '100.00', '99.99')).toBe('win');
    expect(optionOutcome(1, '100.00', '100.01')).toBe('loss');
    expect(optionOutcome(0, '100.00', '100')).toBe('tie');
    expect(optionOutcome(1, '100.00', '100.000')).toBe('tie');
  });

  it('pays stake plus profit on a win, nothing on a loss, the stake on a tie', () => {
    expect(optionPayout('100', '0.85', 'win')).toEqual({
      payout: '185.00',
      profit: '85.00',
      winLost: '85.00',
    });
    expect(optionPayout('33', '0.875', 'win')).toEqual({
      payout: '61.87',
      profit: '28.87',
      winLost: '28.87',
    });
    expect(optionPayout('100', '0.85', 'loss')).toEqual({
      payout: '0.00',
      profit: '0.00',
      winLost: '-100.00',
    });
    expect(optionPayout('100', '0.85', 'tie')).toEqual({ payout: '100.00', profit: '0.00', winLost: '0.00' });
  });
});
