import { describe, expect, it } from 'vitest';
import type { ProductInfo } from '../../core/contract/types';
import { priceEntry } from '../_shared/test-platform.fixture';
import { HOT_SEARCHES, normalizeKeyword, searchProducts } from './search.logic';

const QUOTES = [
  priceEntry({ symbol: 'EURUSD', name: 'Euro / US Dollar', sort: 2 }),
  priceEntry({ symbol: 'USDJPY', name: 'US Dollar / Yen', sort: 1, pricePrecision: 3, price: '151.2' }),
  priceEntry({ symbol: 'GBPUSD', name: 'Pound / US Dollar', sort: null, priceChangePercent: '-0.5' }),
  priceEntry({ symbol: 'USDHKD', name: 'US Dollar / Hong Kong Dollar', sort: 3 }),
  priceEntry({ symbol: 'BTCUSDT', name: 'Bitcoin', type: 1, sort: 1 }),
];

const product = (productCode: string, productName: string, type: ProductInfo['type'] = 3) =>
  ({ productCode, productName, type, sort: 9 }) as ProductInfo;

describe('normalizeKeyword', () => {
  it.each([
    [' eur/usd ', 'EURUSD'],
    ['usd-jpy', 'USDJPY'],
    ['Hong Kong', 'HONGKONG'],
    ['', ''],
    [null, ''],
  ])('reads %j as %j', (text, keyword) => {
    expect(normalizeKeyword(text)).toBe(keyword);
  });
});

describe('searchProducts', () => {
  const symbols = (keyword: string, products: ProductInfo[] = []) =>
    searchProducts(keyword, QUOTES, products).map((r) => r.symbol);

  it('finds nothing for an empty keyword', () => {
    expect(symbols('  ')).toEqual([]);
  });

  it('ranks symbols starting with the keyword, then containing it, each in list order', () => {
    expect(symbols('usd')).toEqual(['USDJPY', 'USDHKD', 'BTCUSDT', 'EURUSD', 'GBPUSD']);
  });

  it('matches names too, after symbols', () => {
    expect(symbols('yen')).toEqual(['USDJPY']);
    expect(symbols('hong kong')).toEqual(['USDHKD']);
  });

  it('finds a quote by its local name and, through the product list, by its English name', () => {
    const quotes = [priceEntry({ symbol: 'XAUUSD', name: '金（ゴールド）', type: 2, sort: 1 })];
    const list = [product('XAUUSD', 'Gold', 2)];
    expect(searchProducts('ゴールド', quotes, list).map((r) => r.name)).toEqual(['金（ゴールド）']);
    expect(searchProducts('gold', quotes, list).map((r) => r.name)).toEqual(['金（ゴールド）']);
    expect(searchProducts('gold', quotes, [])).toEqual([]);
  });

  it('matches a keyword typed with a slash', () => {
    expect(symbols('eur/usd')).toEqual(['EURUSD']);
  });

  it.each(HOT_SEARCHES)('finds something for the hot search %s in a forex list', (hot) => {
    const all = [...QUOTES.map((q) => product(q.symbol, q.name)), product('AUDUSD', 'Aussie')];
    expect(searchProducts(hot, [], all).length).toBeGreaterThan(0);
  });

  it('adds listed products without a quote, without price, and does not repeat quoted ones', () => {
    const results = searchProducts('usd', QUOTES, [
      product('AUDUSD', 'Australian Dollar'),
      product('EURUSD', 'x'),
    ]);
    expect(results.map((r) => r.symbol)).toEqual([
      'USDJPY',
      'USDHKD',
      'BTCUSDT',
      'EURUSD',
      'AUDUSD',
      'GBPUSD',
    ]);
    expect(results.find((r) => r.symbol === 'AUDUSD')).toMatchObject({ price: null, change: null });
    expect(results.find((r) => r.symbol === 'EURUSD')?.name).toBe('Euro / US Dollar');
  });

  it('formats the live price at its precision with the change and its direction', () => {
    expect(searchProducts('jpy', QUOTES)[0]).toEqual({
      symbol: 'USDJPY',
      name: 'US Dollar / Yen',
      type: 3,
      price: '151.200',
      change: '+0.12%',
      direction: 'up',
    });
    expect(searchProducts('gbp', QUOTES)[0]?.direction).toBe('down');
  });

  it('stops at the result limit', () => {
    expect(searchProducts('usd', QUOTES, [], 2)).toHaveLength(2);
  });
});
