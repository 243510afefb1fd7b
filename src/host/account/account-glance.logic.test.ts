import { describe, expect, it } from 'vitest';
import { balanceChangeKey, glanceFigures } from './account-glance.logic';

const summary = { balanceAmount: '9935.00', lockMargin: '65.00' };

describe('glanceFigures', () => {
  it.each([
    // summary, mode, open P&L → balance, available, label
    [summary, 'market', '12.05', '10,000.00', '9,947.05', 'position.available_margin'],
    [summary, 'market', '-40.10', '10,000.00', '9,894.90', 'position.available_margin'],
    [summary, 'market', '0.00', '10,000.00', '9,935.00', 'position.available_margin'],
    [summary, 'market', null, '10,000.00', '--', 'position.available_margin'],
    [summary, 'option', null, '10,000.00', '9,935.00', 'account.available_balance'],
    [
      { balanceAmount: '0.1', lockMargin: '0.205' },
      'market',
      '0',
      '0.31',
      '0.10',
      'position.available_margin',
    ],
    [null, 'market', '12.05', '--', '--', 'position.available_margin'],
    [null, 'option', null, '--', '--', 'account.available_balance'],
  ] as const)('%j in %s mode with P&L %s', (input, mode, pnl, balance, available, label) => {
    expect(glanceFigures(input, mode, pnl)).toEqual({ balance, available, availableLabel: label });
  });
});

describe('balanceChangeKey', () => {
  const base = {
    openOrders: [{ uid: 'o1' }],
    pendingOrders: [],
    notifications: null,
    optionSettled: null,
    virtual: false,
  };
  const key = balanceChangeKey(base);

  it('stays the same for a price push (same orders)', () => {
    expect(balanceChangeKey({ ...base, openOrders: [{ uid: 'o1' }] })).toBe(key);
  });

  it.each([
    ['a position opens', { openOrders: [{ uid: 'o1' }, { uid: 'o2' }] }],
    ['a position closes', { openOrders: [] }],
    ['a pending order is placed', { pendingOrders: [{ uid: 'p1' }] }],
    ['a notification arrives', { notifications: { seq: 1 } }],
    ['an option settles', { optionSettled: { seq: 1 } }],
    ['the lists become the demo account’s', { virtual: true }],
    ['the lists are not known', { openOrders: null }],
  ])('changes when %s', (_what, patch) => {
    expect(balanceChangeKey({ ...base, ...patch })).not.toBe(key);
  });
});
