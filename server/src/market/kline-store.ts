/**
 * Where closed candles go. The in-memory ring below keeps the recent ones; a persistent store (a
 * `klines` table for the full history API) implements the same interface later.
 */
import type { KlinePeriod } from '../../../src/core/contract/paths';
import type { KlinePoint } from '../../../src/core/contract/types';

/** Storage of closed candles per symbol and period. */
export interface KlineStore {
  /** Record a closed candle; candles of one symbol and period arrive in time order. */
  append(symbol: string, period: KlinePeriod, candle: KlinePoint): void;
  /** The last `limit` closed candles, oldest first. */
  recent(symbol: string, period: KlinePeriod, limit: number): Promise<KlinePoint[]>;
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

  last(n: number): KlinePoint[] {
    const ordered =
      this.head === 0 ? this.items : [...this.items.slice(this.head), ...this.items.slice(0, this.head)];
    return n >= ordered.length ? ordered.slice() : ordered.slice(ordered.length - n);
  }
}

/** A bounded in-memory store (oldest candles are dropped first). */
export function createMemoryKlineStore(capacity: Record<KlinePeriod, number> = DEFAULT_CAPACITY): KlineStore {
  const rings = new Map<string, Ring>();
  return {
    append(symbol, period, candle) {
      const key = `${symbol}\u0000${period}`;
      let ring = rings.get(key);
      if (!ring) rings.set(key, (ring = new Ring(capacity[period])));
      ring.push(candle);
    },
    async recent(symbol, period, limit) {
      return rings.get(`${symbol}\u0000${period}`)?.last(Math.max(0, limit)) ?? [];
    },
  };
}
