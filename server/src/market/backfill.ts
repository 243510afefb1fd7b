/**
 * History at start. A first start simulates `backfillDays` of the seeded walk so the charts have candles at
 * once; a later start continues each instrument from its last persisted candle (its close becomes the walk's
 * price, so live prices do not jump) and fills only the gap since then, at most `backfillDays` long.
 */
import { toScaledInt } from '../../../src/core/domain/decimal';
import { isMarketOpen } from '../../../src/core/domain/market-hours';
import type { Instrument } from './instruments';
import type { StoredCandle } from './kline-store';
import type { Klines } from './klines';
import type { ResumePoint, Simulator } from './simulator';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Longest look-back for a closed market's last session (a long weekend plus margin). */
const MAX_BACKFILL_HOURS = 96;
/** Simulated time between two flushes: about 10,000 rows per write when every market is open. */
const CHUNK_MS = 6 * HOUR;

/** Backfill round length: coarse enough to simulate days quickly, fine enough for 1-minute candles. */
export const BACKFILL_STEP_MS = 10_000;

/**
 * Where each instrument's start-up history begins: `hours` back, or earlier when its market has been closed
 * for longer (a weekend, a Monday before the US open), so that it has the end of its last session in the candles
 * and a last price in the book: as much of that session as an open market gets of the present (`hours`), at most
 * its last hour (TR54). Each instrument reaches back as far as it needs, not as far as the longest-closed
 * market (a cryptocurrency does not get the fourteen hours a closed US stock needs). Whole minutes.
 */
export function historyStarts(
  instruments: readonly Instrument[],
  now: number,
  hours: number,
): Map<string, number> {
  const starts = new Map<string, number>();
  for (const { productCode, sessions } of instruments) {
    let probe = now;
    while (probe > now - MAX_BACKFILL_HOURS * HOUR && !isMarketOpen(sessions, probe)) probe -= MINUTE * 15;
    const session = Math.min(HOUR, hours * HOUR);
    starts.set(productCode, Math.floor(Math.min(now - hours * HOUR, probe - session) / MINUTE) * MINUTE);
  }
  return starts;
}

/** How the simulator starts: its first round time, its seed and the instruments that resume. */
export interface StartPlan {
  startMs: number;
  seed: number;
  resume: Map<string, ResumePoint>;
  /** A first start: when each instrument's history begins (`historyStarts`); empty when resuming. */
  starts: Map<string, number>;
  /** True when nothing was persisted yet (a first start). */
  fresh: boolean;
}

/**
 * The start of a run given the newest persisted candles. Each instrument resumes after its last 1-minute
 * candle (or at the bounded gap start, when that is older); instruments with no history start from their
 * reference price. A resumed run mixes the start minute into the seed so it does not replay the first run.
 */
export function planStart(
  instruments: readonly Instrument[],
  latest: readonly StoredCandle[],
  now: number,
  days: number,
  seed: number,
): StartPlan {
  const last = new Map(latest.filter((s) => s.period === '1min').map((s) => [s.symbol, s.candle]));
  if (last.size === 0) {
    const starts = historyStarts(instruments, now, days * 24);
    return { startMs: Math.min(...starts.values()), seed, resume: new Map(), starts, fresh: true };
  }
  const horizon = Math.floor((now - days * DAY) / MINUTE) * MINUTE;
  const startMs = Math.max(horizon, Math.min(...[...last.values()].map((c) => c.time + MINUTE)));
  const resume = new Map<string, ResumePoint>();
  for (const { productCode, pricePrecision } of instruments) {
    const candle = last.get(productCode);
    if (!candle) continue;
    const bid = Number(toScaledInt(candle.closePrice, pricePrecision));
    resume.set(productCode, { bid, time: Math.max(candle.time + MINUTE, startMs) });
  }
  return {
    startMs,
    seed: (Math.imul(seed ^ (startMs / MINUTE), 0x9e3779b1) ^ seed) >>> 0,
    resume,
    starts: new Map(),
    fresh: false,
  };
}

/**
 * Runs the simulator to `until` in 10-second rounds, flushing the candles every six simulated hours (each
 * flush is one batched write). Resolves to the rows written.
 */
export async function runBackfill(source: Simulator, klines: Klines, until: number): Promise<number> {
  let rows = 0;
  while (source.time + BACKFILL_STEP_MS <= until) {
    source.stepTo(Math.min(until, source.time + CHUNK_MS), BACKFILL_STEP_MS);
    rows += await klines.flush();
  }
  return rows;
}
