import { describe, expect, it } from 'vitest';
import {
  currenciesOf,
  feeUsd,
  marginUsd,
  notionalUsd,
  previewOrder,
  profitLossUsd,
  usdPerUnit,
} from './trade-preview';
import type { PreviewProduct } from './trade-preview';

const product = (code: string, type: number, extra: Partial<PreviewProduct> = {}): PreviewProduct => ({
  productCode: code,
  type,
  contractSize: type === 3 ? '100000' : '1',
  multiple: 100,
  feeType: 'PERCENTAGE',
  feeValue: '0.2',
  ...extra,
});
const RATES: Record<string, string> = { EURUSD: '1.16500', USDJPY: '152.400', GBPUSD: '1.33800' };
const rates = (symbol: string) => RATES[symbol] ?? null;

describe('currencies and rates', () => {
  it.each([
    ['EURUSD', 3, 'EUR', 'USD'],
    ['USDJPY', 3, 'USD', 'JPY'],
    ['BTCUSDT', 1, 'BTC', 'USD'],
    ['XAUUSD', 2, 'XAUUSD', 'USD'],
    ['US30', 4, 'US30', 'USD'],
  ])('splits %s (type %i) into %s / %s', (symbol, type, base, quote) => {
    expect(currenciesOf(symbol, type)).toEqual({ base, quote });
  });

  it.each([
    ['USD', '1'],
    ['EUR', '1.16500'],
    ['JPY', '0.006561679790'],
    ['CHF', null],
  ])('values one %s at %s USD', (currency, expected) => {
    expect(usdPerUnit(currency, rates)).toBe(expected);
  });
});

describe('notional, margin and fee', () => {
  it.each([
    ['a USD-quoted pair', product('EURUSD', 3), '0.10', '1.16510', '11651.0000000'],
    ['a USD-based pair (USDJPY)', product('USDJPY', 3), '0.10', '152.420', '10000.00'],
    ['a cross through the base rate', product('EURJPY', 3), '0.10', '177.500', '11650.0000000'],
    ['a coin', product('BTCUSDT', 1), '0.01', '98500.00', '985.0000'],
  ])('values %s', (_, p, qty, price, expected) => {
    expect(notionalUsd(p, qty, price, rates)).toBe(expected);
  });

  it('cannot value a cross without its rate', () => {
    expect(notionalUsd(product('CHFJPY', 3), '1', '170', rates)).toBeNull();
  });

  it.each([
    ['11651.00000', 500, '23.30'],
    ['985.0000', 100, '9.85'],
    ['10', 3, '3.33'],
    ['20', 3, '6.67'],
  ])('takes %s ÷ %i as the margin %s', (notional, multiple, expected) => {
    expect(marginUsd(notional, multiple)).toBe(expected);
  });

  it.each([
    ['0.2 % of the notional', product('EURUSD', 3), '0.10', '11651.00', '23.30'],
    ['0.2 % rounds half up', product('BTCUSDT', 1), '0.01', '1002.50', '2.01'],
    ['5 USD per lot', product('COPPER', 2, { feeType: 'FIX_AMOUNT', feeValue: '5' }), '0.25', '999', '1.25'],
    ['an unknown fee type', product('EURUSD', 3, { feeType: 'TIERED' }), '1', '1', null],
  ])('charges %s', (_, p, qty, notional, expected) => {
    expect(feeUsd(p, qty, notional)).toBe(expected);
  });
});

describe('previewOrder', () => {
  it('shows value, margin, fee and the balance after', () => {
    expect(previewOrder(product('BTCUSDT', 1), '0.10', '98500.00', '1000.00', rates)).toEqual({
      value: '9850.00',
      margin: '98.50',
      fee: '19.70',
      balanceAfter: '881.80',
      enough: true,
    });
  });

  it('says when the balance is not enough', () => {
    const preview = previewOrder(product('BTCUSDT', 1), '1', '98500.00', '900.00', rates);
    expect(preview).toMatchObject({
      margin: '985.00',
      fee: '197.00',
      balanceAfter: '-282.00',
      enough: false,
    });
  });

  it('leaves the balance after open while the balance is unknown', () => {
    expect(previewOrder(product('BTCUSDT', 1), '1', '100', null, rates)).toMatchObject({
      balanceAfter: null,
      enough: true,
    });
  });

  it.each([
    [product('EURUSD', 3, { feeType: 'TIERED' }), 'fee_type_unsupported'],
    [product('CHFJPY', 3), 'rate_unknown'],
  ])('reports why a preview cannot be made', (p, error) => {
    expect(previewOrder(p, '1', '1.1', '100', rates)).toEqual({ error });
  });
});

describe('profitLossUsd', () => {
  it.each<[string, PreviewProduct, 0 | 1, string, string, string, string | null]>([
    ['a buy that rose', product('BTCUSDT', 1), 0, '0.10', '98000', '99000', '100.00'],
    ['a buy that fell', product('BTCUSDT', 1), 0, '0.10', '98000', '97000', '-100.00'],
    ['a sell that fell', product('EURUSD', 3), 1, '1', '1.16500', '1.16000', '500.00'],
    ['a USDJPY buy, converted at the close', product('USDJPY', 3), 0, '1', '152.000', '153.000', '653.59'],
    ['a cross converted at the quote rate', product('EURGBP', 3), 0, '1', '0.87100', '0.87200', '133.80'],
    ['a cross without a rate', product('EURCHF', 3), 0, '1', '0.9', '0.91', null],
  ])('values %s', (_, p, direction, qty, open, close, expected) => {
    expect(profitLossUsd(p, direction, qty, open, close, rates)).toBe(expected);
  });
});
