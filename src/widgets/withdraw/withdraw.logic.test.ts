import { describe, expect, it } from 'vitest';
import {
  amountMessage,
  canSubmit,
  formProblem,
  formReducer,
  initialForm,
  plain,
  quotable,
  rangeText,
  withdrawTabs,
  type FormState,
  type Limits,
} from './withdraw.logic';

const on = (...names: string[]) => names.map((name) => ({ name, enable: true }));
const usdt: Limits = { min: '50', max: '10000000', usdPrice: '1', unit: 'USDT' };

describe('withdrawTabs', () => {
  it.each([
    [[], ['crypto']],
    [on('user/bankCard'), ['crypto', 'bank_card']],
    [on('NO_WALLET_WITHDRAW'), []],
    [on('NO_WALLET_WITHDRAW', 'user/bankCard'), ['bank_card']],
    [[{ name: 'user/bankCard', enable: false }], ['crypto']],
  ])('%o → %o', (configs, tabs) => {
    expect(withdrawTabs(configs)).toEqual(tabs);
  });
});

describe('formReducer', () => {
  const filled: FormState = { tab: 'crypto', selection: '1', amount: '100', skipChecks: false };

  it('clears amount and selection when the tab changes, keeps them on the same tab', () => {
    expect(formReducer(filled, { type: 'tab', tab: 'bank_card' })).toEqual({
      tab: 'bank_card',
      selection: null,
      amount: '',
      skipChecks: false,
    });
    expect(formReducer(filled, { type: 'tab', tab: 'crypto' })).toBe(filled);
  });

  it('strips a leading dot and extra decimals from the typed amount', () => {
    expect(formReducer(initialForm('crypto'), { type: 'amount', typed: '.5' }).amount).toBe('5');
    expect(formReducer(initialForm('crypto'), { type: 'amount', typed: '1.1234567' }).amount).toBe('1.12345');
  });

  it.each([
    [1067, true],
    [1070, true],
    [1066, true],
    [23557, false],
    [0, false],
  ])('the status code %i sets the skip-checks flag: %s', (code, skip) => {
    expect(formReducer(initialForm('crypto'), { type: 'status', code }).skipChecks).toBe(skip);
  });

  it('sets the flag when a submit begins and clears amount and flag once submitted', () => {
    const submitting = formReducer(filled, { type: 'submitting' });
    expect(submitting.skipChecks).toBe(true);
    expect(formReducer(submitting, { type: 'submitted' })).toMatchObject({ amount: '', skipChecks: false });
  });
});

describe('amount rules', () => {
  it.each([
    ['', false],
    ['49', false],
    ['50', true],
    ['10000000', true],
    ['10000001', false],
    ['100.123456', false],
  ])('%s is quotable: %s', (amount, ok) => {
    expect(quotable(amount, usdt)).toBe(ok);
  });

  it('nothing is quotable without the selection’s limits', () => {
    expect(quotable('100', null)).toBe(false);
  });

  it.each([
    ['below_min', 'withdraw.amount_limit', { min: '50', max: '10000000', coin: 'USDT' }],
    ['above_max', 'withdraw.amount_limit', { min: '50', max: '10000000', coin: 'USDT' }],
    ['usd_below_min', 'withdraw.amount_limit_usd', { min: '50', max: '10,000,000' }],
    ['decimals', 'withdraw.decimals', undefined],
    ['practical', 'withdraw.practical_rule', undefined],
    ['insufficient', 'withdraw.insufficient_balance', undefined],
  ] as const)('%s shows %s', (problem, key, values) => {
    expect(amountMessage(problem, usdt)).toEqual(values ? { key, values } : { key });
  });

  it('shows nothing while the amount is empty or incomplete', () => {
    expect(amountMessage('format', usdt)).toBeNull();
    expect(amountMessage(null, usdt)).toBeNull();
  });
});

describe('canSubmit', () => {
  const state: FormState = { tab: 'crypto', selection: '1', amount: '100', skipChecks: false };
  const quote = { practical: '75', isOver: false };

  it.each([
    ['a clean quote', state, quote, true],
    ['no quote yet', state, null, false],
    ['no selection', { ...state, selection: null }, quote, false],
    ['over the balance', state, { practical: '75', isOver: true }, false],
    ['practical 0', state, { practical: '0', isOver: false }, false],
    ['out of range', { ...state, amount: '10' }, quote, false],
    ['checks skipped (status 1067)', { ...state, amount: '10', skipChecks: true }, null, true],
  ] as const)('%s → %s', (_, s, q, ok) => {
    expect(canSubmit(s, usdt, q)).toBe(ok);
  });
});

describe('texts', () => {
  it('writes the range and plain decimals', () => {
    expect(rangeText({ ...usdt, min: plain('50.00000000') })).toBe('(50 USDT ~ 10000000 USDT)');
    // USD (the bank card's limits) with 2 decimals and thousands separators (spec §9).
    expect(rangeText({ ...usdt, unit: 'USD', min: '50', max: '10000000' })).toBe(
      '(50.00 USD ~ 10,000,000.00 USD)',
    );
    expect(plain('0.00100000')).toBe('0.001');
    expect(plain('25')).toBe('25');
  });
});

describe('formProblem', () => {
  const btc: Limits = { min: '0.001', max: '100', usdPrice: '1', unit: 'BTC' };
  it('ignores the USD limits until a quote gave the price, then applies them', () => {
    expect(quotable('0.01', btc)).toBe(true);
    expect(formProblem('0.01', btc, null)).toBeNull();
    expect(
      formProblem(
        '0.0001',
        { ...btc, min: '0.0001', usdPrice: '98500' },
        { practical: '0.0001', isOver: false },
      ),
    ).toBe('usd_below_min');
  });
});
