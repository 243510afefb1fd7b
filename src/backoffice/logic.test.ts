import { describe, expect, it } from 'vitest';
import { GetUserLedger, OperatorLogin } from '../core/contract/backoffice';
import type { AdminDeposit } from '../core/contract/deposits';
import type { AdminWithdrawal } from '../core/contract/withdrawals';
import { urlOf } from './api';
import {
  normalizeCode,
  pageCount,
  auditChanges,
  canHoldWithdrawals,
  pagesFor,
  ticketAmount,
  depositItem,
  queueItemsOf,
  queueTargets,
  reasonValid,
  withdrawalItem,
} from './logic';

const DEPOSIT: AdminDeposit = {
  id: '7',
  uid: 'D1795589851040',
  userUid: '12345678',
  brandId: 'tradekit',
  method: 'crypto',
  coinId: 1,
  currency: 'USDT',
  protocol: 'TRC20',
  amount: '100000.00',
  usdAmount: '100000.00',
  state: 'waiting',
  reason: '',
  createdAt: 1_764_000_000_000,
  reviewedAt: null,
  reviewedBy: null,
  proofUrl: '/admin/v1/deposits/7/proof',
};

const WITHDRAWAL: AdminWithdrawal = {
  id: '9',
  uid: 'W1795589900000',
  userUid: '87654321',
  method: 'bank',
  currency: 'USD',
  protocol: null,
  bankName: 'Journey Bank',
  accountLast4: '3000',
  amount: '1000.00',
  usdAmount: '1000.00',
  fee: '25.00',
  practical: '975.00',
  state: 'waiting',
  reason: '',
  createdAt: 1_764_000_100_000,
  reviewedAt: null,
  reviewedBy: null,
};

describe('queue items from the admin answers', () => {
  it("reads a deposit: the trader is userUid, not the ticket number; the proof is the answer's path", () => {
    expect(depositItem(DEPOSIT)).toEqual({
      kind: 'deposits',
      id: '7',
      ticketNo: 'D1795589851040',
      userUid: '12345678',
      amount: '100,000.00',
      currency: 'USDT',
      usdAmount: '100,000.00',
      method: 'crypto',
      via: 'USDT · TRC20',
      fee: null,
      practical: null,
      createdAt: 1_764_000_000_000,
      proofUrl: '/admin/v1/deposits/7/proof',
      fields: [
        ['ticket', 'D1795589851040'],
        ['method', 'crypto'],
        ['coin', 'USDT · TRC20'],
      ],
    });
  });

  it.each([
    ['a bank deposit', { method: 'bank', protocol: '', currency: 'USD', proofUrl: null }, 'USD', null],
    ['BTC on its own network', { protocol: 'BTC', currency: 'BTC' }, 'BTC', '/admin/v1/deposits/7/proof'],
  ] as const)('names %s by its currency alone', (_name, change, via, proof) => {
    const item = depositItem({ ...DEPOSIT, ...change });
    expect(item.via).toBe(via);
    expect(item.proofUrl).toBe(proof);
  });

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

  it('reads a bank withdrawal with its fee and payout, the card by bank and last 4', () => {
    expect(withdrawalItem(WITHDRAWAL)).toMatchObject({
      kind: 'withdrawals',
      id: '9',
      ticketNo: 'W1795589900000',
      userUid: '87654321',
      amount: '1,000.00',
      currency: 'USD',
      method: 'bank',
      via: 'Journey Bank ****3000',
      fee: '25.00',
      practical: '975.00',
      proofUrl: null,
      fields: [
        ['ticket', 'W1795589900000'],
        ['method', 'bank'],
        ['via', 'Journey Bank ****3000'],
      ],
    });
  });

  it('shows the destination of the detail read: a bank account without its empty fields, or an address', () => {
    const bank = withdrawalItem(WITHDRAWAL, {
      kind: 'bank',
      bankName: 'Journey Bank',
      bankCode: '',
      swiftCode: 'JRNYDEFF',
      bankCountry: 'DE',
      name: 'Alex Trader',
      account: 'DE89370400440532013000',
    });
    expect(bank.fields).toEqual([
      ['ticket', 'W1795589900000'],
      ['method', 'bank'],
      ['bank', 'Journey Bank'],
      ['swift', 'JRNYDEFF'],
      ['country', 'DE'],
      ['payee', 'Alex Trader'],
      ['account', 'DE89370400440532013000'],
    ]);
    const crypto = withdrawalItem(
      {
        ...WITHDRAWAL,
        method: 'crypto',
        currency: 'USDT',
        protocol: 'ERC20',
        bankName: null,
        accountLast4: null,
      },
      { kind: 'crypto', currency: 'USDT', protocol: 'ERC20', address: '0xabc' },
    );
    expect(crypto.via).toBe('USDT · ERC20');
    expect(crypto.fields.slice(2)).toEqual([
      ['coin', 'USDT · ERC20'],
      ['address', '0xabc'],
    ]);
  });

  it('reads each list answer of its queue', () => {
    expect(queueItemsOf({ list: [DEPOSIT, { ...DEPOSIT, id: '8' }] }, 'deposits').map((i) => i.id)).toEqual([
      '7',
      '8',
    ]);
    expect(queueItemsOf({ list: [WITHDRAWAL] }, 'withdrawals').map((i) => i.userUid)).toEqual(['87654321']);
    expect(queueItemsOf({ list: [] }, 'deposits')).toEqual([]);
  });

  it('labels every field it can show, in every language', async () => {
    const names = new Set([
      ...depositItem(DEPOSIT).fields.map(([name]) => name),
      ...withdrawalItem(WITHDRAWAL).fields.map(([name]) => name),
      'coin',
      'address',
      'bank',
      'bank_code',
      'swift',
      'country',
      'payee',
      'account',
      'fee',
      'practical',
      'method_crypto',
      'method_bank',
    ]);
    const en = (await import('../core/i18n/locales/en/backoffice.json')).default;
    const de = (await import('../core/i18n/locales/de/backoffice.json')).default;
    for (const strings of [en, de]) {
      const field = strings.backoffice.queue.field as Record<string, string>;
      for (const name of names) expect(field[name], name).toMatch(/\S/);
    }
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
