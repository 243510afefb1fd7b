import { describe, expect, it } from 'vitest';
import { quoteWithdrawal, withdrawAmountProblem, withdrawFee, type WithdrawQuote } from './withdraw-quote';

const quote = (...args: Parameters<typeof quoteWithdrawal>): WithdrawQuote => {
  const result = quoteWithdrawal(...args);
  if ('error' in result) throw new Error(result.error);
  return result.quote;
};

describe('withdrawFee', () => {
  it.each([
    // num, type, feeNum, fee
    ['100', 'PERCENTAGE', '0.5', '0.50000'],
    ['0.00123', 'PERCENTAGE', '0.5', '0.00001'],
    ['1.23456', 'PERCENTAGE', '1', '0.01235'],
    ['100', 'FIX_AMOUNT', '25', '25.00000'],
    ['10', 'FIX_AMOUNT', '25', '25.00000'],
    ['100', '', '9', '0.00000'],
  ] as const)('%s with %s %s costs %s', (num, type, feeNum, fee) => {
    expect(withdrawFee(num, type, feeNum)).toBe(fee);
  });
});

describe('quoteWithdrawal', () => {
  it('quotes a stablecoin with a fixed fee: practical num − fee, USD 1:1, balance after', () => {
    expect(
      quote({ num: '100', feeType: 'FIX_AMOUNT', feeNum: '25', usdPrice: '1', balance: '1000' }),
    ).toEqual({
      type: 'FIX_AMOUNT',
      feeType: 'FIX_AMOUNT',
      feeNum: '25',
      fee: '25.00000',
      feeUsd: '25.00000',
      practical: '75.00000',
      usdAmount: '100.00000',
      isOver: false,
      afterBalance: '900.00000',
    });
  });

  it('quotes a coin by percentage at its USD price', () => {
    const q = quote({
      num: '0.01',
      feeType: 'PERCENTAGE',
      feeNum: '0.5',
      usdPrice: '98500.12',
      balance: '5000',
    });
    expect(q).toMatchObject({
      fee: '0.00005',
      feeUsd: '4.92501',
      practical: '0.00995',
      usdAmount: '985.00120',
      isOver: false,
      afterBalance: '4014.99880',
    });
  });

  it('flags an amount worth more than the balance, and one exactly equal is not over', () => {
    expect(
      quote({ num: '100.00001', feeType: '', feeNum: '0', usdPrice: '1', balance: '100' }),
    ).toMatchObject({
      isOver: true,
      afterBalance: '-0.00001',
    });
    expect(quote({ num: '100', feeType: '', feeNum: '0', usdPrice: '1', balance: '100' })).toMatchObject({
      isOver: false,
      afterBalance: '0.00000',
      practical: '100.00000',
    });
  });

  it('a fee above the amount leaves a practical amount at or below 0', () => {
    expect(
      quote({ num: '20', feeType: 'FIX_AMOUNT', feeNum: '25', usdPrice: '1', balance: '100' }).practical,
    ).toBe('-5.00000');
  });

  it('refuses a fee type it does not know with the spec message', () => {
    expect(
      quoteWithdrawal({ num: '1', feeType: 'TIERED', feeNum: '1', usdPrice: '1', balance: '1' }),
    ).toEqual({
      error: 'Not support feeType [TIERED]',
    });
  });
});

describe('withdrawAmountProblem', () => {
  const usdt = { min: '50', max: '10000000', usdPrice: '1' };
  const btc = { min: '0.001', max: '100', usdPrice: '98500' };
  it.each([
    ['', usdt, 'format'],
    ['abc', usdt, 'format'],
    ['-5', usdt, 'format'],
    ['0', usdt, 'format'],
    ['1e3', usdt, 'format'],
    ['100.123456', usdt, 'decimals'],
    ['49.99999', usdt, 'below_min'],
    ['50', usdt, null],
    ['10000000', usdt, null],
    ['10000000.00001', usdt, 'above_max'],
    ['0.0009', btc, 'below_min'],
    ['0.001', btc, null],
    ['100', btc, null],
    ['100.1', btc, 'above_max'],
  ] as const)('%s in %o → %s', (num, limits, problem) => {
    expect(withdrawAmountProblem(num, limits)).toBe(problem);
  });

  it('checks the general USD limits for a coin whose own range allows more', () => {
    expect(withdrawAmountProblem('0.0004', { min: '0.0001', max: '1000', usdPrice: '98500' })).toBe(
      'usd_below_min',
    );
    expect(withdrawAmountProblem('200', { min: '0.0001', max: '1000', usdPrice: '98500' })).toBe(
      'usd_above_max',
    );
  });

  it('with a quote: practical must be above 0, then the balance must cover it', () => {
    expect(withdrawAmountProblem('60', usdt, { practical: '0.00000', isOver: false })).toBe('practical');
    expect(withdrawAmountProblem('60', usdt, { practical: '35', isOver: true })).toBe('insufficient');
    expect(withdrawAmountProblem('60', usdt, { practical: '35', isOver: false })).toBeNull();
  });
});
