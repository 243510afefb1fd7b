/**
 * Where closed candles go. The database store (`kline-repo.ts`) keeps the whole history; the bounded in-memory
 * ring below serves unit tests and tools that run without a database.
 */
import type { KlinePeriod } from '../../../src/core/contract/paths';
import type { KlinePoint } from '../../../src/core/contract/types';

/** One candle with its series. */
export interface StoredCandle {
  symbol: string;
  period: KlinePeriod;
  candle: KlinePoint;
}

/** Candles whose open time is in [from, to): the last `limit` of them. */
export interface KlineRange {
  from?: number;
  to?: number;
  limit: number;
}

/** Storage of candles per symbol and period. */
export interface KlineStore {
  /** Record a closed candle; candles of one symbol and period arrive in time order. */
  append(symbol: string, period: KlinePeriod, candle: KlinePoint): void;
  /** The last `range.limit` stored candles in the range, oldest first. */
  query(symbol: string, period: KlinePeriod, range: KlineRange): Promise<KlinePoint[]>;
  /** The last `limit` stored candles, oldest first. */
  recent(symbol: string, period: KlinePeriod, limit: number): Promise<KlinePoint[]>;
  /**
   * Make the candles appended so far durable, together with `forming` (open candles as they are now, so a
   * restart can resume them). Resolves to the number of rows written.
   */
  flush(forming?: readonly StoredCandle[]): Promise<number>;
}

/** Bounds of an open range. */
export const NO_LOWER_BOUND = -Number.MAX_SAFE_INTEGER;
export const NO_UPPER_BOUND = Number.MAX_SAFE_INTEGER;

/** The last `range.limit` candles of a time-ordered list that fall in the range. */
export function pickRange(ordered: readonly KlinePoint[], range: KlineRange): KlinePoint[] {
  const from = range.from ?? NO_LOWER_BOUND;
  const to = range.to ?? NO_UPPER_BOUND;
  const inside = ordered.filter((c) => c.time >= from && c.time < to);
  return range.limit <= 0 ? [] : inside.slice(Math.max(0, inside.length - range.limit));
}

/** Candles kept per symbol and period: a day of minutes plus margin; 1000 (the history maximum) otherwise. */
export const DEFAULT_CAPACITY: Record<KlinePeriod, number> = {
  '1min': 1500,
  '5min': 1000,
  '15min': 1000,
  '30min': 1000,
  '1h': 1000,
  '1d': 1000,
};

class Ring {
  private readonly items: KlinePoint[] = [];
  private head = 0;

  constructor(private readonly capacity: number) {}

  push(item: KlinePoint): void {
    if (this.items.length < this.capacity) this.items.push(item);
    else {
      this.items[this.head] = item;
      this.head = (this.head + 1) % this.capacity;
    }
  }

  ordered(): KlinePoint[] {
    return this.head === 0 ? this.items : [...this.items.slice(this.head), ...this.items.slice(0, this.head)];
  }
}

/** A bounded in-memory store (oldest candles are dropped first); nothing to flush. */
export function createMemoryKlineStore(capacity: Record<KlinePeriod, number> = DEFAULT_CAPACITY): KlineStore {
  const rings = new Map<string, Ring>();
  const query = async (symbol: string, period: KlinePeriod, range: KlineRange) =>
    pickRange(rings.get(`${symbol}\u0000${period}`)?.ordered() ?? [], range);
  return {
    append(symbol, period, candle) {
      const key = `${symbol}\u0000${period}`;
      let ring = rings.get(key);
      if (!ring) rings.set(key, (ring = new Ring(capacity[period])));
      ring.push(candle);
    },
    query,
    recent: (symbol, period, limit) => query(symbol, period, { limit }),
    flush: async () => 0,
  };
}
