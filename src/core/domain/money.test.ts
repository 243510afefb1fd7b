import { describe, expect, it } from 'vitest';
import {
  accountMargin,
  currenciesOf,
  entryPrice,
  exitPrice,
  feeOf,
  feesOf,
  marginOf,
  midOf,
  netPnl,
  notionalUsd,
  orderCharges,
  pnlUsd,
  quoteCurrency,
  toUsd,
  type MoneyProduct,
  type QuoteLookup,
} from './money';
import { add, compare } from './decimal';
import { pnlTone, signedAmount } from './order-format';

const at = (price: string) => ({ bid: price, ask: price });
const QUOTES: Record<string, { bid: string; ask: string }> = {
  EURUSD: at('1.16500'),
  GBPUSD: { bid: '1.29990', ask: '1.30010' },
  USDJPY: { bid: '149.990', ask: '150.010' },
};
const quotes: QuoteLookup = (symbol) => QUOTES[symbol];
const product = (code: string, type: number, extra: Partial<MoneyProduct> = {}): MoneyProduct => ({
  productCode: code,
  type,
  contractSize: type === 3 ? '100000' : '1',
  feeType: 'PERCENTAGE',
  feeValue: '0.2',
  ...extra,
});

describe('currencies and conversion', () => {
  it.each([
    ['EURUSD', 3, 'EUR', 'USD'],
    ['USDJPY', 3, 'USD', 'JPY'],
    ['EURGBP', 3, 'EUR', 'GBP'],
    ['BTCUSDT', 1, 'BTC', 'USD'],
    ['XAUUSD', 2, 'XAUUSD', 'USD'],
    ['US30', 4, 'US30', 'USD'],
  ])('splits %s (type %i) into %s / %s', (code, type, base, quote) => {
    expect(currenciesOf({ productCode: code, type })).toEqual({ base, quote });
    expect(quoteCurrency({ productCode: code, type })).toBe(quote);
  });

  it('takes the mid of a quote', () => {
    expect(midOf({ bid: '149.990', ask: '150.010' })).toBe('150.0000000000');
  });

  it.each([
    ['10', 'USD', '10'],
    ['10', 'GBP', '13.0000000000'],
    ['300', 'JPY', '2.0000000000'],
    ['1', 'CHF', null],
  ])('converts %s %s to %s USD through the mid of the direct or inverse pair', (amount, currency, usd) => {
    expect(toUsd(amount, currency, quotes)).toBe(usd);
  });
});

describe('notional', () => {
  it.each([
    ['a USD-quoted pair', product('EURUSD', 3), '0.10', '1.16510', '11651.0000000'],
    ['a USD-based pair at any price', product('USDJPY', 3), '0.10', '152.420', '10000.00'],
    ['a USD-based pair far from the market', product('USDJPY', 3), '1', '76.200', '100000'],
    ['a cross through its quote currency', product('EURJPY', 3), '0.10', '177.500', '11833.3333333333'],
    ['a cross quoted in GBP', product('EURGBP', 3), '1', '0.87100', '113230.000000000000000'],
    ['a coin', product('BTCUSDT', 1), '0.01', '98500.00', '985.0000'],
  ])('values %s', (_, p, qty, price, expected) => {
    expect(notionalUsd(p, qty, price, quotes)).toBe(expected);
  });

  it('cannot value a cross without its rate', () => {
    expect(notionalUsd(product('CHFSEK', 3), '1', '11.5', quotes)).toBeNull();
  });
});

describe('margin and fee round up to the cent', () => {
  it.each([
    ['98500', 100, '985.00'],
    ['1000', 3, '333.34'],
    ['0.5', 100, '0.01'],
    ['0.0028', 20, '0.01'],
    ['0', 100, '0.00'],
  ])('locks %s USD at leverage %i as %s', (usd, multiple, margin) => {
    expect(marginOf(usd, multiple)).toBe(margin);
  });

  it.each([
    ['0.2 % of the notional', {}, '98500', '1', '197.00'],
    ['0.2 % rounding up', {}, '1002.51', '0.01', '2.01'],
    ['0.2 % of a dust notional', {}, '0.0028', '0.01', '0.01'],
    ['5 USD per lot', { feeType: 'FIX_AMOUNT', feeValue: '5' }, '98500', '0.3', '1.50'],
    ['0.333 USD per lot', { feeType: 'FIX_AMOUNT', feeValue: '0.333' }, '1', '1', '0.34'],
    ['an unknown fee type', { feeType: 'TIERED' }, '1', '1', null],
  ])('charges %s', (_, extra, notional, qty, fee) => {
    expect(feeOf(product('X', 1, extra), notional, qty)).toBe(fee);
  });
});

describe('prices and P&L', () => {
  it('enters at the ask and leaves at the bid for a buy, the other way for a sell', () => {
    const q = { bid: '1', ask: '2' };
    expect([entryPrice(0, q), exitPrice(0, q), entryPrice(1, q), exitPrice(1, q)]).toEqual([
      '2',
      '1',
      '1',
      '2',
    ]);
  });

  it.each<[string, MoneyProduct, 0 | 1, string, string, string, string | null]>([
    ['a buy that rose', product('BTCUSDT', 1), 0, '0.10', '98000', '99000', '100.00'],
    ['a buy that fell', product('BTCUSDT', 1), 0, '0.10', '98000', '97000', '-100.00'],
    ['a sell that fell', product('EURUSD', 3), 1, '1', '1.16500', '1.16000', '500.00'],
    ['a USDJPY buy, converted at its close', product('USDJPY', 3), 0, '1', '152.000', '153.000', '653.59'],
    ['a USDJPY sell, converted at its close', product('USDJPY', 3), 1, '1', '150.000', '150.150', '-99.90'],
    [
      'a cross, at the mid of its quote currency',
      product('EURGBP', 3),
      0,
      '1',
      '0.87100',
      '0.87200',
      '130.00',
    ],
    ['a yen cross, at 1 ÷ the USDJPY mid', product('EURJPY', 3), 1, '0.5', '177.500', '177.200', '100.00'],
    ['half a cent, away from zero', product('BTCUSDT', 1), 1, '0.01', '100.00', '100.50', '-0.01'],
    ['a cross without a rate', product('EURCHF', 3), 0, '1', '0.9', '0.91', null],
  ])('values %s', (_, p, side, qty, open, close, expected) => {
    expect(pnlUsd(p, side, open, close, qty, quotes)).toBe(expected);
  });
});

describe('orderCharges', () => {
  const q = { bid: '98500.00', ask: '98510.00' };
  it('charges a market order margin and fee at the entry side', () => {
    expect(
      orderCharges(
        product('BTCUSDT', 1),
        { side: 0, quantity: '0.10', multiple: 100, limit: null },
        q,
        quotes,
      ),
    ).toEqual({
      openingPrice: '98510.00',
      notional: '9851.0000',
      margin: '98.51',
      fee: '19.71',
      feeNow: '19.71',
    });
  });

  it('locks only the margin of a pending order at its limit', () => {
    expect(
      orderCharges(
        product('BTCUSDT', 1),
        { side: 0, quantity: '1', multiple: 100, limit: '0.01' },
        q,
        quotes,
      ),
    ).toMatchObject({ openingPrice: '0.01', margin: '0.01', fee: '0.01', feeNow: '0' });
  });

  it.each([
    [product('EURUSD', 3, { feeType: 'TIERED' }), 'fee_type_unsupported'],
    [product('CHFSEK', 3), 'rate_unknown'],
  ])('reports why it cannot charge', (p, error) => {
    expect(orderCharges(p, { side: 1, quantity: '1', multiple: 10, limit: null }, at('1.1'), quotes)).toEqual(
      {
        error,
      },
    );
  });
});

describe('net P&L', () => {
  it.each([
    // profitLoss, feeAmount, overnightFee, fees, net
    ['12.50', '2.50', '0.00', '2.50', '10.00'],
    ['10.00', '19.70', '0.00', '19.70', '-9.70'],
    ['-5.00', '1.20', '0.35', '1.55', '-6.55'],
    ['0.00', '0.00', '0.00', '0.00', '0.00'],
    ['1.00', '1.00', '0.00', '1.00', '0.00'],
    ['0.1', '0.2', '0', '0.2', '-0.1'],
    ['123456789012345.67', '0.01', '0.02', '0.03', '123456789012345.64'],
    ['abc', '1.00', '0.00', '1.00', null],
    ['1.00', '', '0.00', null, null],
    ['1.00', '1.00', 'NaN', null, null],
  ])(
    'P&L %s less fee %s and overnight %s: fees %s, net %s',
    (profitLoss, feeAmount, overnightFee, fees, net) => {
      expect(feesOf({ feeAmount, overnightFee })).toBe(fees);
      expect(netPnl({ profitLoss, feeAmount, overnightFee })).toBe(net);
    },
  );

  it('shows a net loss from a gross gain in the loss colour', () => {
    const net = netPnl({ profitLoss: '10.00', feeAmount: '19.70', overnightFee: '0.00' });
    expect(signedAmount(net)).toBe('-9.70');
    expect(pnlTone(net)).toBe('down');
  });

  it('gives the total of many orders from the sums of their fields: the sum of the rows’ net P&L', () => {
    const rows = [
      { profitLoss: '99.00', feeAmount: '20.00', overnightFee: '0.00' },
      { profitLoss: '-12.34', feeAmount: '0.41', overnightFee: '1.25' },
      { profitLoss: '0.00', feeAmount: '0.01', overnightFee: '0.00' },
    ];
    const sum = (field: keyof (typeof rows)[number]) => rows.reduce((acc, row) => add(acc, row[field]), '0');
    const total = netPnl({
      profitLoss: sum('profitLoss'),
      feeAmount: sum('feeAmount'),
      overnightFee: sum('overnightFee'),
    });
    expect(total).toBe(rows.reduce((acc, row) => add(acc, netPnl(row) ?? 'x'), '0'));
    expect(total).toBe('64.99');
    // The gross sum is what the header showed before: it is not the total of the rows.
    expect(total).not.toBe(sum('profitLoss'));
  });
});

describe('accountMargin', () => {
  it.each([
    // balance, locked margin, floating P&L → net value, available margin
    ['10000.00', '0', '0', '10000.00', '10000.00'],
    ['9935.00', '65.00', '12.05', '10012.05', '9947.05'],
    ['9935.00', '65.00', '-40.10', '9959.90', '9894.90'],
    ['0.00', '500.00', '-620.00', '-120.00', '-620.00'],
  ])('balance %s, locked %s, floating %s → net %s, available %s', (balance, lock, pnl, net, available) => {
    const figures = accountMargin(balance, lock, pnl);
    expect(compare(figures.netValue, net)).toBe(0);
    expect(compare(figures.available, available)).toBe(0);
  });
});
