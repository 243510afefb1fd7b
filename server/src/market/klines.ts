/**
 * Kline aggregation: every tick updates the forming candle of each period (UTC-aligned buckets; 1d is the
 * UTC day); a candle is closed into the store when the first tick of the next bucket arrives. Candles are
 * built on the bid, like the quoted price. The forming candles live here; `flush` also persists the ones
 * that changed, so a restart can `restore` them and carry on.
 */
import { KLINE_PERIOD_MS, KLINE_PERIODS, type KlinePeriod } from '../../../src/core/contract/paths';
import type { KlinePoint } from '../../../src/core/contract/types';
import { fromScaledInt, toScaledInt } from '../../../src/core/domain/decimal';
import type { Instrument } from './instruments';
import {
  createMemoryKlineStore,
  NO_LOWER_BOUND,
  NO_UPPER_BOUND,
  type KlineRange,
  type KlineStore,
  type StoredCandle,
} from './kline-store';
import { VOLUME_SCALE, type Tick } from './price-source';

/** Length of each period in ms. */
export const PERIOD_MS = KLINE_PERIOD_MS;

/** True for a period the market serves. */
export function isKlinePeriod(value: unknown): value is KlinePeriod {
  return typeof value === 'string' && (KLINE_PERIODS as readonly string[]).includes(value);
}

/**
 * Prices in units of 10^-precision, volume in 10^-VOLUME_SCALE. Turnover (price × volume) can pass 2^53,
 * so it is summed as a safe integer and spilled into a BigInt before it could lose a unit (BigInt on every
 * tick would double the cost of the start-up backfill).
 */
interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  turnover: number;
  turnoverSpill: bigint;
  /** Changed since the last flush. */
  dirty: boolean;
}

function addTurnover(candle: Candle, value: number): void {
  const sum = candle.turnover + value;
  if (Number.isSafeInteger(sum)) candle.turnover = sum;
  else {
    candle.turnoverSpill += BigInt(candle.turnover) + BigInt(value);
    candle.turnover = 0;
  }
}

/** The aggregator: forming candles in memory, closed ones in its store. */
export interface Klines {
  apply(tick: Tick): void;
  /** The forming candle, or undefined before the symbol's first tick. */
  forming(symbol: string, period: KlinePeriod): KlinePoint | undefined;
  /** Up to `limit` candles, oldest first, ending with the forming one. */
  recent(symbol: string, period: KlinePeriod, limit: number): Promise<KlinePoint[]>;
  /** The last `range.limit` candles (closed and forming) opening in [from, to), oldest first. */
  query(symbol: string, period: KlinePeriod, range: KlineRange): Promise<KlinePoint[]>;
  /** Take a persisted candle as the forming one (at start, before any tick of its symbol). */
  restore(symbol: string, period: KlinePeriod, candle: KlinePoint): void;
  /** Persist the closed candles and the forming ones that changed; resolves to the rows written. */
  flush(): Promise<number>;
  readonly store: KlineStore;
}

/** An aggregator over the instruments that closes candles into `store`. */
export function createKlines(
  instruments: readonly Instrument[],
  store: KlineStore = createMemoryKlineStore(),
): Klines {
  const precision = new Map(instruments.map((i) => [i.productCode, i.pricePrecision]));
  const forming = new Map<string, Array<Candle | undefined>>();

  function toPoint(candle: Candle, scale: number): KlinePoint {
    return {
      time: candle.time,
      openPrice: fromScaledInt(candle.open, scale),
      closePrice: fromScaledInt(candle.close, scale),
      highestPrice: fromScaledInt(candle.high, scale),
      lowestPrice: fromScaledInt(candle.low, scale),
      volume: fromScaledInt(candle.volume, VOLUME_SCALE),
      turnover: fromScaledInt(
        candle.turnoverSpill ? candle.turnoverSpill + BigInt(candle.turnover) : candle.turnover,
        scale + VOLUME_SCALE,
      ),
    };
  }

  function formingPoint(symbol: string, period: KlinePeriod): KlinePoint | undefined {
    const scale = precision.get(symbol);
    const candle = forming.get(symbol)?.[KLINE_PERIODS.indexOf(period)];
    return candle && scale !== undefined ? toPoint(candle, scale) : undefined;
  }

  function candlesOf(symbol: string): Array<Candle | undefined> {
    let candles = forming.get(symbol);
    if (!candles) forming.set(symbol, (candles = []));
    return candles;
  }

  async function query(symbol: string, period: KlinePeriod, range: KlineRange): Promise<KlinePoint[]> {
    if (range.limit <= 0) return [];
    const current = formingPoint(symbol, period);
    const to = range.to ?? NO_UPPER_BOUND;
    if (!current || current.time >= to || current.time < (range.from ?? NO_LOWER_BOUND))
      return store.query(symbol, period, range);
    // The store may hold an earlier state of the forming candle (flushed for restarts): memory wins.
    const closed = await store.query(symbol, period, { ...range, to: current.time, limit: range.limit - 1 });
    return [...closed, current];
  }

  return {
    store,
    apply(tick) {
      const scale = precision.get(tick.symbol);
      if (scale === undefined) return;
      const candles = candlesOf(tick.symbol);
      const value = tick.bid * tick.volume;
      // Beyond 2^53 the product itself is inexact: such a tick goes straight to the BigInt spill.
      const exact = Number.isSafeInteger(value);
      const spill = exact ? 0n : BigInt(tick.bid) * BigInt(tick.volume);
      KLINE_PERIODS.forEach((period, index) => {
        const time = Math.floor(tick.time / PERIOD_MS[period]) * PERIOD_MS[period];
        let candle = candles[index];
        if (candle && candle.time > time) return;
        if (!candle || candle.time < time) {
          if (candle) store.append(tick.symbol, period, toPoint(candle, scale));
          const p = tick.bid;
          candle = {
            time,
            open: p,
            high: p,
            low: p,
            close: p,
            volume: 0,
            turnover: 0,
            turnoverSpill: 0n,
            dirty: true,
          };
          candles[index] = candle;
        }
        candle.high = Math.max(candle.high, tick.bid);
        candle.low = Math.min(candle.low, tick.bid);
        candle.close = tick.bid;
        candle.volume += tick.volume;
        candle.dirty = true;
        if (exact) addTurnover(candle, value);
        else candle.turnoverSpill += spill;
      });
    },
    forming: formingPoint,
    recent: (symbol, period, limit) => query(symbol, period, { limit }),
    query,
    restore(symbol, period, point) {
      const scale = precision.get(symbol);
      if (scale === undefined) return;
      const units = (value: string, s = scale) => Number(toScaledInt(value, s));
      candlesOf(symbol)[KLINE_PERIODS.indexOf(period)] = {
        time: point.time,
        open: units(point.openPrice),
        high: units(point.highestPrice),
        low: units(point.lowestPrice),
        close: units(point.closePrice),
        volume: units(point.volume, VOLUME_SCALE),
        turnover: 0,
        turnoverSpill: toScaledInt(point.turnover, scale + VOLUME_SCALE),
        dirty: false,
      };
    },
    async flush() {
      const changed: StoredCandle[] = [];
      for (const [symbol, candles] of forming) {
        const scale = precision.get(symbol) ?? 0;
        candles.forEach((candle, index) => {
          const period = KLINE_PERIODS[index];
          if (!candle?.dirty || !period) return;
          candle.dirty = false;
          changed.push({ symbol, period, candle: toPoint(candle, scale) });
        });
      }
      try {
        return await store.flush(changed);
      } catch (error) {
        // Written again next time unless a later tick replaced the candle.
        for (const { symbol, period, candle } of changed) {
          const current = forming.get(symbol)?.[KLINE_PERIODS.indexOf(period)];
          if (current?.time === candle.time) current.dirty = true;
        }
        throw error;
      }
    },
  };
}
