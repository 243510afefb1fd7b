import { describe, expect, it } from 'vitest';
import {
  amountMessageKey,
  applicationReady,
  canRepay,
  clampAmount,
  clientStatus,
  guarantorMessageKey,
  repayMax,
  repaymentMessageKey,
  repaymentStatusKey,
  screenOf,
  sliderAmount,
} from './loan.logic';
import { loanDto, repaymentDto } from './loan.fixture';

describe('loan statuses (spec §4)', () => {
  it('reads no loan as 100 and a loading check as -1', () => {
    expect(clientStatus(undefined)).toBe(-1);
    expect(clientStatus(null)).toBe(100);
    expect(clientStatus(loanDto({ status: 4 }))).toBe(4);
  });

  it.each([
    [-1, 'loading'],
    [100, 'apply'],
    [2, 'apply'],
    [3, 'apply'],
    [0, 'waiting'],
    [1, 'repay'],
    [4, 'repay'],
  ] as const)('status %i shows the %s screen', (status, screen) => {
    expect(screenOf(status)).toBe(screen);
  });
});

describe('the application (spec §5, §9)', () => {
  it.each([
    ['50000', null],
    ['1000000', null],
    ['510000', null],
    ['', 'loan.amount_required'],
    ['40000', 'loan.amount_range'],
    ['1010000', 'loan.amount_range'],
    ['55000', 'loan.amount_step'],
    ['50000.5', 'loan.amount_step'],
    ['5e4', 'loan.amount_format'],
  ])('amount %j → %j', (amount, key) => {
    expect(amountMessageKey(amount)).toBe(key);
  });

  it('asks for a guarantor UID of digits (p_loan_guarantor)', () => {
    expect(guarantorMessageKey('')).toBe('loan.guarantor_required');
    expect(guarantorMessageKey('  ')).toBe('loan.guarantor_required');
    expect(guarantorMessageKey('12a')).toBe('loan.guarantor_format');
    expect(guarantorMessageKey('10000008')).toBeNull();
  });

  it('is ready only with an allowed amount, a term of 7–30 whole days and a guarantor', () => {
    const form = { amount: '50000', days: 7, guarantor: '10000008' };
    expect(applicationReady(form)).toBe(true);
    expect(applicationReady({ ...form, days: 6 })).toBe(false);
    expect(applicationReady({ ...form, days: 31 })).toBe(false);
    expect(applicationReady({ ...form, days: 7.5 })).toBe(false);
    expect(applicationReady({ ...form, guarantor: '' })).toBe(false);
    expect(applicationReady({ ...form, amount: '60001' })).toBe(false);
  });

  it('keeps the slider inside 50,000–1,000,000', () => {
    expect(clampAmount(0)).toBe('50000');
    expect(clampAmount(2_000_000)).toBe('1000000');
    expect(sliderAmount('abc')).toBe(50_000);
    expect(sliderAmount('')).toBe(50_000);
    expect(sliderAmount('70000')).toBe(70_000);
  });
});

describe('repayments (spec §4, §5)', () => {
  it.each([
    ['100', '50000', null],
    ['50000', '50000', null],
    ['0', '50000', 'loan.repay_zero'],
    ['0.00', '50000', 'loan.repay_zero'],
    ['', '50000', 'loan.repay_zero'],
    ['150', '50000', 'loan.repay_step'],
    ['50100', '50000', 'loan.repay_above_owed'],
    ['100.001', '50000', 'loan.amount_format'],
  ])('%j of %j owed → %j', (amount, owed, key) => {
    expect(repaymentMessageKey(amount, owed)).toBe(key);
  });

  it('slides up to what is owed, down to the step', () => {
    expect(repayMax('50000.00000000')).toBe(50_000);
    expect(repayMax('49950')).toBe(49_900);
  });

  it('offers repaying an active or overdue loan that owes, not while the latest repayment waits', () => {
    expect(canRepay(loanDto(), [])).toBe(true);
    expect(canRepay(loanDto({ status: 4 }), [repaymentDto({ status: 2 })])).toBe(true);
    expect(canRepay(loanDto(), [repaymentDto({ status: 0 }), repaymentDto({ status: 1 })])).toBe(false);
    expect(canRepay(loanDto({ status: 0 }), [])).toBe(false);
    expect(canRepay(loanDto({ status: 3, amountOwed: '0' }), [])).toBe(false);
    expect(canRepay(null, [])).toBe(false);
  });

  it('names the three repayment statuses', () => {
    expect([0, 1, 2].map(repaymentStatusKey)).toEqual([
      'loan.repayment_waiting',
      'loan.repayment_approved',
      'loan.repayment_rejected',
    ]);
  });
});
