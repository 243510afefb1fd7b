import { describe, expect, it } from 'vitest';
import { previewOrder, profitLossUsd } from './trade-preview';
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
const at = (price: string) => ({ bid: price, ask: price });
const RATES: Record<string, string> = { EURUSD: '1.16500', USDJPY: '152.400', GBPUSD: '1.33800' };
const rates = (symbol: string) => (RATES[symbol] ? at(RATES[symbol]) : null);
const btc = { bid: '98490.00', ask: '98500.00' };
const market = (qty: string, direction: 0 | 1 = 0) => ({ direction, qty, limit: null });

describe('previewOrder', () => {
  it('shows value, margin, fee and the balance after', () => {
    expect(previewOrder(product('BTCUSDT', 1), market('0.10'), btc, '1000.00', rates)).toEqual({
      value: '9850.00',
      margin: '98.50',
      fee: '19.70',
      balanceAfter: '881.80',
      enough: true,
    });
  });

  it('says when the balance is not enough', () => {
    const preview = previewOrder(product('BTCUSDT', 1), market('1'), btc, '900.00', rates);
    expect(preview).toMatchObject({
      margin: '985.00',
      fee: '197.00',
      balanceAfter: '-282.00',
      enough: false,
    });
  });

  it('leaves the balance after open while the balance is unknown', () => {
    expect(previewOrder(product('BTCUSDT', 1), market('1'), btc, null, rates)).toMatchObject({
      balanceAfter: null,
      enough: true,
    });
  });

  it('sells at the bid', () => {
    expect(previewOrder(product('BTCUSDT', 1), market('0.10', 1), btc, null, rates)).toMatchObject({
      value: '9849.00',
      margin: '98.49',
    });
  });

  it('values a USDJPY lot at 100,000 USD whatever the price', () => {
    expect(
      previewOrder(product('USDJPY', 3, { multiple: 400 }), market('1'), at('152.420'), '0', rates),
    ).toMatchObject({ value: '100000.00', margin: '250.00', fee: '200.00', enough: false });
  });

  it('locks only the margin of a pending order: the fee is paid at the fill', () => {
    const terms = { direction: 0 as const, qty: '0.10', limit: '90000.00' };
    expect(previewOrder(product('BTCUSDT', 1), terms, btc, '100.00', rates)).toEqual({
      value: '9000.00',
      margin: '90.00',
      fee: '18.00',
      balanceAfter: '10.00',
      enough: true,
    });
  });

  it('never shows a charge below a cent', () => {
    expect(
      previewOrder(product('DOGEUSDT', 1, { multiple: 20 }), market('0.01'), at('0.28000'), '0', rates),
    ).toMatchObject({ margin: '0.01', fee: '0.01', balanceAfter: '-0.02', enough: false });
  });

  it.each([
    [product('EURUSD', 3, { feeType: 'TIERED' }), 'fee_type_unsupported'],
    [product('CHFSEK', 3), 'rate_unknown'],
  ])('reports why a preview cannot be made', (p, error) => {
    expect(previewOrder(p, market('1'), at('1.1'), '100', rates)).toEqual({ error });
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
