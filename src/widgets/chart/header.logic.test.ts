import { describe, expect, it } from 'vitest';
import { priceEntry } from '../_shared/test-platform.fixture';
import { headerView, newerQuote, pickSymbol, symbolOptions } from './header.logic';
import { productInfo } from './chart-test.fixture';

const EURUSD = priceEntry({
  symbol: 'EURUSD',
  name: 'Euro / US Dollar',
  sort: 2,
  lastUpdate: Date.UTC(2025, 0, 15, 12),
});
const BTC = priceEntry({
  symbol: 'BTCUSDT',
  name: 'Bitcoin',
  type: 1,
  sort: 1,
  volume: '1234.5',
  pricePrecision: 2,
});

describe('headerView', () => {
  it('formats the quote at its precision with change, time, high, low, bid and ask', () => {
    expect(headerView('EURUSD', EURUSD, undefined, 'UTC')).toEqual({
      name: 'Euro / US Dollar',
      price: '1.08240',
      change: '+0.12%',
      direction: 'up',
      updated: '01-15 12:00:00',
      high: '1.08400',
      low: '1.08000',
      volume: null,
      bid: '1.08230',
      ask: '1.08250',
    });
  });

  it('shows volume for categories other than commodities and forex', () => {
    expect(headerView('BTCUSDT', BTC, undefined).volume).toBe('1.23K');
    expect(headerView('XAUUSD', { ...BTC, type: 2 }, undefined).volume).toBeNull();
  });

  it('names the product from the product list before the first quote', () => {
    const view = headerView(
      'XAUUSD',
      undefined,
      productInfo({ productCode: 'XAUUSD', productName: 'Gold', type: 2 }),
    );
    expect(view).toMatchObject({ name: 'Gold', price: '--', updated: '--', volume: null });
    expect(headerView('ABC', undefined, null).name).toBe('ABC');
  });
});

describe('symbol choice', () => {
  it('lists quoted products by category in trade-list order and keeps an unquoted current one first', () => {
    expect(symbolOptions([BTC, EURUSD], 'EURUSD', [3, 2, 1]).map((o) => o.symbol)).toEqual([
      'EURUSD',
      'BTCUSDT',
    ]);
    expect(symbolOptions([EURUSD, BTC], 'EURUSD').map((o) => o.symbol)).toEqual(['BTCUSDT', 'EURUSD']);
    expect(symbolOptions([EURUSD], 'NAS100')).toEqual([
      { symbol: 'NAS100', name: 'NAS100', type: null },
      { symbol: 'EURUSD', name: 'Euro / US Dollar', type: 3 },
    ]);
  });

  it.each([
    ['the attribute, upper-cased', ' eurusd ', ['XAUUSD'], 'EURUSD'],
    ['the first quoted home symbol', undefined, ['XAUUSD', 'BTCUSDT'], 'BTCUSDT'],
    ['the first quote in list order', '', [], 'BTCUSDT'],
  ])('picks %s', (_, attribute, home, expected) => {
    expect(pickSymbol(attribute, [EURUSD, BTC], home)).toBe(expected);
  });

  it('picks nothing before anything is quoted', () => {
    expect(pickSymbol(undefined, [], ['EURUSD'])).toBe('');
  });

  it('takes the newer of the snapshot quote and the tick', () => {
    const later = { ...EURUSD, price: '1.1', lastUpdate: EURUSD.lastUpdate + 1 };
    expect(newerQuote(EURUSD, later)).toBe(later);
    expect(newerQuote(later, EURUSD)).toBe(later);
    expect(newerQuote(undefined, EURUSD)).toBe(EURUSD);
  });
});
