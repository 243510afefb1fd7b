/**
 * The quote book: the latest quote of every instrument plus its session open/high/low/volume, turned into
 * the wire `PriceEntry` (prices as exact strings at the instrument's precision). A closed market keeps its
 * last price and its last session's figures until the next session's first tick.
 */
import type { KlinePoint, PriceEntry } from '../../../src/core/contract/types';
import { div, fromScaledInt, toScaledInt } from '../../../src/core/domain/decimal';
import { isMarketOpen, nextClose, sessionStart, utcDayStart } from '../../../src/core/domain/market-hours';
import { compareProducts, type Instrument } from './instruments';
import { VOLUME_SCALE, type PriceSource, type Tick } from './price-source';

const DAY_MS = 24 * 3600 * 1000;

interface BookLine {
  instrument: Instrument;
  quote: Tick;
  /** The current session ends (a new one starts with the next tick) at this instant. */
  sessionEnds: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  /** The formatted entry without `marketOpen`, rebuilt on the next read after a tick. */
  cached: Omit<PriceEntry, 'marketOpen'> | undefined;
}

/** Latest quotes and session figures of every instrument. */
export interface QuoteBook {
  /** Take a tick of the price source. */
  apply(tick: Tick): void;
  /** Every entry, in list order (category, sort with invalid last); `marketOpen` as of `now`. */
  entries(now: number): PriceEntry[];
  entry(symbol: string, now: number): PriceEntry | undefined;
  /**
   * Take the session figures from a persisted 1d candle (a restart): the session restarts every UTC day
   * and ticks only in market hours, so the day's candle holds its open, high, low and volume.
   */
  restoreSession(symbol: string, day: KlinePoint): void;
}

function beginSession(record: BookLine, time: number, price: number): void {
  const { sessions } = record.instrument;
  const close = nextClose(sessions, time) ?? Number.POSITIVE_INFINITY;
  // A tick outside market hours (e.g. a manual price) opens a session of its own until the next UTC day.
  const start = sessionStart(sessions, time) ?? time;
  record.sessionEnds = Math.min(
    close === time ? Number.POSITIVE_INFINITY : close,
    utcDayStart(start) + DAY_MS,
  );
  record.open = price;
  record.high = price;
  record.low = price;
  record.volume = 0;
}

function format(record: BookLine): Omit<PriceEntry, 'marketOpen'> {
  const { instrument: i, quote } = record;
  const scale = i.pricePrecision;
  const price = (units: number) => fromScaledInt(units, scale);
  const change =
    record.open > 0 ? div(String((quote.bid - record.open) * 100), String(record.open), 2) : '0.00';
  return {
    symbol: i.productCode,
    name: i.productName,
    bidPrice: price(quote.bid),
    askPrice: price(quote.ask),
    // The quoted price is the bid, as on dealer platforms: candles and the change are built on it too.
    price: price(quote.bid),
    priceChangePercent: change,
    type: i.type,
    sort: i.sort,
    volume: fromScaledInt(record.volume, VOLUME_SCALE),
    lastUpdate: quote.time,
    openPrice: price(record.open),
    highPrice: price(record.high),
    lowPrice: price(record.low),
    pricePrecision: scale,
    logoUrl: i.logoUrl,
  };
}

/** A book over the instruments, seeded with the source's current quotes. */
export function createQuoteBook(instruments: readonly Instrument[], source: PriceSource): QuoteBook {
  const records = new Map<string, BookLine>();
  for (const instrument of [...instruments].sort(compareProducts)) {
    const quote = source.current(instrument.productCode);
    if (!quote) continue;
    const record: BookLine = {
      instrument,
      quote,
      sessionEnds: 0,
      open: 0,
      high: 0,
      low: 0,
      volume: 0,
      cached: undefined,
    };
    beginSession(record, quote.time, quote.bid);
    records.set(instrument.productCode, record);
  }

  function read(record: BookLine, now: number): PriceEntry {
    record.cached ??= format(record);
    return { ...record.cached, marketOpen: isMarketOpen(record.instrument.sessions, now) };
  }

  return {
    apply(tick) {
      const record = records.get(tick.symbol);
      if (!record || tick.time < record.quote.time) return;
      if (tick.time >= record.sessionEnds) beginSession(record, tick.time, tick.bid);
      record.quote = tick;
      record.high = Math.max(record.high, tick.bid);
      record.low = Math.min(record.low, tick.bid);
      record.volume += tick.volume;
      record.cached = undefined;
    },
    restoreSession(symbol, day) {
      const record = records.get(symbol);
      if (!record || utcDayStart(record.quote.time) !== day.time) return;
      const units = (value: string, scale = record.instrument.pricePrecision) =>
        Number(toScaledInt(value, scale));
      record.open = units(day.openPrice);
      record.high = Math.max(units(day.highestPrice), record.quote.bid);
      record.low = Math.min(units(day.lowestPrice), record.quote.bid);
      record.volume = units(day.volume, VOLUME_SCALE);
      record.cached = undefined;
    },
    entries: (now) => Array.from(records.values(), (r) => read(r, now)),
    entry(symbol, now) {
      const record = records.get(symbol);
      return record && read(record, now);
    },
  };
}
