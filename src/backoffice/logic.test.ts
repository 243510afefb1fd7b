import { describe, expect, it } from 'vitest';
import {
  auditChanges,
  canHoldWithdrawals,
  normalizeCode,
  pageCount,
  reasonValid,
  ticketAmount,
} from './logic';

describe('ticket amounts', () => {
  it.each([
    ['1000.00000000', 'USD', '1,000.00'],
    ['1000.005', 'USD', '1,000.01'],
    ['0.50000000', 'BTC', '0.50'],
    ['0.00123456', 'BTC', '0.00123456'],
    ['100000.00000000', 'USDT', '100,000.00'],
    ['2.5', 'ETH', '2.50'],
  ])('shows the ticket amount %s %s as %s', (value, currency, shown) =>
    expect(ticketAmount(value, currency)).toBe(shown),
  );
});

describe('rules', () => {
  it.each([
    [['finance'], true],
    [['compliance'], true],
    [['support'], false],
    [[], false],
  ] as const)('canHoldWithdrawals(%j) = %s', (roles, may) => expect(canHoldWithdrawals(roles)).toBe(may));

  it.each([
    ['', false],
    ['   ', false],
    ['Proof does not match the amount', true],
    ['x'.repeat(500), true],
    ['x'.repeat(501), false],
  ])('reasonValid(%j) = %s', (reason, valid) => expect(reasonValid(reason)).toBe(valid));

  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    ['12a34b56789', '123456'],
    ['', ''],
  ])('normalizeCode(%j) = %j', (typed, code) => expect(normalizeCode(typed)).toBe(code));

  it.each([
    [0, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
  ])('pageCount(%i, %i) = %i', (total, size, pages) => expect(pageCount(total, size)).toBe(pages));
});

describe('auditChanges (what an audit row changed)', () => {
  it('lists only the fields whose values differ, before first', () => {
    expect(
      auditChanges(
        { uid: 'D1', state: 'waiting', reason: '', amount: '2500.00000000' },
        { uid: 'D1', state: 'fail', reason: 'Screens done', amount: '2500.00000000' },
      ),
    ).toEqual([
      { field: 'state', before: 'waiting', after: 'fail' },
      { field: 'reason', before: '', after: 'Screens done' },
    ]);
  });

  it('shows a created object field by field, lists joined and other values as JSON', () => {
    expect(auditChanges(null, { roles: ['finance', 'support'], active: true })).toEqual([
      { field: 'roles', before: null, after: 'finance, support' },
      { field: 'active', before: null, after: 'true' },
    ]);
    expect(auditChanges({ withdrawalFrozen: false }, { withdrawalFrozen: true })).toEqual([
      { field: 'withdrawalFrozen', before: 'false', after: 'true' },
    ]);
  });

  it('answers nothing without a change, and a single value without a field name', () => {
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges(undefined, undefined)).toEqual([]);
    expect(auditChanges({ state: 'waiting' }, { state: 'waiting' })).toEqual([]);
    expect(auditChanges('open', 'closed')).toEqual([{ field: '', before: 'open', after: 'closed' }]);
  });
});
