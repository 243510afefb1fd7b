import { describe, expect, it } from 'vitest';
import { moveTrigger, triggerEdit, wireTrigger } from './trigger-edit';

const order = { id: '7', stopPrice: '1.0800', takeProfitPrice: null };

describe('wireTrigger', () => {
  it.each([
    ['', ''],
    ['  ', ''],
    ['0', ''],
    ['0.00', ''],
    ['1.08500', '1.085'],
    ['1.2.3', null],
    ['abc', null],
  ] as const)('%j → %j', (input, expected) => {
    expect(wireTrigger(input)).toBe(expected);
  });
});

describe('triggerEdit', () => {
  it.each([
    ['1.08', '', { kind: 'unchanged' }],
    ['1.0790', '', { kind: 'change', request: { orderId: '7', stopPrice: '1.079', takeProfitPrice: '' } }],
    ['', '1.1', { kind: 'change', request: { orderId: '7', stopPrice: '', takeProfitPrice: '1.1' } }],
    ['x', '', { kind: 'invalid', field: 'stopPrice' }],
    ['1.08', '1..1', { kind: 'invalid', field: 'takeProfitPrice' }],
  ] as const)('SL %j TP %j', (stop, take, expected) => {
    expect(triggerEdit(order, stop, take)).toEqual(expected);
  });
});

describe('moveTrigger', () => {
  it.each([
    [
      'stopPrice',
      '1.0750',
      { kind: 'change', request: { orderId: '7', stopPrice: '1.075', takeProfitPrice: '' } },
    ],
    [
      'takeProfitPrice',
      '1.0950',
      { kind: 'change', request: { orderId: '7', stopPrice: '1.08', takeProfitPrice: '1.095' } },
    ],
    ['stopPrice', '1.08000', { kind: 'unchanged' }],
  ] as const)('%s to %s keeps the other as it is', (field, price, expected) => {
    expect(moveTrigger(order, field, price)).toEqual(expected);
  });
});
