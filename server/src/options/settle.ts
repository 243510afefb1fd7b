/**
 * Settlement at expiry, by the server, whether or not the trader is online. Each option settles in its own
 * transaction: a conditional UPDATE (`where position_status = 0`) and the postings of its payout, so an
 * option is settled exactly once however many settlers run. The settler takes due options instrument by
 * instrument; on PostgreSQL each instrument's batch runs under `pg_try_advisory_xact_lock`, so several
 * processes share the work instead of racing for the same rows (PGlite has one connection: no lock needed).
 */
import type { Queryable } from '../db/types';
import { toFixed } from '../../../src/core/domain/decimal';
import { CENTS } from '../../../src/core/domain/money';
import { optionOutcome, optionPayout } from '../../../src/core/domain/option-payload';
import { postMovements, SETTLE_REFUSALS, type Movement } from '../trading/ledger-ops';
import type { OptionsContext } from './context';
import { OPTION_COLUMNS, type OptionRow } from './repo';

/** Most options one instrument's batch settles before the next instrument gets its turn. */
export const SETTLE_BATCH = 200;

/** The movements that pay an option back at `outcome` (nothing on a loss but the stake to the house). */
function payoutMovements(context: OptionsContext, row: OptionRow, priceEnd: string): Movement[] {
  const outcome = optionOutcome(Number(row.orderType) === 1 ? 1 : 0, row.price, priceEnd);
  // numeric(28, 8) reads back with 8 decimals: the postings move cents, as the placement did.
  const stake = toFixed(row.amount, CENTS);
  const { profit } = optionPayout(stake, row.rate, outcome);
  const user = { accountId: row.accountId, bucket: 'balance' } as const;
  const stakes = { accountId: context.house('stakes', row.virtual, row.userId), bucket: 'balance' } as const;
  const pnl = { accountId: context.house('pnl', row.virtual, row.userId), bucket: 'balance' } as const;
  if (outcome === 'loss') return [{ from: stakes, to: pnl, amount: stake }];
  return [
    { from: stakes, to: user, amount: stake },
    { from: pnl, to: user, amount: profit },
  ];
}

/**
 * Settles one option (by internal id) at the last price at or before its end time. Answers the settled
 * row, or null when it was already settled (by another settler) or is not due.
 */
export async function settleOption(context: OptionsContext, id: string): Promise<OptionRow | null> {
  return context.db.transaction(async (tx) => {
    const { rows } = await tx.query<OptionRow>(
      `select ${OPTION_COLUMNS} from option_orders where id = $1 and position_status = 0`,
      [id],
    );
    const due = rows[0];
    const now = context.now();
    if (!due || Number(due.endTime) > now) return null;
    const priceEnd = (await context.prices.priceAt(tx, due.tradePair, Number(due.endTime))) ?? due.price;
    const outcome = optionOutcome(Number(due.orderType) === 1 ? 1 : 0, due.price, priceEnd);
    const { winLost } = optionPayout(due.amount, due.rate, outcome);
    // The guard of exactly-once: a concurrent settler's UPDATE waits for this row and then matches nothing.
    const updated = await tx.query<OptionRow>(
      `update option_orders set position_status = 1, price_end = $2, win_lost = $3, complete_time = $4
        where id = $1 and position_status = 0 returning ${OPTION_COLUMNS}`,
      [id, priceEnd, winLost, now],
    );
    const settled = updated.rows[0];
    if (!settled) return null;
    await postMovements(
      tx,
      'option_settle',
      settled.uid,
      payoutMovements(context, settled, priceEnd),
      SETTLE_REFUSALS,
    );
    return settled;
  });
}

/** The due options of one instrument, oldest expiry first. */
async function dueOf(q: Queryable, symbol: string, now: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `select id from option_orders where trade_pair = $1 and position_status = 0 and end_time <= $2
      order by end_time, id limit $3`,
    [symbol, now, SETTLE_BATCH],
  );
  return rows.map((r) => r.id);
}

/** The settler of one process. */
export interface Settler {
  /** Settles every due option now; answers the options it settled. */
  settleDue(): Promise<OptionRow[]>;
  /** Runs `settleDue` every `everyMs` (a run never overlaps the previous one). */
  start(everyMs: number): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export function createSettler(
  context: OptionsContext,
  onSettled: (rows: OptionRow[]) => void,
  onError: (error: unknown) => void,
): Settler {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;

  const batch = async (symbol: string, now: number): Promise<OptionRow[]> => {
    const settled: OptionRow[] = [];
    for (const id of await dueOf(context.db, symbol, now)) {
      const row = await settleOption(context, id);
      if (row) settled.push(row);
    }
    return settled;
  };

  const settleDue = async (): Promise<OptionRow[]> => {
    const now = context.now();
    const { rows } = await context.db.query<{ symbol: string }>(
      `select distinct trade_pair as symbol from option_orders where position_status = 0 and end_time <= $1`,
      [now],
    );
    const settled: OptionRow[] = [];
    for (const { symbol } of rows) {
      if (context.db.kind === 'postgres') {
        // The lock lives as long as this transaction; the options settle in their own transactions on
        // other connections meanwhile. Another process holding it is settling this instrument: skip it.
        const done = await context.db.transaction(async (lock) => {
          const { rows: got } = await lock.query<{ locked: boolean }>(
            `select pg_try_advisory_xact_lock(hashtextextended('tradekit:options:' || $1 || ':' || current_schema(), 0)) as locked`,
            [symbol],
          );
          return got[0]?.locked ? batch(symbol, now) : [];
        });
        settled.push(...done);
      } else {
        settled.push(...(await batch(symbol, now)));
      }
    }
    if (settled.length > 0) onSettled(settled);
    return settled;
  };

  return {
    settleDue,
    start(everyMs) {
      timer = setInterval(() => {
        if (running) return;
        running = settleDue()
          .catch(onError)
          .finally(() => (running = undefined));
      }, everyMs);
      timer.unref?.();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
