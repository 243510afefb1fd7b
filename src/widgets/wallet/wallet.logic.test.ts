import { describe, expect, it } from 'vitest';
import type { SystemConfigResponse } from '../../core/contract';
import {
  canTransfer,
  createQuoteSequence,
  homeButtons,
  parseActions,
  parseView,
  payStateTone,
  recordsQuery,
  signedQuantity,
  viewOfPath,
  walletRecordsQuery,
} from './wallet.logic';

const config = (...on: string[]): SystemConfigResponse =>
  ({
    systemConfigs: on.map((name) => ({ name, enable: true })),
    walletType: 0,
  }) as unknown as SystemConfigResponse;

describe('homeButtons', () => {
  it.each([
    ['a plain brand', config(), false, null, ['deposit', 'withdraw', 'crypto']],
    ['bank cards on', config('user/bankCard'), false, null, ['deposit', 'withdraw', 'crypto', 'bankCard']],
    [
      'wallet withdrawal off',
      config('NO_WALLET_WITHDRAW', 'user/bankCard'),
      false,
      null,
      ['deposit', 'withdraw', 'bankCard'],
    ],
    ['the demo account', config('user/bankCard'), true, null, ['resetDemo']],
    ['a page without a withdraw page', config(), false, ['deposit', 'crypto'], ['deposit', 'crypto']],
    ['no config yet', null, false, null, ['deposit', 'withdraw', 'crypto']],
  ] as const)('%s', (_name, systemConfig, virtual, offered, buttons) => {
    expect(homeButtons(systemConfig, virtual, offered)).toEqual(buttons);
  });
});

describe('views and paths', () => {
  it.each([
    ['home', 'home'],
    ['myWallet', 'myWallet'],
    ['records', 'records'],
    ['other', 'home'],
    [undefined, 'home'],
  ] as const)('parseView(%j) → %s', (value, view) => {
    expect(parseView(value)).toBe(view);
  });

  it.each([
    ['/user/wallet', 'home'],
    ['/user/myWallet', 'myWallet'],
    ['/user/wallet/depositList', 'records'],
    ['/user/wallet/transactionList?uid=1', 'records'],
    ['/user/deposit', null],
    ['/history', null],
  ] as const)('viewOfPath(%j) → %j', (path, view) => {
    expect(viewOfPath(path)).toBe(view);
  });

  it.each([
    [undefined, null],
    ['', []],
    ['deposit withdraw', ['deposit', 'withdraw']],
    ['deposit,crypto  bankCard', ['deposit', 'crypto', 'bankCard']],
  ] as const)('parseActions(%j) → %j', (text, actions) => {
    expect(parseActions(text)).toEqual(actions);
  });
});

describe('list queries', () => {
  it.each([
    ['all', 'all', 1, { pageNum: 1, pageSize: 10 }],
    ['deposit', 'all', 2, { pageNum: 2, pageSize: 10, type: 0 }],
    ['withdraw', 'fail', 1, { pageNum: 1, pageSize: 10, type: 1, status: 'fail' }],
    ['all', 'waiting', 3, { pageNum: 3, pageSize: 10, status: 'waiting' }],
  ] as const)('records %s/%s page %i', (type, status, page, query) => {
    expect(recordsQuery(type, status, page)).toEqual(query);
  });

  it.each([
    ['all', { pageNum: 1, pageSize: 10 }],
    ['in', { pageNum: 1, pageSize: 10, orderType: 0 }],
    ['out', { pageNum: 1, pageSize: 10, orderType: 1 }],
    ['order', { pageNum: 1, pageSize: 10, orderType: 2 }],
  ] as const)('wallet records %s', (filter, query) => {
    expect(walletRecordsQuery(filter, 1)).toEqual(query);
  });
});

describe('display rules', () => {
  it.each([
    ['waiting', 'warning'],
    ['success', 'info'],
    ['fail', 'danger'],
  ] as const)('payState %s is %s', (state, tone) => {
    expect(payStateTone(state)).toBe(tone);
  });

  it.each([
    ['0.5', '+0.5'],
    ['-12', '-12'],
  ])('signedQuantity(%s) → %s', (quantity, shown) => {
    expect(signedQuantity(quantity)).toBe(shown);
  });

  it('offers transfers on every currency but USD', () => {
    expect(['USD', 'USDT', 'BTC'].map((currency) => canTransfer({ currency }))).toEqual([false, true, true]);
  });

  it('shows only the latest quote request', () => {
    const sequence = createQuoteSequence();
    const a = sequence.next();
    const b = sequence.next();
    expect(sequence.isLatest(a)).toBe(false);
    expect(sequence.isLatest(b)).toBe(true);
  });
});
