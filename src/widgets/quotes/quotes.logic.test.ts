import { describe, expect, it } from 'vitest';
import type { CategoryId } from '../../core/contract/types';
import type { FeedState, QuoteView } from '../../core/runtime/types';
import { priceEntry } from '../_shared/test-platform.fixture';
import { priceMove, resolveUrl, toRow } from './quote-row.logic';
import { parseCategory, parseSymbols, selectQuotes } from './quotes.logic';
import type { SelectOptions } from './quotes.logic';

const quote = (
  symbol: string,
  type: CategoryId,
  sort: number | null,
  extra: Partial<QuoteView> = {},
): QuoteView => ({
  ...priceEntry({ symbol, type, sort }),
  receivedAt: 1_000,
  ...extra,
});

const QUOTES = [
  quote('BTCUSDT', 1, 2),
  quote('ETHUSDT', 1, 1),
  quote('XAUUSD', 2, 1),
  quote('EURUSD', 3, null),
  quote('GBPUSD', 3, 3),
  quote('USDJPY', 3, 1),
  quote('AAPL', 5, 1),
];

const base: SelectOptions = {
  symbols: null,
  category: null,
  tradeList: [3, 2, 1, 4],
  tabs: true,
  active: null,
};
const symbolsOf = (rows: QuoteView[]) => rows.map((q) => q.symbol);

describe('parseSymbols', () => {
  it.each([
    [undefined, null],
    ['', null],
    [' , ', null],
    ['btcusdt, EURUSD', ['BTCUSDT', 'EURUSD']],
    ['EURUSD,EURUSD,xauusd', ['EURUSD', 'XAUUSD']],
  ])('reads %j as %j', (input, expected) => {
    expect(parseSymbols(input)).toEqual(expected);
  });
});

describe('parseCategory', () => {
  it.each([
    [undefined, null],
    ['3', 3],
    ['forex', 3],
    [' US stocks ', 5],
    ['usStocks', 5],
    ['us-stock', 5],
    ['CRYPTOS', 1],
    ['Crypto', 1],
    ['commodity', 2],
    ['Commodities', 2],
    ['index', 4],
    ['indexes', null],
    ['9', null],
    ['metals', null],
    ['cryptoz', null],
  ])('reads %j as %j', (input, expected) => {
    expect(parseCategory(input)).toBe(expected);
  });
});

describe('selectQuotes', () => {
  it('shows the trade-list tabs and the first tab ranked by sort, no valid sort last', () => {
    const s = selectQuotes(QUOTES, base);
    expect(s.tabs).toEqual([3, 2, 1, 4]);
    expect(s.active).toBe(3);
    expect(symbolsOf(s.rows)).toEqual(['USDJPY', 'GBPUSD', 'EURUSD']);
  });

  it('keeps the picked tab and falls back to the first when the pick is not a tab', () => {
    expect(symbolsOf(selectQuotes(QUOTES, { ...base, active: 1 }).rows)).toEqual(['ETHUSDT', 'BTCUSDT']);
    expect(selectQuotes(QUOTES, { ...base, active: 5 }).active).toBe(3);
  });

  it('keeps an empty listed category as a tab with no rows', () => {
    expect(selectQuotes(QUOTES, { ...base, active: 4 }).rows).toEqual([]);
  });

  it('leaves out categories the brand does not trade', () => {
    const s = selectQuotes(QUOTES, { ...base, tabs: false });
    expect(symbolsOf(s.rows)).not.toContain('AAPL');
    expect(symbolsOf(s.rows)).toEqual(['USDJPY', 'GBPUSD', 'EURUSD', 'XAUUSD', 'ETHUSDT', 'BTCUSDT']);
    expect(s.tabs).toEqual([]);
  });

  it('shows one category without tabs when the category attribute is set', () => {
    const s = selectQuotes(QUOTES, { ...base, category: 5 });
    expect(s).toEqual({ tabs: [], active: null, rows: [QUOTES[6]] });
  });

  it('keeps the listed symbol order and offers tabs only for their categories', () => {
    const s = selectQuotes(QUOTES, { ...base, symbols: ['BTCUSDT', 'EURUSD', 'AAPL', 'USDJPY', 'NOPE'] });
    expect(s.tabs).toEqual([3, 1, 5]);
    expect(symbolsOf(s.rows)).toEqual(['EURUSD', 'USDJPY']);
  });

  it('lists symbols of one category without a tab bar', () => {
    const s = selectQuotes(QUOTES, { ...base, symbols: ['GBPUSD', 'EURUSD'] });
    expect(s.tabs).toEqual([]);
    expect(symbolsOf(s.rows)).toEqual(['GBPUSD', 'EURUSD']);
  });

  it('filters listed symbols by the category attribute', () => {
    const s = selectQuotes(QUOTES, { ...base, symbols: ['BTCUSDT', 'EURUSD'], category: 1 });
    expect(symbolsOf(s.rows)).toEqual(['BTCUSDT']);
  });

  it('returns no rows before any quote arrived', () => {
    expect(selectQuotes([], base).rows).toEqual([]);
  });
});

describe('toRow', () => {
  const open: FeedState = { status: 'open', attempt: 0, connectionLost: false, lastMessageAt: 1_000 };
  const ctx = { now: 2_000, feedState: open, staleAfterMs: 10_000, origin: 'https://platform.test' };

  it('formats prices at the product precision and the change with its direction', () => {
    const row = toRow(
      quote('EURUSD', 3, 1, {
        bidPrice: '1.0823',
        askPrice: '1.08251',
        lowPrice: '1.08',
        highPrice: '1.1',
        priceChangePercent: '-0.425',
      }),
      ctx,
    );
    expect(row).toMatchObject({
      bid: '1.08230',
      ask: '1.08251',
      low: '1.08000',
      high: '1.10000',
      change: '-0.43%',
    });
    expect(row.direction).toBe('down');
  });

  it('marks a quote delayed after the stale limit, but not a closed market', () => {
    expect(toRow(quote('EURUSD', 3, 1), { ...ctx, now: 11_001 }).stale).toBe(true);
    expect(toRow(quote('EURUSD', 3, 1), { ...ctx, now: 11_000 }).stale).toBe(false);
    const closed = toRow(quote('EURUSD', 3, 1, { marketOpen: false }), { ...ctx, now: 60_000 });
    expect(closed).toMatchObject({ stale: false, closed: true });
  });

  it('marks every open quote delayed while the connection is lost', () => {
    expect(toRow(quote('EURUSD', 3, 1), { ...ctx, feedState: { ...open, connectionLost: true } }).stale).toBe(
      true,
    );
  });

  it('formats the last update as MM-DD HH:mm:ss in the given zone', () => {
    const row = toRow(quote('EURUSD', 3, 1, { lastUpdate: Date.UTC(2025, 0, 15, 14, 30, 5) }), {
      ...ctx,
      timeZone: 'UTC',
    });
    expect(row.updated).toBe('01-15 14:30:05');
  });

  it('leaves empty what its layout does not show (EK29)', () => {
    const q = quote('EURUSD', 3, 1, {
      lastUpdate: Date.UTC(2025, 0, 15, 14, 30, 5),
      logoUrl: '/logos/eur.svg',
    });
    const at = { ...ctx, timeZone: 'UTC' };
    expect(toRow(q, at, 'logo')).toMatchObject({
      updated: '',
      bid: '',
      ask: '',
      low: '',
      high: '',
      logoUrl: 'https://platform.test/logos/eur.svg',
    });
    expect(toRow(q, at, 'logo').price).not.toBe('');
    expect(toRow(q, at, 'table')).toMatchObject({ updated: '01-15 14:30:05', price: '', logoUrl: null });
    expect(toRow(q, at, 'table', false).updated).toBe('');
    expect(toRow(q, at, 'table', false).bid).not.toBe('');
  });

  it('falls back to the symbol when the quote has no name', () => {
    expect(toRow(quote('EURUSD', 3, 1, { name: '' }), ctx).name).toBe('EURUSD');
  });
});

describe('resolveUrl', () => {
  it.each([
    ['', null],
    ['/logos/btc.svg', 'https://platform.test/logos/btc.svg'],
    ['https://cdn.example/eur.png', 'https://cdn.example/eur.png'],
  ])('resolves %j to %j', (input, expected) => {
    expect(resolveUrl(input, 'https://platform.test')).toBe(expected);
  });
});

describe('priceMove', () => {
  it.each([
    ['1.0823', '1.0824', 'up'],
    ['1.0824', '1.0823', 'down'],
    ['1.0823', '1.08230', null],
    ['--', '1.0823', null],
    ['99.99', '100.00', 'up'],
  ])('from %s to %s is %s', (previous, next, expected) => {
    expect(priceMove(previous, next)).toBe(expected);
  });
});
