import { describe, expect, it } from 'vitest';
import {
  brandDepositMinimumUsd,
  depositAmountProblem,
  depositMinimumUsd,
  depositUsdValue,
  meetsDepositMinimum,
} from './deposit';

describe('depositMinimumUsd', () => {
  it.each([
    ['en', '1000'],
    ['id', '1000'],
    ['EN-us', '1000'],
    ['ja', '30'],
    ['de', '30'],
    ['zh-cn', '30'],
    ['fr', '30'],
  ])('%s → %s USD', (language, minimum) => {
    expect(depositMinimumUsd(language)).toBe(minimum);
  });
});

describe('brandDepositMinimumUsd', () => {
  it.each([
    [['en', 'id'], '1000'],
    [['en'], '1000'],
    [[], '1000'],
    [['en', 'de'], '30'],
    [['ja'], '30'],
  ])('%j → %s USD', (languages, minimum) => {
    expect(brandDepositMinimumUsd(languages)).toBe(minimum);
  });
});

describe('depositAmountProblem', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['.5', 'leading_dot'],
    ['abc', 'format'],
    ['-1', 'format'],
    ['1.', 'format'],
    ['1e5', 'format'],
    ['1.123456', 'decimals'],
    ['0', 'not_positive'],
    ['0.00000', 'not_positive'],
    ['1.12345', null],
    ['1000', null],
    ['0.00001', null],
  ])('%j → %s', (text, problem) => {
    expect(depositAmountProblem(text)).toBe(problem);
  });
});

describe('depositUsdValue and the minimum', () => {
  it.each([
    ['1000', '1', '1000.00'],
    ['0.02', '43210.5', '864.21'],
    ['100.12345', '1', '100.12'],
    ['0.00001', '0.5', '0.00'],
  ])('%s coins at %s → %s USD (cents rounded down)', (amount, price, usd) => {
    expect(depositUsdValue(amount, price)).toBe(usd);
  });

  it.each([
    ['999.99', 'en', false],
    ['1000.00', 'en', true],
    ['30.00', 'ja', true],
    ['29.99', 'de', false],
  ])('%s USD in %s meets the minimum: %s', (usd, language, meets) => {
    expect(meetsDepositMinimum(usd, language)).toBe(meets);
  });
});
