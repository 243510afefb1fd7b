/**
 * The prices an option settles on. Every tick is remembered in memory (stamped with the options clock) for a
 * few minutes; the ticks of instruments with running options are also written to `option_price_marks` about
 * every second and at close, and kept about two hours. An option settles on the last price at or before its
 * end time: from memory when this process saw that moment, else from the marks (a restart across expiry),
 * else from the close of the last 1-minute candle that ended by then, else its entry price (a tie).
 */
import { fromScaledInt } from '../../../src/core/domain/decimal';
import type { Db, Queryable } from '../db/types';
import type { Instrument } from '../market';
import type { Tick } from '../market';

/** How long marks are kept (older ones are pruned unless a running option may still need them). */
export const MARK_RETENTION_MS = 2 * 3_600_000;
/** Ticks remembered per symbol in memory (a few minutes at a tick every 500 ms). */
const MEMORY_PER_SYMBOL = 1200;

interface Mark {
  at: number;
  price: string;
}

export interface PriceRecord {
  /** Remember a tick (its bid) at the options clock's time. */
  observe(tick: Tick): void;
  /** Remember a price at `at` (the entry price of a new option). */
  note(symbol: string, at: number, price: string): void;
  /** Instruments whose ticks are written to the marks (those with running options). */
  watch(symbols: Iterable<string>): void;
  /** Writes the remembered ticks of the watched instruments not written yet; answers the rows written. */
  flush(): Promise<number>;
  /** Deletes marks older than the retention that no running option may need. */
  prune(): Promise<void>;
  /** The last price at or before `at`, or null when nothing is known. */
  priceAt(q: Queryable, symbol: string, at: number): Promise<string | null>;
  /** `priceAt` for many instants of one symbol: memory first, then one query for the rest. */
  pricesAt(q: Queryable, symbol: string, ats: readonly number[]): Promise<Map<number, string | null>>;
}

/** The last mark at or before `at` (marks in time order), when memory saw that moment; else undefined. */
function fromMemory(marks: readonly Mark[], at: number): string | undefined {
  // Memory answers only when this process saw that moment (its oldest tick is not after it).
  if (marks.length === 0 || (marks[0] as Mark).at > at) return undefined;
  let low = 0;
  let high = marks.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((marks[mid] as Mark).at <= at) low = mid;
    else high = mid - 1;
  }
  return (marks[low] as Mark).price;
}

export function createPriceRecord(
  db: Db,
  instruments: readonly Instrument[],
  now: () => number,
): PriceRecord {
  const scale = new Map(instruments.map((i) => [i.productCode, i.pricePrecision]));
  const memory = new Map<string, Mark[]>();
  const written = new Map<string, number>();
  let watched = new Set<string>();

  const remember = (symbol: string, mark: Mark) => {
    let marks = memory.get(symbol);
    if (!marks) memory.set(symbol, (marks = []));
    const last = marks.at(-1);
    if (last && last.at > mark.at) return;
    if (last && last.at === mark.at) marks[marks.length - 1] = mark;
    else marks.push(mark);
    if (marks.length > MEMORY_PER_SYMBOL) marks.splice(0, marks.length - MEMORY_PER_SYMBOL);
  };

  const pricesAt: PriceRecord['pricesAt'] = async (q, symbol, ats) => {
    const marks = memory.get(symbol) ?? [];
    const found = new Map<number, string | null>();
    const missing: number[] = [];
    for (const at of new Set(ats)) {
      const price = fromMemory(marks, at);
      if (price === undefined) missing.push(at);
      else found.set(at, price);
    }
    if (missing.length === 0) return found;
    // Then the recorded marks, then the close of the last 1-minute candle that ended by then.
    const { rows } = await q.query<{ at: string; price: string | null }>(
      `select t.at, coalesce(
          (select price from option_price_marks where symbol = $1 and at <= t.at order by at desc limit 1),
          (select close_price from klines
            where symbol = $1 and period = '1min' and open_time + 60000 <= t.at
            order by open_time desc limit 1)) as price
         from unnest($2::bigint[]) as t (at)`,
      [symbol, missing],
    );
    for (const row of rows) found.set(Number(row.at), row.price);
    return found;
  };

  return {
    observe(tick) {
      const precision = scale.get(tick.symbol);
      if (precision === undefined) return;
      remember(tick.symbol, { at: now(), price: fromScaledInt(tick.bid, precision) });
    },
    note: (symbol, at, price) => remember(symbol, { at, price }),
    watch(symbols) {
      watched = new Set(symbols);
    },
    async flush() {
      const symbols: string[] = [];
      const times: number[] = [];
      const prices: string[] = [];
      for (const symbol of watched) {
        const after = written.get(symbol) ?? Number.NEGATIVE_INFINITY;
        for (const mark of memory.get(symbol) ?? []) {
          if (mark.at <= after) continue;
          symbols.push(symbol);
          times.push(mark.at);
          prices.push(mark.price);
        }
      }
      if (symbols.length === 0) return 0;
      // Two ticks of one millisecond: the later one stands, as in memory.
      await db.query(
        `insert into option_price_marks (symbol, at, price)
         select * from unnest($1::text[], $2::bigint[], $3::numeric[])
         on conflict (symbol, at) do update set price = excluded.price`,
        [symbols, times, prices],
      );
      symbols.forEach((symbol, i) => {
        const at = times[i] as number;
        if (at > (written.get(symbol) ?? Number.NEGATIVE_INFINITY)) written.set(symbol, at);
      });
      return symbols.length;
    },
    async prune() {
      await db.query(
        `delete from option_price_marks
          where at < least($1::bigint, (select min(begin_time) from option_orders where position_status = 0))`,
        [now() - MARK_RETENTION_MS],
      );
    },
    async priceAt(q, symbol, at) {
      return (await pricesAt(q, symbol, [at])).get(at) ?? null;
    },
    pricesAt,
  };
}
