/**
 * Settlement at expiry, by the server, whether or not the trader is online. Options settle in set-based
 * chunks of at most `SETTLE_CHUNK`, one transaction per chunk: the due options of one instrument are read,
 * their end prices looked up at once per instrument, one conditional UPDATE (`where position_status = 0`)
 * settles them and answers the ids it changed, and one ledger transaction pays the chunk back (the trader's
 * postings name each option; the house side is one posting per house account and direction). An option is
 * settled exactly once however many settlers run: only the rows the UPDATE changed are paid. On PostgreSQL
 * each chunk's transaction first takes the instrument's `pg_try_advisory_xact_lock`, so several processes
 * share instruments instead of racing for the same rows (a process that does not get it leaves the
 * instrument to the holder); PGlite has one connection and needs no lock. The settler wakes just after the
 * next expiry rather than on a fixed period.
 */
import { fromScaledInt, toFixed, toScaledInt, type Decimal } from '../../../src/core/domain/decimal';
import { CENTS } from '../../../src/core/domain/money';
import { optionOutcome, optionPayout, type OptionOutcome } from '../../../src/core/domain/option-payload';
import type { Queryable } from '../db/types';
import { LEDGER_SCALE, postTransactions, type LedgerEntry, type Posting } from '../ledger';
import { SETTLE_REFUSALS } from '../trading';
import type { OptionsContext } from './context';
import { OPTION_COLUMNS, type OptionRow } from './repo';

/**
 * Most options one transaction settles: bounded so that no transaction holds an unbounded number of rows
 * and user accounts locked (a chunk of 2,500 commits in about 0.1–0.25 s on a busy two-core machine), large
 * enough that the fixed cost of a chunk — every chunk rewrites the account row of each trader it pays — is
 * spread thin. Instruments take turns chunk by chunk.
 */
export const SETTLE_CHUNK = 2500;

/** What an option pays back at its outcome, in cents: the stake, the profit and its result (`winLost`). */
interface Payout {
  outcome: OptionOutcome;
  stake: string;
  profit: string;
  winLost: string;
}

/**
 * The payout of an option by the §4 rule (`optionPayout`), remembered per amount, rate and outcome: the
 * options of a chunk share a few preset amounts and rates, and decimal arithmetic is the settler's main
 * cost in JavaScript.
 */
function payoutMemo(): (row: OptionRow, priceEnd: string) => Payout {
  const known = new Map<string, Payout>();
  return (row, priceEnd) => {
    const outcome = optionOutcome(Number(row.orderType) === 1 ? 1 : 0, row.price, priceEnd);
    const key = `${row.amount}|${row.rate}|${outcome}`;
    let payout = known.get(key);
    if (!payout) {
      // numeric(28, 8) reads back with 8 decimals: the postings move cents, as the placement did.
      const stake = toFixed(row.amount, CENTS);
      const { profit, winLost } = optionPayout(stake, row.rate, outcome);
      known.set(key, (payout = { outcome, stake, profit, winLost }));
    }
    return payout;
  };
}

/**
 * The one ledger transaction that pays a chunk back (null when it moves nothing): per option, the trader's
 * postings (the stake back, then the profit, on a win; the stake back on a tie; none on a loss), each naming
 * the option's uid; on the house side one posting per house account and direction for the whole chunk —
 * stakes → traders, P&L → traders, stakes → P&L (a lost stake) — so the postings sum to zero.
 */
function settlementEntry(
  context: OptionsContext,
  settled: readonly OptionRow[],
  payouts: ReadonlyMap<string, Payout>,
): LedgerEntry | null {
  const postings: Posting[] = [];
  const units = new Map<Decimal, bigint>();
  const unitsOf = (amount: Decimal) => {
    let value = units.get(amount);
    if (value === undefined) units.set(amount, (value = toScaledInt(amount, LEDGER_SCALE)));
    return value;
  };
  // House account → direction → summed amount (scaled, signed), in the order first met.
  const house = new Map<string, Map<string, bigint>>();
  const toHouse = (accountId: string, direction: string, amount: bigint) => {
    let directions = house.get(accountId);
    if (!directions) house.set(accountId, (directions = new Map()));
    directions.set(direction, (directions.get(direction) ?? 0n) + amount);
  };
  for (const row of settled) {
    const payout = payouts.get(String(row.id)) as Payout;
    const stake = unitsOf(payout.stake);
    if (stake === 0n) continue;
    const stakes = context.house('stakes', row.virtual, row.userId);
    if (payout.outcome === 'loss') {
      toHouse(stakes, 'stakes_to_pnl', -stake);
      toHouse(context.house('pnl', row.virtual, row.userId), 'stakes_to_pnl', stake);
      continue;
    }
    postings.push({ accountId: row.accountId, bucket: 'balance', amount: payout.stake, ref: row.uid });
    toHouse(stakes, 'stakes_to_user', -stake);
    const profit = unitsOf(payout.profit);
    if (profit !== 0n) {
      postings.push({ accountId: row.accountId, bucket: 'balance', amount: payout.profit, ref: row.uid });
      toHouse(context.house('pnl', row.virtual, row.userId), 'pnl_to_user', -profit);
    }
  }
  for (const [accountId, directions] of house) {
    for (const sum of directions.values()) {
      if (sum !== 0n)
        postings.push({ accountId, bucket: 'balance', amount: fromScaledInt(sum, LEDGER_SCALE) });
    }
  }
  if (postings.length === 0) return null;
  return { kind: 'option_settle', note: `${settled.length} options`, postings };
}

/** Which due options a chunk reads: one instrument's (oldest expiry first) or the given ones. */
type ChunkOf = { symbol: string } | { ids: readonly string[] };

/**
 * Settles one chunk inside `tx`: the due options of `pick` (at most `SETTLE_CHUNK`), each at the last price
 * at or before its end time (its entry price, a tie, when none is known). Answers how many were due and the
 * rows this chunk settled (fewer when another settler got some first).
 */
async function settleChunk(
  context: OptionsContext,
  tx: Queryable,
  pick: ChunkOf,
  now: number,
): Promise<{ due: number; settled: OptionRow[] }> {
  const { rows: due } =
    'symbol' in pick
      ? await tx.query<OptionRow>(
          `select ${OPTION_COLUMNS} from option_orders
            where trade_pair = $1 and position_status = 0 and end_time <= $2 order by end_time, id limit $3`,
          [pick.symbol, now, SETTLE_CHUNK],
        )
      : await tx.query<OptionRow>(
          `select ${OPTION_COLUMNS} from option_orders
            where id = any($1::bigint[]) and position_status = 0 and end_time <= $2 order by end_time, id limit $3`,
          [pick.ids, now, SETTLE_CHUNK],
        );
  if (due.length === 0) return { due: 0, settled: [] };
  const bySymbol = new Map<string, OptionRow[]>();
  for (const row of due) {
    const rows = bySymbol.get(row.tradePair);
    if (rows) rows.push(row);
    else bySymbol.set(row.tradePair, [row]);
  }
  const payoutOf = payoutMemo();
  const payouts = new Map<string, Payout>();
  const read: OptionRow[] = [];
  const ids: string[] = [];
  const priceEnds: string[] = [];
  const winLosts: string[] = [];
  for (const [symbol, rows] of bySymbol) {
    const prices = await context.prices.pricesAt(
      tx,
      symbol,
      rows.map((row) => Number(row.endTime)),
    );
    for (const row of rows) {
      const priceEnd = prices.get(Number(row.endTime)) ?? row.price;
      const payout = payoutOf(row, priceEnd);
      payouts.set(String(row.id), payout);
      read.push(row);
      ids.push(row.id);
      priceEnds.push(priceEnd);
      winLosts.push(payout.winLost);
    }
  }
  // The guard of exactly-once: a concurrent settler's UPDATE waits for these rows and then matches nothing.
  // It answers only the ids it changed; their rows are the ones read, as now settled (no second read back).
  const completeTime = context.now();
  const { rows: changed } = await tx.query<{ id: string }>(
    `update option_orders set position_status = 1, price_end = v.end_price, win_lost = v.result,
            complete_time = $4
       from unnest($1::bigint[], $2::numeric[], $3::numeric[]) as v (option_id, end_price, result)
      where option_orders.id = v.option_id and option_orders.position_status = 0
     returning option_orders.id`,
    [ids, priceEnds, winLosts, completeTime],
  );
  const won = new Set(changed.map((row) => String(row.id)));
  const settled: OptionRow[] = [];
  read.forEach((row, index) => {
    if (!won.has(String(row.id))) return;
    settled.push({
      ...row,
      positionStatus: 1,
      priceEnd: priceEnds[index] as string,
      // win_lost is numeric(28, 8): the row as the table now holds it.
      winLost: toFixed(winLosts[index] as string, LEDGER_SCALE),
      completeTime: String(completeTime),
    });
  });
  const entry = settlementEntry(context, settled, payouts);
  if (entry) await postTransactions(tx, [entry], SETTLE_REFUSALS);
  return { due: due.length, settled };
}

/**
 * Settles one option (by internal id) if it is due. Answers the settled row, or null when it was already
 * settled (by another settler) or is not due.
 */
export async function settleOption(context: OptionsContext, id: string): Promise<OptionRow | null> {
  const { settled } = await context.db.transaction((tx) =>
    settleChunk(context, tx, { ids: [id] }, context.now()),
  );
  return settled[0] ?? null;
}

/** The instrument's advisory lock of this schema, for this transaction; false when another process holds it. */
async function lockInstrument(tx: Queryable, symbol: string): Promise<boolean> {
  const { rows } = await tx.query<{ locked: boolean }>(
    `select pg_try_advisory_xact_lock(hashtextextended('tradekit:options:' || $1 || ':' || current_schema(), 0)) as locked`,
    [symbol],
  );
  return rows[0]?.locked === true;
}

/** The settler never waits longer than this for an expiry it has not seen coming (a clock jump, another process). */
const WAKE_AT_LEAST_MS = 1;

/** The settler of one process. */
export interface Settler {
  /** Settles every due option now; answers the options it settled. */
  settleDue(): Promise<OptionRow[]>;
  /** The end time of the oldest running option that is due now (ms), null when none is (the health report). */
  oldestDue(): Promise<number | null>;
  /**
   * Runs `settleDue` at the next expiry (just after the end time of the earliest running option) and at
   * least every `everyMs`; a run never overlaps the previous one.
   */
  start(everyMs: number): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export function createSettler(
  context: OptionsContext,
  onSettled: (rows: OptionRow[]) => void,
  onError: (error: unknown) => void,
): Settler {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  /** One chunk of one instrument in its own transaction; null when another process holds the instrument. */
  const chunk = (symbol: string, now: number) =>
    context.db.transaction(async (tx) => {
      if (context.db.kind === 'postgres' && !(await lockInstrument(tx, symbol))) return null;
      return settleChunk(context, tx, { symbol }, now);
    });

  const oldestDue = async (): Promise<number | null> => {
    const { rows } = await context.db.query<{ due: string | null }>(
      `select min(end_time)::text as due from option_orders where position_status = 0 and end_time <= $1`,
      [context.now()],
    );
    return rows[0]?.due == null ? null : Number(rows[0].due);
  };

  const settleDue = async (): Promise<OptionRow[]> => {
    const now = context.now();
    const { rows } = await context.db.query<{ symbol: string }>(
      `select distinct trade_pair as symbol from option_orders where position_status = 0 and end_time <= $1`,
      [now],
    );
    const settled: OptionRow[] = [];
    // Instruments take turns, one chunk each, until none has more due; each chunk is told once committed.
    let pending = rows.map((r) => r.symbol);
    while (pending.length > 0) {
      const next: string[] = [];
      for (const symbol of pending) {
        const done = await chunk(symbol, now);
        if (!done) continue;
        if (done.settled.length > 0) {
          settled.push(...done.settled);
          onSettled(done.settled);
        }
        if (done.due === SETTLE_CHUNK) next.push(symbol);
      }
      pending = next;
    }
    return settled;
  };

  /**
   * How long to sleep before the next run: until just after the next end time still to come (prices are
   * stamped in milliseconds, so 1 ms later every price at or before it is known), at most `everyMs`. Options
   * already due that this run left (another process holds their instrument) wait for the `everyMs` period.
   */
  const nextWake = async (everyMs: number): Promise<number> => {
    const now = context.now();
    const { rows } = await context.db.query<{ next: string | null }>(
      `select min(end_time) as next from option_orders where position_status = 0 and end_time > $1`,
      [now],
    );
    const next = rows[0]?.next;
    if (next === null || next === undefined) return everyMs;
    return Math.min(everyMs, Math.max(WAKE_AT_LEAST_MS, Number(next) - now + WAKE_AT_LEAST_MS));
  };

  const schedule = (everyMs: number, delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      const run = settleDue()
        .then(() => undefined, onError)
        .then(() => nextWake(everyMs))
        .catch((error: unknown) => {
          onError(error);
          return everyMs;
        });
      running = run;
      void run.then((delay) => {
        running = undefined;
        schedule(everyMs, delay);
      });
    }, delayMs);
    timer.unref?.();
  };

  return {
    settleDue,
    oldestDue,
    start(everyMs) {
      if (!stopped) return;
      stopped = false;
      void nextWake(everyMs)
        .catch((error: unknown) => {
          onError(error);
          return everyMs;
        })
        .then((delay) => schedule(everyMs, delay));
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
