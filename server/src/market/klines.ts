/**
 * Kline aggregation: every tick updates the forming candle of each period (UTC-aligned buckets; 1d is the
 * UTC day); a candle is closed into the store when the first tick of the next bucket arrives. Candles are
 * built on the bid, like the quoted price.
 */
import { KLINE_PERIODS, type KlinePeriod } from '../../../src/core/contract/paths';
import type { KlinePoint } from '../../../src/core/contract/types';
import { fromScaledInt } from '../../../src/core/domain/decimal';
import type { Instrument } from './instruments';
import { createMemoryKlineStore, type KlineStore } from './kline-store';
import { VOLUME_SCALE, type Tick } from './price-source';

const MINUTE = 60_000;

/** Length of each period in ms. */
export const PERIOD_MS: Record<KlinePeriod, number> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '1d': 24 * 60 * MINUTE,
};

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

  return {
    store,
    apply(tick) {
      const scale = precision.get(tick.symbol);
      if (scale === undefined) return;
      let candles = forming.get(tick.symbol);
      if (!candles) forming.set(tick.symbol, (candles = []));
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
          candle = { time, open: p, high: p, low: p, close: p, volume: 0, turnover: 0, turnoverSpill: 0n };
          candles[index] = candle;
        }
        candle.high = Math.max(candle.high, tick.bid);
        candle.low = Math.min(candle.low, tick.bid);
        candle.close = tick.bid;
        candle.volume += tick.volume;
        if (exact) addTurnover(candle, value);
        else candle.turnoverSpill += spill;
      });
    },
    forming: formingPoint,
    async recent(symbol, period, limit) {
      if (limit <= 0) return [];
      const current = formingPoint(symbol, period);
      const closed = await store.recent(symbol, period, current ? limit - 1 : limit);
      return current ? [...closed, current] : closed;
    },
  };
}
