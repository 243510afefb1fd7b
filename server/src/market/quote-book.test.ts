import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from './instruments';
import type { PriceSource, Tick } from './price-source';
import { createQuoteBook } from './quote-book';
import { createSimulator } from './simulator';

const WEDNESDAY = Date.parse('2026-03-11T10:00:00Z');
const pick = (...codes: string[]) => INSTRUMENTS.filter((i) => codes.includes(i.productCode));

/** A source that only knows opening quotes; the test feeds ticks to the book itself. */
function openingSource(quotes: Tick[]): PriceSource {
  const map = new Map(quotes.map((q) => [q.symbol, q]));
  return { start() {}, stop() {}, onTick: () => () => {}, stepTo() {}, current: (s) => map.get(s) };
}

const tick = (symbol: string, iso: string, bid: number, spread: number, volume = 100): Tick => ({
  symbol,
  time: Date.parse(iso),
  bid,
  ask: bid + spread,
  volume,
});

describe('the quote book', () => {
  it('writes every price as a string with the instrument precision', () => {
    const source = createSimulator({ instruments: INSTRUMENTS, seed: 2, startMs: WEDNESDAY });
    const book = createQuoteBook(INSTRUMENTS, source);
    source.onTick(book.apply);
    source.stepTo(WEDNESDAY + 30_000);
    const entries = book.entries(WEDNESDAY + 30_000);
    expect(entries).toHaveLength(INSTRUMENTS.length);
    for (const e of entries) {
      const decimals = new RegExp(e.pricePrecision === 0 ? '^\\d+$' : `^\\d+\\.\\d{${e.pricePrecision}}$`);
      for (const p of [e.bidPrice, e.askPrice, e.price, e.openPrice, e.highPrice, e.lowPrice]) {
        expect(p, e.symbol).toMatch(decimals);
      }
      expect(e.priceChangePercent).toMatch(/^-?\d+\.\d{2}$/);
      expect(e.volume).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('lists entries by category and sort, with invalid sorts last', () => {
    const source = createSimulator({ instruments: INSTRUMENTS, seed: 2, startMs: WEDNESDAY });
    const symbols = createQuoteBook(INSTRUMENTS, source)
      .entries(WEDNESDAY)
      .map((e) => e.symbol);
    expect(symbols.slice(0, 2)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(symbols.indexOf('DOGEUSDT')).toBe(7);
    expect(symbols.at(-1)).toBe('META');
  });

  it('tracks the session open, high, low, volume and change against the open', () => {
    const book = createQuoteBook(
      pick('BTCUSDT'),
      openingSource([tick('BTCUSDT', '2026-03-11T09:00:00Z', 10_000_000, 1000, 0)]),
    );
    book.apply(tick('BTCUSDT', '2026-03-11T09:00:01Z', 10_100_000, 1000, 150));
    book.apply(tick('BTCUSDT', '2026-03-11T09:00:02Z', 9_950_000, 1000, 250));
    const e = book.entry('BTCUSDT', Date.parse('2026-03-11T09:00:03Z'));
    expect(e).toMatchObject({
      bidPrice: '99500.00',
      askPrice: '99510.00',
      price: '99500.00',
      openPrice: '100000.00',
      highPrice: '101000.00',
      lowPrice: '99500.00',
      volume: '4.00',
      priceChangePercent: '-0.50',
      lastUpdate: Date.parse('2026-03-11T09:00:02Z'),
      marketOpen: true,
      type: 1,
      name: 'Bitcoin',
    });
  });

  it('starts a new crypto session at midnight UTC', () => {
    const book = createQuoteBook(
      pick('BTCUSDT'),
      openingSource([tick('BTCUSDT', '2026-03-11T23:59:00Z', 10_000_000, 1000)]),
    );
    book.apply(tick('BTCUSDT', '2026-03-11T23:59:59Z', 10_200_000, 1000));
    book.apply(tick('BTCUSDT', '2026-03-12T00:00:00Z', 10_300_000, 1000, 100));
    const e = book.entry('BTCUSDT', Date.parse('2026-03-12T00:00:01Z'));
    expect(e).toMatchObject({
      openPrice: '103000.00',
      lowPrice: '103000.00',
      volume: '1.00',
      priceChangePercent: '0.00',
    });
  });

  it('keeps the last price of a closed market and flags it closed', () => {
    const book = createQuoteBook(
      pick('EURUSD'),
      openingSource([tick('EURUSD', '2026-03-06T20:00:00Z', 116_500, 12)]),
    );
    book.apply(tick('EURUSD', '2026-03-06T20:59:59Z', 116_733, 12));
    const saturday = book.entry('EURUSD', Date.parse('2026-03-07T12:00:00Z'));
    expect(saturday).toMatchObject({
      price: '1.16733',
      askPrice: '1.16745',
      priceChangePercent: '0.20',
      marketOpen: false,
    });
  });

  it('opens a new stock session at the next open, not before', () => {
    const book = createQuoteBook(
      pick('AAPL'),
      openingSource([tick('AAPL', '2026-03-06T15:00:00Z', 26_500, 4)]),
    );
    book.apply(tick('AAPL', '2026-03-06T19:59:00Z', 27_000, 4));
    expect(book.entry('AAPL', Date.parse('2026-03-09T13:00:00Z'))?.openPrice).toBe('265.00');
    book.apply(tick('AAPL', '2026-03-09T13:30:00Z', 26_800, 4));
    expect(book.entry('AAPL', Date.parse('2026-03-09T13:31:00Z'))).toMatchObject({
      openPrice: '268.00',
      priceChangePercent: '0.00',
      marketOpen: true,
    });
  });

  it('ignores ticks of unknown symbols and ticks older than the last one', () => {
    const book = createQuoteBook(
      pick('BTCUSDT'),
      openingSource([tick('BTCUSDT', '2026-03-11T09:00:00Z', 10_000_000, 1000)]),
    );
    book.apply(tick('BTCUSDT', '2026-03-11T08:00:00Z', 1, 1000));
    book.apply(tick('NOPE', '2026-03-11T09:10:00Z', 1, 1));
    expect(book.entries(WEDNESDAY).map((e) => [e.symbol, e.price])).toEqual([['BTCUSDT', '100000.00']]);
    expect(book.entry('NOPE', WEDNESDAY)).toBeUndefined();
  });

  it('restores the session figures from the 1d candle of the day it resumes in', () => {
    const resumed = { symbol: 'BTCUSDT', time: WEDNESDAY, bid: 9_900_000, ask: 9_901_000, volume: 0 };
    const book = createQuoteBook(pick('BTCUSDT'), openingSource([resumed]));
    const day = {
      time: Date.parse('2026-03-11T00:00:00Z'),
      openPrice: '98000.00',
      closePrice: '99000.00',
      highestPrice: '99500.00',
      lowestPrice: '97000.00',
      volume: '12.50',
      turnover: '1225000.0000',
    };
    book.restoreSession('BTCUSDT', { ...day, time: day.time - 86_400_000 });
    expect(book.entry('BTCUSDT', WEDNESDAY)?.openPrice).toBe('99000.00');
    book.restoreSession('BTCUSDT', day);
    expect(book.entry('BTCUSDT', WEDNESDAY)).toMatchObject({
      openPrice: '98000.00',
      highPrice: '99500.00',
      lowPrice: '97000.00',
      volume: '12.50',
      priceChangePercent: '1.02',
    });
  });
});
