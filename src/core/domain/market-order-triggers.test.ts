import { describe, expect, it } from 'vitest';
import { checkTrigger, stepTrigger, triggerDecimals, triggerReference } from './market-order-triggers';
import type { TriggerKind } from './market-order-triggers';

const btc = { pip: '0.01', pricePrecision: 2 };
const eurusd = { pip: '0.00001', pricePrecision: 5 };
const maxIs = (bound: string) => ({ key: 'order.rule.max_is', vars: { bound } });
const minIs = (bound: string) => ({ key: 'order.rule.min_is', vars: { bound } });

describe('checkTrigger', () => {
  it.each<[string, TriggerKind, 0 | 1, string, string, object | null]>([
    ['buy stop loss below the bid', 'stopLoss', 0, '98000', '98000.00', null],
    ['buy stop loss at the bid', 'stopLoss', 0, '98500', '98499.99', maxIs('98499.99')],
    ['buy stop loss above the bid', 'stopLoss', 0, '99000', '98499.99', maxIs('98499.99')],
    ['buy take profit above the bid', 'takeProfit', 0, '99000.5', '99000.50', null],
    ['buy take profit below the bid', 'takeProfit', 0, '98000', '98500.01', minIs('98500.01')],
    ['sell stop loss above the ask', 'stopLoss', 1, '99000', '99000.00', null],
    ['sell stop loss below the ask', 'stopLoss', 1, '98000', '98500.01', minIs('98500.01')],
    ['sell take profit below the ask', 'takeProfit', 1, '98000', '98000.00', null],
    ['sell take profit at the ask', 'takeProfit', 1, '98500', '98499.99', maxIs('98499.99')],
  ])('%s', (_, kind, direction, text, value, message) => {
    const result = checkTrigger(kind, text, direction, '98500.00', btc);
    expect(result.value).toBe(value);
    expect(result.message).toEqual(message);
    expect(result.clamped).toBe(message !== null);
  });

  it('refuses a stop loss with 3 decimals as typed, with the reason, instead of cutting it (issue #26)', () => {
    expect(checkTrigger('stopLoss', '98000.129', 0, '98500.00', btc)).toEqual({
      value: '98000.129',
      message: { key: 'amount_input.decimals', vars: { decimals: '2' } },
      clamped: false,
    });
  });

  it.each<[TriggerKind, string, string]>([
    ['stopLoss', '', 'order.rule.stoploss_empty_rule'],
    ['takeProfit', '', 'order.rule.takeprofit_empty_rule'],
    ['stopLoss', '0', 'order.rule.stoploss_zero_rule'],
    ['takeProfit', '0.00', 'order.rule.takeprofit_zero_rule'],
  ])('refuses a %s of %j with %s and leaves the field empty', (kind, text, key) => {
    expect(checkTrigger(kind, text, 1, '98500.00', btc)).toEqual({
      value: '',
      message: { key },
      clamped: false,
    });
  });

  it('uses the product precision where it is finer than 2 decimals', () => {
    expect(triggerDecimals(eurusd)).toBe(5);
    expect(triggerDecimals(btc)).toBe(2);
    expect(checkTrigger('stopLoss', '1.09', 0, '1.08230', eurusd).value).toBe('1.08229');
  });
});

describe('trigger reference and steps', () => {
  const quote = { bid: '100.00', ask: '100.10' };

  it.each<[0 | 1, string | null, string]>([
    [0, null, '100.00'],
    [1, null, '100.10'],
    [0, '95.00', '95.00'],
    [1, '105.00', '105.00'],
  ])('direction %i with pending price %j checks against %s', (direction, pending, expected) => {
    expect(triggerReference(direction, quote, pending)).toBe(expected);
  });

  it.each<[TriggerKind, 0 | 1, string, 1 | -1, string]>([
    ['stopLoss', 0, '', 1, '99.99'],
    ['takeProfit', 0, '', -1, '100.01'],
    ['stopLoss', 1, '', -1, '100.01'],
    ['takeProfit', 1, '', 1, '99.99'],
    ['stopLoss', 0, '90.00', 1, '90.01'],
    ['stopLoss', 0, '0.01', -1, '0.01'],
  ])('steps a %s (direction %i) from %j by %i to %s', (kind, direction, text, delta, expected) => {
    expect(stepTrigger(kind, text, delta, direction, '100.00', btc)).toBe(expected);
  });
});
