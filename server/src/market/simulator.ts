/**
 * The seeded price simulator: a geometric random walk per instrument (with a weak pull back to the
 * reference price so a long-running server stays plausible), ticking only while the instrument's market is
 * open. Prices live as integer counts of the price step, so every emitted price is exact.
 */
import { isMarketOpen } from '../../../src/core/domain/market-hours';
import { toScaledInt } from '../../../src/core/domain/decimal';
import type { Instrument } from './instruments';
import { createRandom } from './prng';
import type { PriceSource, Tick } from './price-source';
import { VOLUME_SCALE } from './price-source';

const YEAR_MS = 365.25 * 24 * 3600 * 1000;
/** Mean reversion speed per year (half-life about three weeks). */
const REVERSION = 12;
/** A reopening gap moves the price as much as one hour of trading would, not a whole weekend's worth. */
const MAX_GAP_MS = 3600 * 1000;
/** A stepTo over a longer span coarsens its rounds so that catching up never runs more rounds than this. */
const MAX_ROUNDS = 20_000;
/**
 * Highest pinned bid in price units: every price, spread and candle sum derived from it stays a safe integer
 * (a bid of 5.6e16 units broke every later candle and thumb of the symbol).
 */
export const MAX_PIN_UNITS = Math.floor(Number.MAX_SAFE_INTEGER / 1024);

/** Options of `createSimulator`. */
export interface SimulatorOptions {
  instruments: readonly Instrument[];
  seed: number;
  /** Time of the opening quotes; rounds run at startMs + k × step. */
  startMs: number;
  /** Round length in real time (default 500 ms). */
  tickMs?: number;
  /** Expected ticks per second of each open instrument (default 0.8, i.e. 40 % of 500 ms rounds). */
  ticksPerSecond?: number;
  /** Clock of the real-time loop (default Date.now). */
  now?: () => number;
  /** Where errors thrown by tick listeners in the real-time loop go (default: rethrown). */
  onError?: (error: unknown) => void;
  /**
   * Instruments that continue a persisted history: their walk starts from `bid` (price units) at `time`
   * instead of the reference price, and they do not tick before `time`.
   */
  resume?: ReadonlyMap<string, ResumePoint>;
  /**
   * A first start's instruments whose history begins after `startMs` (each reaches back only as far as it
   * needs): they open at their reference price at that time and do not tick before it.
   */
  starts?: ReadonlyMap<string, number>;
}

/** Where one instrument's walk continues. */
export interface ResumePoint {
  bid: number;
  time: number;
}

/** The simulator: a PriceSource whose `stepTo` can also take a coarser round length (for backfill). */
export interface Simulator extends PriceSource {
  stepTo(utcMs: number, stepMs?: number): void;
  /**
   * Pins a symbol's bid (price units; ask = bid + spread) and emits that quote at once. The walk leaves the
   * symbol alone until `release` or for `holdMs` (default: until released). Undefined for an unknown
   * symbol or a bid outside (0, MAX_PIN_UNITS]. For tests and demos outside production (a scripted path
   * through a stop loss).
   */
  pin(symbol: string, bid: number, holdMs?: number): Tick | undefined;
  /** Lets a pinned symbol walk again from its pinned price; false when it was not pinned. */
  release(symbol: string): boolean;
  /** Time of the last round run. */
  readonly time: number;
}

interface Lane {
  instrument: Instrument;
  /** Price units per step (e.g. pip 0.25 at precision 2 → 25). */
  stepUnits: number;
  reference: number;
  steps: number;
  lastMove: number;
  /** No tick before this instant (a resumed lane, or one whose first start's history begins later). */
  resumeAt: number;
  /** The walk skips the lane before this instant (a pinned price); 0 when not pinned. */
  pinnedUntil: number;
  quote: Tick;
}

function createLane(
  instrument: Instrument,
  startMs: number,
  resume: ResumePoint | undefined,
  start: number | undefined,
): Lane {
  const stepUnits = Number(toScaledInt(instrument.pip, instrument.pricePrecision));
  const reference = Math.round(
    Number(toScaledInt(instrument.referencePrice, instrument.pricePrecision)) / stepUnits,
  );
  const steps = resume ? Math.max(Math.round(resume.bid / stepUnits), instrument.spreadPips + 1) : reference;
  const time = resume?.time ?? Math.max(startMs, start ?? startMs);
  const quote = quoteOf(instrument.productCode, steps, instrument.spreadPips, stepUnits, time, 0);
  return { instrument, stepUnits, reference, steps, lastMove: time, resumeAt: time, pinnedUntil: 0, quote };
}

function quoteOf(
  symbol: string,
  steps: number,
  spread: number,
  stepUnits: number,
  time: number,
  volume: number,
): Tick {
  return { symbol, time, bid: steps * stepUnits, ask: (steps + spread) * stepUnits, volume };
}

/** A deterministic simulator: the same options and the same stepTo calls give the same ticks. */
export function createSimulator(options: SimulatorOptions): Simulator {
  const tickMs = options.tickMs ?? 500;
  const ticksPerSecond = options.ticksPerSecond ?? 0.8;
  const now = options.now ?? Date.now;
  const random = createRandom(options.seed);
  const lanes = options.instruments.map((i) =>
    createLane(i, options.startMs, options.resume?.get(i.productCode), options.starts?.get(i.productCode)),
  );
  const bySymbol = new Map(lanes.map((l) => [l.instrument.productCode, l]));
  const listeners = new Set<(tick: Tick) => void>();
  let time = options.startMs;
  let timer: ReturnType<typeof setInterval> | undefined;

  /** `weight` is how many live ticks this one stands for (more than 1 in coarse backfill rounds). */
  function move(lane: Lane, t: number, weight: number): Tick {
    const { instrument } = lane;
    const years = Math.min(Math.max(t - lane.lastMove, 1), MAX_GAP_MS) / YEAR_MS;
    const pull = -REVERSION * Math.log(lane.steps / lane.reference) * years;
    const target = lane.steps * Math.exp(instrument.volatility * Math.sqrt(years) * random.normal() + pull);
    // Stochastic rounding keeps the walk unbiased even when a tick moves less than one step.
    const whole = Math.floor(target);
    const next = whole + (random.next() < target - whole ? 1 : 0);
    lane.steps = Math.max(next, instrument.spreadPips + 1);
    lane.lastMove = t;
    const volume = Math.max(
      1,
      Math.round(instrument.tickVolume * 10 ** VOLUME_SCALE * weight * (0.25 + 1.5 * random.next())),
    );
    lane.quote = quoteOf(
      instrument.productCode,
      lane.steps,
      instrument.spreadPips,
      lane.stepUnits,
      t,
      volume,
    );
    return lane.quote;
  }

  function round(t: number, stepMs: number): void {
    const expected = (ticksPerSecond * stepMs) / 1000;
    const chance = Math.min(1, expected);
    // A coarse round (backfill) ticks at most once, so that tick carries the volume of all the live ticks it
    // replaces: back-filled candles then trade as much per minute as live ones.
    const weight = Math.max(1, expected);
    for (const lane of lanes) {
      if (t < lane.resumeAt || t < lane.pinnedUntil || !isMarketOpen(lane.instrument.sessions, t)) continue;
      if (random.next() >= chance) continue;
      const tick = move(lane, t, weight);
      for (const listener of listeners) listener(tick);
    }
  }

  function stepTo(utcMs: number, stepMs = tickMs): void {
    const step = Math.max(stepMs, Math.ceil((utcMs - time) / MAX_ROUNDS));
    while (time + step <= utcMs) {
      time += step;
      round(time, step);
    }
  }

  return {
    get time() {
      return time;
    },
    start() {
      if (timer) return;
      timer = setInterval(() => {
        try {
          stepTo(now());
        } catch (error) {
          if (!options.onError) throw error;
          options.onError(error);
        }
      }, tickMs);
      timer.unref?.();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    onTick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: (symbol) => bySymbol.get(symbol)?.quote,
    stepTo,
    pin(symbol, bid, holdMs = Number.POSITIVE_INFINITY) {
      const lane = bySymbol.get(symbol);
      if (!lane || !Number.isSafeInteger(bid) || bid <= 0 || bid > MAX_PIN_UNITS) return undefined;
      const { instrument } = lane;
      // Never behind the lane's last quote, so the quote book and the candles take the pinned tick.
      const at = Math.max(time, now(), lane.quote.time);
      lane.steps = Math.max(1, Math.round(bid / lane.stepUnits));
      lane.lastMove = at;
      lane.pinnedUntil = at + holdMs;
      lane.quote = quoteOf(instrument.productCode, lane.steps, instrument.spreadPips, lane.stepUnits, at, 0);
      for (const listener of listeners) listener(lane.quote);
      return lane.quote;
    },
    release(symbol) {
      const lane = bySymbol.get(symbol);
      if (!lane || lane.pinnedUntil === 0) return false;
      lane.pinnedUntil = 0;
      return true;
    },
  };
}
