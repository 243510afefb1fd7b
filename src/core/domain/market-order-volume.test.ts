import { describe, expect, it } from 'vitest';
import { canStepVolume, checkVolume, stepVolume } from './market-order-volume';

const forex = { minCount: '0.01', maxCount: '100', countNum: '0.01' };
const index = { minCount: '0.1', maxCount: '100', countNum: '0.1' };
const stock = { minCount: '1', maxCount: '1000', countNum: '1' };

describe('checkVolume', () => {
  it.each([
    ['1', forex, '1.00', null],
    ['0,5', forex, '0.50', null],
    ['150', forex, '100.00', { key: 'order.rule.volume_max_rule', vars: { bound: '100.00' } }],
    ['0', forex, '0.01', { key: 'order.rule.volume_min_rule', vars: { bound: '0.01' } }],
    ['', forex, '', { key: 'order.rule.volume_empty_rule' }],
    ['.', forex, '0.01', { key: 'order.rule.volume_min_rule', vars: { bound: '0.01' } }],
    ['2.37', index, '2.3', null],
    ['0.05', index, '0.1', { key: 'order.rule.volume_min_rule', vars: { bound: '0.1' } }],
    ['12.9', stock, '12', null],
    ['5000', stock, '1000', { key: 'order.rule.volume_max_rule', vars: { bound: '1000' } }],
  ])('commits %j as %j with %j', (text, limits, value, message) => {
    const result = checkVolume(text, limits);
    expect(result.value).toBe(value);
    expect(result.message).toEqual(message);
    expect(result.clamped).toBe(message !== null && message.key !== 'order.rule.volume_empty_rule');
  });

  it('refuses a volume with more than 2 decimals as typed, with the reason, instead of cutting it', () => {
    expect(checkVolume('1000.129', forex)).toEqual({
      value: '1000.129',
      message: { key: 'amount_input.decimals', vars: { decimals: '2' } },
      clamped: false,
    });
    expect(checkVolume('1o0', forex).message).toEqual({ key: 'amount_input.not_a_number' });
    // Issue #26: 0.157 used to become 0.15 and 0.001 the minimum, without a word.
    for (const text of ['0.157', '0.001'])
      expect(checkVolume(text, forex)).toEqual({
        value: text,
        message: { key: 'amount_input.decimals', vars: { decimals: '2' } },
        clamped: false,
      });
  });
});

describe('stepVolume', () => {
  it.each([
    ['1.00', 1, forex, '1.01'],
    ['1.00', -1, forex, '0.99'],
    ['', 1, forex, '0.01'],
    ['0.01', -1, forex, '0.01'],
    ['100.00', 1, forex, '100.00'],
    ['0.3', 1, index, '0.4'],
    ['3', -1, stock, '2'],
  ])('moves %j by %i step as %j', (text, direction, limits, expected) => {
    expect(stepVolume(text, direction as 1 | -1, limits)).toBe(expected);
  });

  it.each([
    ['100.00', 1, false],
    ['99.99', 1, true],
    ['0.01', -1, false],
    ['0.02', -1, true],
    ['', -1, true],
  ])('allows a %j step %i: %s', (text, direction, expected) => {
    expect(canStepVolume(text, direction as 1 | -1, forex)).toBe(expected);
  });
});
