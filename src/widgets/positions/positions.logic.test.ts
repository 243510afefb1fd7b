import { describe, expect, it } from 'vitest';
import { marketOrder } from '../../core/feeds/exchange-feed.fixture';
import {
  closeLockLeft,
  confirmPrice,
  countdownText,
  directionKey,
  pnlTone,
  signedAmount,
  tabOf,
  triggerEdit,
  triggerShapeIssue,
  triggerText,
} from './positions.logic';

describe('positions logic', () => {
  it.each([
    ['12.5', 'up', '+12.50'],
    ['-3.456', 'down', '-3.46'],
    ['0.00', 'flat', '0.00'],
    ['1234567.891', 'up', '+1,234,567.89'],
    [null, 'flat', '--'],
    ['abc', 'flat', '--'],
  ] as const)('shows the P&L %s with tone %s as %s', (value, tone, text) => {
    expect(pnlTone(value)).toBe(tone);
    expect(signedAmount(value)).toBe(text);
  });

  it.each([
    ['1.5', '', null],
    ['0.', '64000', null],
    // Issue #26: these were cut or stripped to 12.34, 1.23, 7 and '' without a word.
    ['12.345', '', 'stopPrice'],
    ['1.2.3', '', 'stopPrice'],
    ['', '-7', 'takeProfitPrice'],
    ['', 'abc', 'takeProfitPrice'],
  ] as const)('refuses the trigger inputs %j and %j at %s', (stop, take, field) => {
    expect(triggerShapeIssue(stop, take)).toBe(field);
  });

  it('treats an empty or zero trigger as off', () => {
    expect(triggerText(null)).toBeNull();
    expect(triggerText('')).toBeNull();
    expect(triggerText('0.00')).toBeNull();
    expect(triggerText('64000.5')).toBe('64000.5');
  });

  it('names the direction, the tab and the price of the confirm dialog', () => {
    expect(directionKey(marketOrder({ orderType: 1 }))).toBe('position.sell');
    expect(directionKey(marketOrder({ orderType: 0 }))).toBe('position.buy');
    expect(tabOf(marketOrder({ positionStatus: 1 }))).toBe('pending');
    expect(tabOf(marketOrder({ positionStatus: 2 }))).toBe('open');
    expect(confirmPrice(marketOrder({ currentPrice: '10.5' }))).toBe('10.5');
    expect(confirmPrice(marketOrder({ positionStatus: 1, openingPrice: '9.25' }))).toBe('9.25');
  });

  it.each([
    [
      'sets both triggers',
      null,
      null,
      '64000',
      '66000.5',
      { stopPrice: '64000', takeProfitPrice: '66000.5' },
    ],
    ['turns the stop loss off', '64000', '66000', '', '66000', { stopPrice: '', takeProfitPrice: '66000' }],
    ['reads a zero as off', '64000', null, '0', '', { stopPrice: '', takeProfitPrice: '' }],
  ])('builds the update request when it %s', (_name, stop, take, stopInput, takeInput, expected) => {
    const order = marketOrder({ id: '9', stopPrice: stop, takeProfitPrice: take });
    expect(triggerEdit(order, stopInput, takeInput)).toEqual({
      kind: 'change',
      request: { orderId: '9', ...expected },
    });
  });

  it('sends nothing when the triggers did not change and flags a field that is not a number', () => {
    const order = marketOrder({ stopPrice: '64000.00', takeProfitPrice: null });
    expect(triggerEdit(order, '64000', '')).toEqual({ kind: 'unchanged' });
    expect(triggerEdit(order, '.', '')).toEqual({ kind: 'invalid', field: 'stopPrice' });
    expect(triggerEdit(order, '', '1.2.3')).toEqual({ kind: 'invalid', field: 'takeProfitPrice' });
  });
});

describe('the manual close lock (spec §9: 3 minutes after execution)', () => {
  const filled = Date.UTC(2026, 10, 20, 8, 0, 0);
  it.each([
    // status, transactionTimeTs, now, ms left, text
    [2, filled, filled, 180_000, '3:00'],
    [2, filled, filled + 19_000, 161_000, '2:41'],
    [2, filled, filled + 19_001, 160_999, '2:41'],
    [2, filled, filled + 179_001, 999, '0:01'],
    [2, filled, filled + 180_000, 0, '0:00'],
    [2, filled, filled + 600_000, 0, '0:00'],
    [2, null, filled, 0, '0:00'],
    [1, filled, filled, 0, '0:00'],
    [3, filled, filled, 0, '0:00'],
  ] as const)(
    'status %i filled at %s, now %s: %i ms left, %s',
    (positionStatus, transactionTimeTs, now, left, text) => {
      expect(closeLockLeft({ positionStatus, transactionTimeTs }, now)).toBe(left);
      expect(countdownText(left)).toBe(text);
    },
  );
});
