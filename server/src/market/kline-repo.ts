/**
 * The `klines` table: batched upserts (one statement of column arrays per 20,000 rows, since PGlite has no
 * COPY), range reads newest first through the primary key, and the latest candle of every series.
 */
import { KLINE_PERIODS, type KlinePeriod } from '../../../src/core/contract/paths';
import type { KlinePoint } from '../../../src/core/contract/types';
import type { Db } from '../db/types';
import {
  NO_LOWER_BOUND,
  NO_UPPER_BOUND,
  pickRange,
  type KlineRange,
  type KlineStore,
  type StoredCandle,
} from './kline-store';

/** The part of `app.db` the kline store uses. */
export type KlineDb = Pick<Db, 'query' | 'transaction'>;

/** Rows per INSERT: large enough to amortise a statement, small enough to keep its arrays a few MB. */
const BATCH_ROWS = 20_000;

const VALUES = 'open_price, high_price, low_price, close_price, volume, turnover';
const UPSERT = `insert into klines (symbol, period, open_time, ${VALUES})
  select * from unnest($1::text[], $2::text[], $3::bigint[], $4::numeric[], $5::numeric[], $6::numeric[],
    $7::numeric[], $8::numeric[], $9::numeric[])
  on conflict (symbol, period, open_time) do update set open_price = excluded.open_price,
    high_price = excluded.high_price, low_price = excluded.low_price, close_price = excluded.close_price,
    volume = excluded.volume, turnover = excluded.turnover`;

interface KlineRow {
  symbol: string;
  period: KlinePeriod;
  open_time: string;
  open_price: string;
  high_price: string;
  low_price: string;
  close_price: string;
  volume: string;
  turnover: string;
}

const toPoint = (r: KlineRow): KlinePoint => ({
  time: Number(r.open_time),
  openPrice: r.open_price,
  closePrice: r.close_price,
  highestPrice: r.high_price,
  lowestPrice: r.low_price,
  volume: r.volume,
  turnover: r.turnover,
});

function columns(rows: readonly StoredCandle[]): unknown[][] {
  const cols: unknown[][] = Array.from({ length: 9 }, () => new Array<unknown>(rows.length));
  rows.forEach(({ symbol, period, candle: c }, i) => {
    const values = [symbol, period, c.time, c.openPrice, c.highestPrice, c.lowestPrice, c.closePrice];
    values.push(c.volume, c.turnover);
    values.forEach((value, col) => ((cols[col] as unknown[])[i] = value));
  });
  return cols;
}

/** Insert or overwrite candles (the last of equal keys wins), in one transaction when it takes several batches. */
export async function writeCandles(db: KlineDb, candles: readonly StoredCandle[]): Promise<number> {
  // One statement may not touch a row twice.
  const unique = [
    ...new Map(candles.map((s) => [`${s.symbol}\u0000${s.period}\u0000${s.candle.time}`, s])).values(),
  ];
  const batches: StoredCandle[][] = [];
  for (let i = 0; i < unique.length; i += BATCH_ROWS) batches.push(unique.slice(i, i + BATCH_ROWS));
  if (batches.length === 1) await db.query(UPSERT, columns(batches[0] ?? []));
  else if (batches.length > 1)
    await db.transaction(async (tx) => {
      for (const batch of batches) await tx.query(UPSERT, columns(batch));
    });
  return unique.length;
}

/** The last `range.limit` persisted candles of a series in the range, oldest first. */
export async function readCandles(
  db: KlineDb,
  symbol: string,
  period: KlinePeriod,
  range: KlineRange,
): Promise<KlinePoint[]> {
  if (range.limit <= 0) return [];
  const { rows } = await db.query<KlineRow>(
    `select open_time, ${VALUES} from klines
     where symbol = $1 and period = $2 and open_time >= $3 and open_time < $4
     order by open_time desc limit $5`,
    [symbol, period, range.from ?? NO_LOWER_BOUND, range.to ?? NO_UPPER_BOUND, range.limit],
  );
  return rows.reverse().map(toPoint);
}

/** The newest persisted candle of every period of each symbol (one index probe per series). */
export async function latestCandles(db: KlineDb, symbols: readonly string[]): Promise<StoredCandle[]> {
  const { rows } = await db.query<KlineRow>(
    `select s.symbol, p.period, k.open_time, ${VALUES.replace(/(\w+)/g, 'k.$1')}
     from unnest($1::text[]) as s (symbol) cross join unnest($2::text[]) as p (period)
     cross join lateral (
       select * from klines where symbol = s.symbol and period = p.period order by open_time desc limit 1
     ) as k`,
    [symbols, KLINE_PERIODS],
  );
  return rows.map((r) => ({ symbol: r.symbol, period: r.period, candle: toPoint(r) }));
}

/**
 * A store on the `klines` table. Appended candles wait in memory until `flush` writes them in one batch;
 * reads merge them in, so a candle is visible the moment it closes.
 */
export function createDbKlineStore(db: KlineDb, options: { writes?: () => boolean } = {}): KlineStore {
  let pending = new Map<string, StoredCandle[]>();
  let inflight = new Map<string, StoredCandle[]>();
  let chain: Promise<unknown> = Promise.resolve();

  async function write(forming: readonly StoredCandle[]): Promise<number> {
    inflight = pending;
    pending = new Map();
    // A process that follows another's ticks (MP5) keeps its candles in memory only: the holder writes them.
    if (options.writes && !options.writes()) {
      inflight = new Map();
      return 0;
    }
    try {
      return await writeCandles(db, [...[...inflight.values()].flat(), ...forming]);
    } catch (error) {
      // Kept for the next flush, ahead of what closed meanwhile.
      for (const [key, list] of pending) inflight.set(key, [...(inflight.get(key) ?? []), ...list]);
      pending = inflight;
      throw error;
    } finally {
      inflight = new Map();
    }
  }

  async function query(symbol: string, period: KlinePeriod, range: KlineRange): Promise<KlinePoint[]> {
    const key = `${symbol}\u0000${period}`;
    // Taken before the read: a flush that commits meanwhile leaves these in both places, never in neither.
    const unflushed = [...(inflight.get(key) ?? []), ...(pending.get(key) ?? [])];
    const stored = await readCandles(db, symbol, period, range);
    if (unflushed.length === 0) return stored;
    const byTime = new Map(stored.map((c) => [c.time, c]));
    for (const { candle } of unflushed) byTime.set(candle.time, candle);
    return pickRange(
      [...byTime.values()].sort((a, b) => a.time - b.time),
      range,
    );
  }

  return {
    append(symbol, period, candle) {
      const key = `${symbol}\u0000${period}`;
      const list = pending.get(key);
      if (list) list.push({ symbol, period, candle });
      else pending.set(key, [{ symbol, period, candle }]);
    },
    query,
    recent: (symbol, period, limit) => query(symbol, period, { limit }),
    flush(forming = []) {
      const run = chain.then(() => write(forming));
      chain = run.catch(() => undefined);
      return run;
    },
  };
}
