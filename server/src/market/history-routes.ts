/**
 * Candle routes of the market service (spec §7): `history` in its two forms — the latest `limit` candles, or
 * every candle of a time range — and `history/limit`, the candles before a time for scrolling back. Every
 * answer is bounded: at most 1000 candles by count, at most 10,080 buckets by range.
 */
import type { FastifyInstance } from 'fastify';
import type { KlinePeriod } from '../../../src/core/contract/paths';
import type { KlinePoint } from '../../../src/core/contract/market';
import { Code } from '../../../src/core/contract/codes';
import { HISTORY_DEFAULT, HISTORY_MAX, history, historyLimit } from '../../../src/core/contract/market';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import type { Instrument } from './instruments';
import { PERIOD_MS, type Klines } from './klines';
import { instrumentFinder } from './routes';

/** What the history routes read. */
export interface HistoryDeps {
  instruments: readonly Instrument[];
  klines: Klines;
}

/** Widest `history` range, in buckets of the period: 7 days of 1-minute candles, 70 days of 1h, … */
export const MAX_RANGE_BUCKETS = 7 * 24 * 60;
export { HISTORY_DEFAULT, HISTORY_MAX };

const periodOf = (value: KlinePeriod | undefined): KlinePeriod => value ?? '1min';

/** A limit above the maximum is served as the maximum (the chart may ask for a screenful). */
const limitOf = (limit: number | undefined) => Math.min(limit ?? HISTORY_DEFAULT, HISTORY_MAX);

/** Register `history` and `history/limit` on `app`. */
export function historyRoutes(app: FastifyInstance, deps: HistoryDeps): void {
  const find = instrumentFinder(deps.instruments);

  function range(symbol: string, period: KlinePeriod, from: number, to: number): Promise<KlinePoint[]> {
    if (from >= to) throw new BusinessError(Code.INCORRECT_PARAMETER, 'from must be before to');
    const buckets = Math.ceil((to - from) / PERIOD_MS[period]);
    if (buckets > MAX_RANGE_BUCKETS)
      throw new BusinessError(Code.INCORRECT_PARAMETER, 'time range too wide for the period');
    return deps.klines.query(symbol, period, { from, to, limit: buckets });
  }

  route(app, history, async (input) => {
    const { productCode } = find(input.symbol);
    const period = periodOf(input.period);
    if (input.from === undefined && input.to === undefined)
      return ok(await deps.klines.query(productCode, period, { limit: limitOf(input.limit) }));
    if (input.from === undefined || input.to === undefined)
      throw new BusinessError(Code.INCORRECT_PARAMETER, 'from and to go together');
    return ok(await range(productCode, period, input.from, input.to));
  });

  route(app, historyLimit, async (input) => {
    const { productCode } = find(input.symbol);
    const period = periodOf(input.period);
    return ok(await deps.klines.query(productCode, period, { to: input.to, limit: limitOf(input.limit) }));
  });
}
