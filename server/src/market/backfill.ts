/** The start-up history: how far back the simulator starts so the charts have candles at once. */
import { isMarketOpen } from '../../../src/core/domain/market-hours';
import type { Instrument } from './instruments';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Longest look-back for a closed market's last session (a long weekend plus margin). */
const MAX_BACKFILL_HOURS = 96;

/** Backfill round length: coarse enough to simulate days quickly, fine enough for 1-minute candles. */
export const BACKFILL_STEP_MS = 10_000;

/**
 * Where the start-up history begins: `hours` back, or earlier when a market has been closed for longer
 * (a weekend, a Monday before the US open), so that every instrument has its last trading hour in the
 * candles and a last price in the book.
 */
export function backfillStart(instruments: readonly Instrument[], now: number, hours: number): number {
  let start = now - hours * HOUR;
  for (const { sessions } of instruments) {
    let probe = now;
    while (probe > now - MAX_BACKFILL_HOURS * HOUR && !isMarketOpen(sessions, probe)) probe -= MINUTE * 15;
    start = Math.min(start, probe - HOUR);
  }
  return start;
}
