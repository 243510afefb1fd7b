import { describe, expect, it } from 'vitest';
import { GetUserLedger, OperatorLogin } from '../core/contract/backoffice';
import { urlOf } from './api';
import {
  normalizeCode,
  pageCount,
  pagesFor,
  queueItemsOf,
  queueTargets,
  reasonValid,
  toQueueItem,
} from './logic';

describe('toQueueItem', () => {
  it.each([
    [
      'plain names',
      {
        id: 7,
        uid: '12345678',
        amount: '0.5',
        currency: 'BTC',
        usdAmount: '30000',
        method: 'crypto',
        createdAt: 1000,
        hasProof: true,
      },
      {
        id: '7',
        uid: '12345678',
        amount: '0.5',
        currency: 'BTC',
        usdAmount: '30000',
        method: 'crypto',
        createdAt: 1000,
        hasProof: true,
      },
    ],
    [
      'the spec record names',
      {
        ticketId: '9',
        userUid: '87654321',
        payPrice: '100',
        unit: 'USDT',
        depositUsdPrice: '100',
        submitTimeTs: '2000',
        proofType: 'image/png',
      },
      {
        id: '9',
        uid: '87654321',
        amount: '100',
        currency: 'USDT',
        usdAmount: '100',
        method: '',
        createdAt: 2000,
        hasProof: true,
      },
    ],
    [
      'an ISO time, no currency, no proof',
      { id: '3', uid: '1', amount: '5', createdAt: '2026-01-05T09:00:00.000Z' },
      { id: '3', currency: 'USD', usdAmount: null, createdAt: Date.UTC(2026, 0, 5, 9), hasProof: false },
    ],
  ])('reads %s', (_name, raw, expected) => {
    expect(toQueueItem(raw, 'deposits')).toMatchObject({ kind: 'deposits', ...expected });
  });

  it('skips an item without an id and keeps only scalar fields for the detail', () => {
    expect(toQueueItem({ amount: '1' }, 'withdrawals')).toBeNull();
    expect(toQueueItem({ id: 1, nested: { a: 1 }, note: null, ok: true }, 'withdrawals')?.fields).toEqual([
      ['id', '1'],
      ['ok', 'true'],
    ]);
  });

  it('reads a list answer or a bare array, dropping junk', () => {
    expect(queueItemsOf({ list: [{ id: 1 }, null, 'x', { id: 2 }] }, 'deposits').map((i) => i.id)).toEqual([
      '1',
      '2',
    ]);
    expect(queueItemsOf([{ id: 5 }], 'withdrawals').map((i) => i.id)).toEqual(['5']);
    expect(queueItemsOf(null, 'deposits')).toEqual([]);
  });
});

describe('rules', () => {
  it.each([
    [['finance'], ['deposits', 'withdrawals', 'audit']],
    [
      ['compliance', 'finance'],
      ['deposits', 'withdrawals', 'audit'],
    ],
    [['support'], ['audit']],
    [['compliance'], ['audit']],
  ] as const)('pagesFor(%j) = %j', (roles, pages) => expect(pagesFor(roles)).toEqual(pages));

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

describe('urlOf', () => {
  it('fills path segments and puts the rest of a GET in the query', () => {
    expect(urlOf(GetUserLedger, { uid: '12345678', page: 2, pageSize: 10 })).toBe(
      '/admin/v1/users/12345678/ledger?page=2&pageSize=10',
    );
    expect(urlOf(queueTargets('deposits').list, { status: 'waiting' })).toBe(
      '/admin/v1/deposits?status=waiting',
    );
    expect(urlOf(queueTargets('withdrawals').reject, { id: '42', reason: 'x' })).toBe(
      '/admin/v1/withdrawals/42/reject',
    );
    expect(urlOf(OperatorLogin, { email: 'a@b.c' })).toBe('/admin/v1/operators/login');
  });
});
