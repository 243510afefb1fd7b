/**
 * Candle routes of the market service (spec §7): `history` in its two forms — the latest `limit` candles, or
 * every candle of a time range — and `history/limit`, the candles before a time for scrolling back. Every
 * answer is bounded: at most 1000 candles by count, at most 10,080 buckets by range.
 */
import type { FastifyInstance } from 'fastify';
import type { KlinePeriod } from '../../../src/core/contract/paths';
import type { KlinePoint } from '../../../src/core/contract/types';
import { BusinessError, ok } from '../http/envelope';
import { apiRoute, objectSchema } from '../http/legacy-route';
import type { Instrument } from './instruments';
import { isKlinePeriod, PERIOD_MS, type Klines } from './klines';
import { instrumentFinder } from './routes';
import { klinePointSchema } from './schemas';

/** What the history routes read. */
export interface HistoryDeps {
  instruments: readonly Instrument[];
  klines: Klines;
}

/** Candles of a `limit` request when none is given (spec §9) and the most one may ask for. */
export const HISTORY_DEFAULT = 300;
export const HISTORY_MAX = 1000;
/** Widest `history` range, in buckets of the period: 7 days of 1-minute candles, 70 days of 1h, … */
export const MAX_RANGE_BUCKETS = 7 * 24 * 60;

/** Last valid epoch millisecond of a JavaScript Date. */
const MAX_TIME = 8_640_000_000_000_000;
const time = { type: 'integer', minimum: 0, maximum: MAX_TIME };
const common = {
  symbol: { type: 'string', minLength: 1, maxLength: 32 },
  period: { type: 'string', minLength: 1, maxLength: 8 },
  limit: { type: 'integer', minimum: 1 },
};
const candles = { type: 'array', items: klinePointSchema };

interface HistoryInput {
  symbol: string;
  period?: string;
  limit?: number;
  from?: number;
  to?: number;
}

function periodOf(value: string | undefined): KlinePeriod {
  const period = value ?? '1min';
  if (!isKlinePeriod(period)) throw new BusinessError(1001, 'unknown kline period');
  return period;
}

/** A limit above the maximum is served as the maximum (the chart may ask for a screenful). */
const limitOf = (limit: number | undefined) => Math.min(limit ?? HISTORY_DEFAULT, HISTORY_MAX);

/** Register `history` and `history/limit` on `app`. */
export function historyRoutes(app: FastifyInstance, deps: HistoryDeps): void {
  const find = instrumentFinder(deps.instruments);

  function range(symbol: string, period: KlinePeriod, from: number, to: number): Promise<KlinePoint[]> {
    if (from >= to) throw new BusinessError(1001, 'from must be before to');
    const buckets = Math.ceil((to - from) / PERIOD_MS[period]);
    if (buckets > MAX_RANGE_BUCKETS) throw new BusinessError(1001, 'time range too wide for the period');
    return deps.klines.query(symbol, period, { from, to, limit: buckets });
  }

  apiRoute<HistoryInput, KlinePoint[]>(app, {
    url: '/market/history',
    summary:
      'Candles oldest first: the latest `limit` (default 300, at most 1000) ending with the forming one, ' +
      'or with `from` and `to` (ms) those opening in [from, to), at most 10,080 periods wide',
    input: objectSchema({ ...common, from: time, to: time }, ['symbol']),
    data: candles,
    handler: async (input) => {
      const { productCode } = find(input.symbol);
      const period = periodOf(input.period);
      if (input.from === undefined && input.to === undefined)
        return ok(await deps.klines.query(productCode, period, { limit: limitOf(input.limit) }));
      if (input.from === undefined || input.to === undefined)
        throw new BusinessError(1001, 'from and to go together');
      return ok(await range(productCode, period, input.from, input.to));
    },
  });

  apiRoute<Omit<HistoryInput, 'from'>, KlinePoint[]>(app, {
    url: '/market/history/limit',
    summary:
      'The `limit` candles (default 300, at most 1000) opening before `to` (ms; default: now, with the ' +
      'forming one), oldest first: how a chart scrolls back; an empty list means no older history',
    input: objectSchema({ ...common, to: time }, ['symbol']),
    data: candles,
    handler: async (input) => {
      const { productCode } = find(input.symbol);
      const period = periodOf(input.period);
      return ok(await deps.klines.query(productCode, period, { to: input.to, limit: limitOf(input.limit) }));
    },
  });
}
