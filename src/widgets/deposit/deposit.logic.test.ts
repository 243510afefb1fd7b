import { describe, expect, it } from 'vitest';
import {
  afterSuccess,
  clearDraft,
  depositFlags,
  depositTabs,
  DRAFT_KEY,
  formProblem,
  initialForm,
  keepsDraft,
  metaOf,
  saveDraft,
  selectionOf,
  switchTab,
  takeDraft,
  type DepositForm,
} from './deposit.logic';
import type { DepositFlags } from './deposit.logic';
import type { CoinOption } from '../../core/contract/coins';
import type { DepositBank } from '../../core/contract/deposits';

class MemoryStorage {
  map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  key() {
    return null;
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

const filled: DepositForm = { tab: 'crypto', step: 2, coinId: 1, bankId: null, amount: '1000', agreed: true };
const ok = { hasProof: true, language: 'en', usdValued: true, needsBank: false };

describe('depositTabs', () => {
  it.each([
    [
      ['crypto', 'bank'],
      ['crypto', 'bank'],
    ],
    [
      ['bank', 'crypto'],
      ['bank', 'crypto'],
    ],
    [['crypto'], ['crypto']],
    [['crypto', 'cash', 'crypto'], ['crypto']],
    [undefined, ['crypto']],
  ])('%j → %j', (types, tabs) => {
    expect(depositTabs(types)).toEqual(tabs);
  });
});

describe('steps', () => {
  it('starts on step 1 with the first coin, and a tab switch starts afresh', () => {
    expect(initialForm('crypto', 1)).toEqual({
      tab: 'crypto',
      step: 1,
      coinId: 1,
      bankId: null,
      amount: '',
      agreed: false,
    });
    expect(switchTab(filled, 'crypto', 1)).toBe(filled);
    expect(switchTab(filled, 'bank', 1)).toEqual(initialForm('bank', 1));
  });

  it('returns to the first coin and step 1 after a success (spec §4)', () => {
    expect(afterSuccess({ ...filled, coinId: 3 }, 1)).toEqual(initialForm('crypto', 1));
  });
});

describe('formProblem', () => {
  it.each([
    [{ amount: '' }, ok, 'user.p_t_deposit_amount'],
    [{ amount: '.5' }, ok, 'user.p_t_deposit_amount'],
    [{ amount: '10.123456' }, ok, 'deposit.max_decimals'],
    [{ amount: '0' }, ok, 'deposit.amount_positive'],
    [{ amount: '999.99' }, ok, 'deposit.below_minimum'],
    [{ amount: '30' }, { ...ok, language: 'ja' }, null],
    [{ amount: '29' }, { ...ok, language: 'ja' }, 'deposit.below_minimum'],
    [{ amount: '0.01' }, { ...ok, usdValued: false }, null],
    [{}, { ...ok, hasProof: false }, 'user.p_upload_deposit_proof'],
    [{ agreed: false }, ok, 'user.p_read_agreement'],
    [{ coinId: null }, ok, 'deposit.pick_coin'],
    [{ tab: 'bank' as const }, { ...ok, needsBank: true }, 'deposit.pick_bank'],
    [{ tab: 'bank' as const, bankId: 2 }, { ...ok, needsBank: true }, null],
    [{ tab: 'bank' as const }, ok, null],
    [{}, ok, null],
  ])('%j with %j → %s', (change, options, problem) => {
    expect(formProblem({ ...filled, ...change }, options)).toBe(problem);
  });
});

describe('metaOf', () => {
  it('sends coin, amount, memo, language and the agreement for crypto', () => {
    expect(metaOf({ ...filled, amount: ' 12.5 ' }, 'de', 'memo-1')).toEqual({
      type: 'crypto',
      coinId: 1,
      said: 'memo-1',
      amt: '12.5',
      locale: 'de',
      agreement: true,
    });
  });

  it('sends the bank account, or none on the fixed-USD flow', () => {
    expect(metaOf({ ...filled, tab: 'bank', bankId: 2 }, 'en', '')).toEqual({
      type: 'bank',
      bankId: 2,
      amt: '1000',
      locale: 'en',
      agreement: true,
    });
    expect(metaOf({ ...filled, tab: 'bank' }, 'en', '')).not.toHaveProperty('bankId');
  });
});

describe('the draft in session storage', () => {
  it('is restored once, then gone', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    saveDraft(storage, filled);
    expect(takeDraft(storage)).toEqual(filled);
    expect(takeDraft(storage)).toBeNull();
  });

  it('ignores what it did not write, and survives a missing storage', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    storage.setItem(DRAFT_KEY, '{"v":1,"form":{"tab":"cash"}}');
    expect(takeDraft(storage)).toBeNull();
    storage.setItem(DRAFT_KEY, 'not json');
    expect(takeDraft(storage)).toBeNull();
    expect(takeDraft(null)).toBeNull();
    expect(() => saveDraft(null, filled)).not.toThrow();
  });

  it('is cleared on demand', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    saveDraft(storage, filled);
    clearDraft(storage);
    expect(storage.getItem(DRAFT_KEY)).toBeNull();
  });

  it.each([
    ['/user/deposit', true],
    ['/user/deposit?x=1', true],
    ['/user/deposit/', true],
    ['/user/wallet', false],
    ['/', false],
    ['/user/agreement', false],
  ])('leaving the agreement for %s keeps it: %s', (path, kept) => {
    expect(keepsDraft(path)).toBe(kept);
  });
});

describe('depositFlags', () => {
  /** A loaded system config with `enabled` switched on and `disabled` present but off. */
  const on = (enabled: string[], disabled: string[] = []) => ({
    walletType: 0 as const,
    systemConfigs: [
      ...enabled.map((name) => ({ name, enable: true })),
      ...disabled.map((name) => ({ name, enable: false })),
    ],
  });
  it.each<[string, ReturnType<typeof on> | null, DepositFlags]>([
    ['not loaded', null, { disabled: false, hideCrypto: false, showQr: true }],
    ['none set', on([]), { disabled: false, hideCrypto: false, showQr: true }],
    ['deposits off', on(['disableDeposit']), { disabled: true, hideCrypto: false, showQr: true }],
    ['crypto hidden', on(['depositHideCrypto']), { disabled: false, hideCrypto: true, showQr: true }],
    ['QR hidden', on(['depositHideQRCode']), { disabled: false, hideCrypto: false, showQr: false }],
    [
      'entries present but disabled',
      on([], ['disableDeposit', 'depositHideQRCode']),
      { disabled: false, hideCrypto: false, showQr: true },
    ],
    [
      'all three',
      on(['disableDeposit', 'depositHideCrypto', 'depositHideQRCode']),
      { disabled: true, hideCrypto: true, showQr: false },
    ],
  ])('%s', (_name, config, flags) => {
    expect(depositFlags(config)).toEqual(flags);
  });
});

describe('selectionOf', () => {
  const coin = (id: number, currency: string): CoinOption => ({
    id,
    currency,
    protocol: 'TRC20',
    address: `addr-${id}`,
    said: '',
    minWithdrawAmount: '1',
    maxWithdrawAmount: '100',
    logoUrl: '',
  });
  const bank = (id: number, currency: string): DepositBank => ({
    id,
    bankName: 'Bank',
    accountName: 'Name',
    accountNumber: '1',
    swiftCode: 'S',
    bankAddress: 'A',
    currency,
    remark: '',
  });
  const coins = [coin(1, 'USDT'), coin(2, 'BTC')];
  const banks = [bank(7, 'EUR'), bank(8, 'USD')];
  it.each<[string, Partial<DepositForm>, boolean, number | null, number | null, string, boolean]>([
    // name, form, fixedUsd, coin id, bank id, currency, needsBank
    ['the first coin', {}, false, 1, null, 'USDT', false],
    ['another coin', { coinId: 2 }, false, 2, null, 'BTC', false],
    ['a coin no longer offered', { coinId: 9 }, false, null, null, '', false],
    ['no coin', { coinId: null }, false, null, null, '', false],
    ['a bank account in euros', { tab: 'bank', bankId: 7 }, false, 1, 7, 'EUR', true],
    ['the bank tab before an account is chosen', { tab: 'bank', bankId: null }, false, 1, null, 'USD', true],
    ['a fixed USD transfer needs no account', { tab: 'bank', bankId: null }, true, 1, null, 'USD', false],
    ['crypto ignores a chosen bank', { bankId: 7 }, false, 1, 7, 'USDT', false],
  ])('%s', (_name, change, fixedUsd, coinId, bankId, currency, needsBank) => {
    const picked = selectionOf({ ...filled, coinId: 1, ...change }, { coins, banks, fixedUsd });
    expect(picked.coin?.id ?? null).toBe(coinId);
    expect(picked.bank?.id ?? null).toBe(bankId);
    expect(picked.currency).toBe(currency);
    expect(picked.needsBank).toBe(needsBank);
  });
});
