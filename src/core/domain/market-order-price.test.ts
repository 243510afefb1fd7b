import { describe, expect, it } from 'vitest';
import { checkPendingPrice, stepPrice, tradePrice } from './market-order-price';

const eurusd = { pip: '0.00001', pricePrecision: 5 };
const btc = { pip: '0.01', pricePrecision: 2 };
const wrong = (bound: string) => ({ key: 'order.rule.wrong_price', vars: { bound } });

describe('checkPendingPrice', () => {
  it.each([
    ['buy below the ask', '1.08', 0, '1.08250', eurusd, '1.08000', null],
    ['buy at the ask', '1.0825', 0, '1.08250', eurusd, '1.08250', null],
    ['buy above the ask', '1.09', 0, '1.08250', eurusd, '1.08250', wrong('1.08250')],
    ['sell above the bid', '1.09', 1, '1.08230', eurusd, '1.09000', null],
    ['sell below the bid', '1.08', 1, '1.08230', eurusd, '1.08230', wrong('1.08230')],
    ['comma decimal', '98000,5', 0, '98500.00', btc, '98000.50', null],
  ])('%s: %j → %j', (_, text, direction, current, grid, value, message) => {
    const result = checkPendingPrice(text, direction as 0 | 1, current, grid);
    expect(result.value).toBe(value);
    expect(result.message).toEqual(message);
    expect(result.clamped).toBe(message !== null);
  });

  it.each(['', '0', '0.00', '.'])('refuses %j with price_empty_rule', (text) => {
    expect(checkPendingPrice(text, 0, '1.08250', eurusd)).toEqual({
      value: '',
      message: { key: 'order.rule.price_empty_rule' },
      clamped: false,
    });
  });

  it('refuses more digits than the precision as typed, with the reason (issue #26)', () => {
    // 98000.129 used to become 98000.12 without a word.
    expect(checkPendingPrice('98000.129', 0, '98500.00', btc)).toEqual({
      value: '98000.129',
      message: { key: 'amount_input.decimals', vars: { decimals: '2' } },
      clamped: false,
    });
  });

  it('snaps a price to the nearest pip of a coarse grid', () => {
    expect(checkPendingPrice('103', 0, '200', { pip: '5', pricePrecision: 0 }).value).toBe('105');
  });
});

describe('price helpers', () => {
  it('trades a buy at the ask and a sell at the bid', () => {
    const quote = { bid: '1.1', ask: '1.2' };
    expect([tradePrice(0, quote), tradePrice(1, quote)]).toEqual(['1.2', '1.1']);
  });

  it.each([
    ['1.08000', 1, '1.08001'],
    ['1.08000', -1, '1.07999'],
    ['', 1, '1.08250'],
    ['0.00001', -1, '0.00001'],
  ])('steps %j by %i pip to %j', (text, delta, expected) => {
    expect(stepPrice(text, delta as 1 | -1, '1.08250', eurusd)).toBe(expected);
  });

  it('refuses on commit, as typed, a price finer than the product precision', () => {
    expect(checkPendingPrice('1.0823456', 1, '1.08000', eurusd)).toEqual({
      value: '1.0823456',
      message: { key: 'amount_input.decimals', vars: { decimals: '5' } },
      clamped: false,
    });
    // Issue #26: 98000.129 used to become 98000.12 without a word.
    expect(checkPendingPrice('98000.129', 0, '98500.00', btc)).toEqual({
      value: '98000.129',
      message: { key: 'amount_input.decimals', vars: { decimals: '2' } },
      clamped: false,
    });
  });
});
