import { describe, expect, it } from 'vitest';
import type { QuoteView } from '../../core/runtime/types';
import { atom, createIsolatedStore } from '../../core/state/store';
import { ColumnFit } from './column-fit';
import { quoteBook } from './quote-book';
import type { QuoteRowProps } from './quote-row';
import { sameRow } from './quote-row';

const quote = (receivedAt: number): QuoteView =>
  ({
    symbol: 'EURUSD',
    name: 'Euro / US Dollar',
    type: 3,
    bidPrice: '1.10000',
    askPrice: '1.10010',
    lowPrice: '1.09000',
    highPrice: '1.11000',
    price: '1.10000',
    priceChangePercent: '0.10',
    pricePrecision: 5,
    lastUpdate: receivedAt,
    receivedAt,
  }) as QuoteView;

const props = (): QuoteRowProps => {
  const store = createIsolatedStore();
  const prices = atom<ReadonlyMap<string, QuoteView>>(new Map([['EURUSD', quote(10_000)]]));
  return {
    symbol: 'EURUSD',
    book: quoteBook(store, prices),
    ctx: {
      now: 10_000,
      feedState: { status: 'open', attempt: 0, connectionLost: false, lastMessageAt: 10_000 },
      staleAfterMs: 10_000,
      origin: 'https://platform.example',
      timeZone: 'UTC',
    },
    layout: 'table',
    miniChart: true,
    time: true,
    labels: { low: 'Low', high: 'High', chart: '30 min' },
    fit: new ColumnFit('table'),
    selected: false,
    t: (key: string) => key,
    onSelect: () => undefined,
  };
};

describe('sameRow (which quote rows the table re-renders, EK22)', () => {
  it('holds for a new context of the next second while the quote stays fresh', () => {
    const a = props();
    expect(sameRow(a, { ...a, ctx: { ...a.ctx, now: 11_000 } })).toBe(true);
    expect(
      sameRow(a, { ...a, ctx: { ...a.ctx, feedState: { ...a.ctx.feedState, lastMessageAt: 11_000 } } }),
    ).toBe(true);
  });

  it('fails when the clock or the feed turns the quote delayed', () => {
    const a = props();
    expect(sameRow(a, { ...a, ctx: { ...a.ctx, now: 20_001 } })).toBe(false);
    expect(
      sameRow(a, { ...a, ctx: { ...a.ctx, feedState: { ...a.ctx.feedState, connectionLost: true } } }),
    ).toBe(false);
  });

  it('fails on any other field of the context and on any other prop', () => {
    const a = props();
    expect(sameRow(a, { ...a, ctx: { ...a.ctx, timeZone: 'Asia/Tokyo' } })).toBe(false);
    expect(sameRow(a, { ...a, ctx: { ...a.ctx, origin: 'https://other.example' } })).toBe(false);
    expect(sameRow(a, { ...a, selected: true })).toBe(false);
    expect(sameRow(a, { ...a, symbol: 'XAUUSD' })).toBe(false);
    expect(sameRow(a, { ...a, layout: 'logo' })).toBe(false);
    expect(sameRow(a, { ...a, t: (key: string) => key })).toBe(false);
  });
});
