import { describe, expect, it } from 'vitest';
import type { Limits } from '../../core/domain/withdraw-form';
import { amountMessage, formReducer, initialForm, withdrawTabs, type FormState } from './withdraw.logic';

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

  it('keeps the amount as the amount input gives it: nothing stripped or cut (issue #26)', () => {
    expect(formReducer(initialForm('crypto'), { type: 'amount', typed: '0.5' }).amount).toBe('0.5');
    expect(formReducer(initialForm('crypto'), { type: 'amount', typed: '1.1234567' }).amount).toBe(
      '1.1234567',
    );
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
