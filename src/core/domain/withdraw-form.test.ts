import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  formProblem,
  payoutAddress,
  plain,
  quotable,
  rangeText,
  shownProblem,
  withdrawLimits,
  withdrawPreview,
  withdrawReady,
  type FormFacts,
  type Limits,
} from './withdraw-form';

const usdt: Limits = { min: '50', max: '10000000', usdPrice: '1', unit: 'USDT' };

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
});

describe('canSubmit', () => {
  const state: FormFacts = { tab: 'crypto', selection: '1', amount: '100', skipChecks: false };
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

describe('withdrawLimits', () => {
  const coin = { minWithdrawAmount: '0.00100000', maxWithdrawAmount: '100.00000000', currency: 'BTC' };
  const bank = { minWithdrawAmount: '50.00', maxWithdrawAmount: '10000000.00' };

  it.each([
    ['a coin, no quote yet', coin, null, undefined, { min: '0.001', max: '100', usdPrice: '1', unit: 'BTC' }],
    ['a coin, quoted', coin, bank, '98500', { min: '0.001', max: '100', usdPrice: '98500', unit: 'BTC' }],
    ['a bank card', null, bank, undefined, { min: '50', max: '10000000', usdPrice: '1', unit: 'USD' }],
    ['no choice', null, null, '1', null],
  ] as const)('%s', (_, c, b, price, limits) => {
    expect(withdrawLimits(c, b, price)).toEqual(limits);
  });
});

describe('shownProblem', () => {
  const quote = { practical: '75', isOver: false };
  it.each([
    ['an empty field', { amount: '', skipChecks: false }, usdt, null, null],
    ['no limits', { amount: '10', skipChecks: false }, null, null, null],
    ['checks skipped', { amount: '10', skipChecks: true }, usdt, null, null],
    ['below the range', { amount: '10', skipChecks: false }, usdt, null, 'below_min'],
    [
      'over the balance',
      { amount: '100', skipChecks: false },
      usdt,
      { ...quote, isOver: true },
      'insufficient',
    ],
    ['a clean amount', { amount: '100', skipChecks: false }, usdt, quote, null],
  ] as const)('%s → %s', (_, form, limits, q, problem) => {
    expect(shownProblem(form, limits, q)).toBe(problem);
  });
});

describe('withdrawReady', () => {
  const crypto: FormFacts = { tab: 'crypto', selection: '1', amount: '100', skipChecks: false };
  const bank: FormFacts = { ...crypto, tab: 'bank_card', selection: '9' };
  const quote = { practical: '75', isOver: false };
  const send = { address: 'TXyz', busy: false, stopped: false };

  it.each([
    ['crypto with an address', crypto, quote, send, true],
    ['crypto without an address', crypto, quote, { ...send, address: '' }, false],
    ['a bank card needs no address', bank, quote, { ...send, address: '' }, true],
    ['while a submit is on its way', crypto, quote, { ...send, busy: true }, false],
    ['after the status check stopped the form', crypto, quote, { ...send, stopped: true }, false],
    ['before a quote', crypto, null, send, false],
  ] as const)('%s → %s', (_, form, q, s, ready) => {
    expect(withdrawReady(form, usdt, q, s)).toBe(ready);
  });
});

describe('payoutAddress', () => {
  it.each([
    ['TSaved', '  TTyped ', 'TSaved'],
    [null, '  TTyped ', 'TTyped'],
    [null, '   ', ''],
  ])('saved %s, typed %j → %j', (saved, typed, address) => {
    expect(payoutAddress(saved, typed)).toBe(address);
  });
});

describe('withdrawPreview', () => {
  const quote = { fee: '1.50000', practical: '98.50000', afterBalance: '1234.5' };
  it.each([
    [null, 'USDT', { fee: '--', actual: '--', after: '--' }],
    [quote, 'USDT', { fee: '1.5 USDT', actual: '98.5 USDT', after: '1,234.50 USD' }],
    [quote, 'USD', { fee: '1.50 USD', actual: '98.50 USD', after: '1,234.50 USD' }],
  ] as const)('%o in %s', (q, unit, preview) => {
    expect(withdrawPreview(q, unit)).toEqual(preview);
  });
});
