/**
 * Placement in one statement, without BEGIN/COMMIT: when every blocking rule that applies has an inline form
 * and no other rule needs more of the database than the account (see `canPlaceFast`), the account lock, the
 * refusals (405, 406, 203, 205), the order row and its ledger transaction are one round trip instead of five.
 * A statement is atomic and the ledger's deferred balance check runs at its end, so a refusal writes nothing
 * and a failure leaves nothing half-written.
 *
 * One statement reads with the snapshot of its start, so the rules' inline conditions are trusted only when
 * nothing changed under it: the account row is locked `SKIP LOCKED` (held by another transaction: not taken,
 * no wait) and its version must equal the one the snapshot sees (a writer that committed since, such as a
 * withdrawal submit, changed it). Otherwise the statement writes nothing and the placement takes the
 * transaction, which waits for the lock and runs each rule in a fresh statement (`blocking-rules.ts`).
 */
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import { assertValidEntry } from '../ledger';
import type { BlockingRule } from './blocking-rules';
import type { Engine, Trader } from './engine';
import { toPostings, type Movement } from './ledger-ops';
import {
  NEW_ORDER_COLUMNS,
  newOrderPlaceholders,
  newOrderUid,
  newOrderValues,
  ORDER_COLUMNS,
  toOrder,
  type NewOrder,
  type OrderRow,
  type RawOrder,
} from './orders-repo';
import { MAX_LIVE_ORDERS } from './rules';
import type { TradingSettings } from './settings';
import { Code } from '../../../src/core/contract/codes';

/** Stands for the user's own account in the movements of `placeInOneStatement` (resolved in the statement). */
export const OWN_ACCOUNT = '0';

/** The ledger's code for a locked margin that would go below zero (as `postTransaction` answers). */
const LOCK_BALANCE_ERROR = Code.LOCK_BALANCE_ERROR;

/**
 * Placements the live index knows of that may still be in flight when the fast path is chosen: an account
 * within this many orders of `MAX_LIVE_ORDERS` places through the transaction, which counts under the lock.
 */
export const LIVE_ORDERS_HEADROOM = 50;

/**
 * True when no placement rule reads more than the account: every applicable blocking rule (`rules`) has an
 * inline form, no 321 rule, and the account is far from the live orders cap (by the engine's index of live
 * orders).
 */
export function canPlaceFast(
  engine: Engine,
  trader: Trader,
  settings: TradingSettings,
  rules: readonly BlockingRule[],
): boolean {
  const nearCap =
    engine.live.ofAccount(trader.userId, trader.virtual).length + LIVE_ORDERS_HEADROOM >= MAX_LIVE_ORDERS;
  return rules.every((rule) => rule.inline !== undefined) && !settings.forbidOpposite && !nearCap;
}

/**
 * The user's account is locked first, as every trading transaction does; the house stripe's row is locked
 * afterwards by the update, the same order as `lockUserAccount` then `postTransaction`, so the fast and the
 * transaction paths never wait on each other in a cycle. CTEs share one snapshot, so the update adds the
 * deltas to the latest row versions (READ COMMITTED re-reads them), as in `postTransaction`. `blocked_at` is
 * the 1-based position of the first inline rule that refuses.
 */
function placeSql(inline: readonly string[]): string {
  const blocked = inline.length > 0 ? `array_position(array[${inline.join(', ')}]::boolean[], true)` : 'null';
  return `
with mine as materialized (
  select a.id, a.balance, a.lock_margin, a.xmin::text as version, ${blocked}::int as blocked_at
    from ledger_accounts a
   where a.user_id = $1::bigint and a.kind = $2::text
     for update of a skip locked
), seen as materialized (
  select a.xmin::text as version from ledger_accounts a where a.user_id = $1::bigint and a.kind = $2::text
), moves as materialized (
  select coalesce(nullif(t.a, 0), (select id from mine)) as id, t.b as bucket, t.m as amount, t.n
    from unnest($3::bigint[], $4::text[], $5::numeric[]) with ordinality as t (a, b, m, n)
), deltas as materialized (
  select id,
         coalesce(sum(amount) filter (where bucket = 'balance'), 0) as balance_delta,
         coalesce(sum(amount) filter (where bucket = 'lock_margin'), 0) as lock_delta
    from moves group by id
), verdict as materialized (
  select count(m.id) = 1 as found,
         coalesce(bool_or(m.version is distinct from (select version from seen)), false) as stale,
         max(m.blocked_at) as blocked_at,
         coalesce(bool_or(m.balance + coalesce(d.balance_delta, 0) < 0), false) as short_balance,
         coalesce(bool_or(m.lock_margin + coalesce(d.lock_delta, 0) < 0), false) as short_lock
    from mine m left join deltas d on d.id = m.id
), placed as (
  insert into orders (${NEW_ORDER_COLUMNS})
  select ${newOrderPlaceholders(7)} from verdict
   where found and not stale and blocked_at is null and not short_balance and not short_lock
  on conflict (uid) do nothing
  returning ${ORDER_COLUMNS}
), txn as (
  insert into ledger_transactions (kind, ref)
  select $6::text, p.uid from placed p where exists (select 1 from moves)
  returning id
), posted as (
  insert into ledger_postings (txn_id, account_id, bucket, amount)
  select txn.id, mv.id, mv.bucket, mv.amount from txn cross join moves mv order by mv.n
), applied as (
  update ledger_accounts a
     set balance = a.balance + d.balance_delta, lock_margin = a.lock_margin + d.lock_delta
    from deltas d, txn
   where a.id = d.id
)
select v.found, v.stale, v.blocked_at, v.short_balance, v.short_lock, p.*
  from verdict v left join placed p on true`;
}

/** The statement of each list of inline rules (a handful of lists exist: the rules are registered at start). */
const statements = new Map<string, string>();

type PlaceRow = {
  found: boolean;
  stale: boolean;
  blocked_at: number | null;
  short_balance: boolean;
  short_lock: boolean;
} & (RawOrder | { [K in keyof RawOrder]: null });

/**
 * Places `order` and posts `movements` (`OWN_ACCOUNT` for the user's account) as the ledger transaction
 * `kind` in one statement, refusing with the first of `rules` (each with an inline form) that blocks. Null,
 * having written nothing, when the caller must take the transaction: the user has no account of that kind
 * yet, another transaction holds its lock, or the row changed since the statement's snapshot. Throws a
 * rule's code, 203 or 205 having written nothing.
 */
export async function placeInOneStatement(
  q: Queryable,
  order: NewOrder,
  kind: string,
  movements: Movement[],
  now: number,
  rules: readonly BlockingRule[] = [],
): Promise<OrderRow | null> {
  const postings = toPostings(movements);
  if (postings.length > 0) assertValidEntry({ kind, postings });
  const inline = rules.map((rule) => {
    if (rule.inline === undefined) throw new Error(`blocking rule ${rule.name} has no inline form`);
    return rule.inline;
  });
  const key = inline.join('\n;\n');
  const sql = statements.get(key) ?? placeSql(inline);
  statements.set(key, sql);
  for (;;) {
    const { rows } = await q.query<PlaceRow>(sql, [
      order.userId,
      order.virtual ? 'demo' : 'real',
      postings.map((p) => p.accountId),
      postings.map((p) => p.bucket),
      postings.map((p) => p.amount),
      kind,
      ...newOrderValues(order, newOrderUid(now)),
    ]);
    const { found, stale, blocked_at, short_balance, short_lock, ...raw } = rows[0] as PlaceRow;
    if (!found || stale) return null;
    const blocking = blocked_at === null ? undefined : rules[Number(blocked_at) - 1];
    if (blocking) throw new BusinessError(blocking.code);
    if (short_balance) throw new BusinessError(Code.INSUFFICIENT_AVAILABLE_BALANCE);
    if (short_lock) throw new BusinessError(LOCK_BALANCE_ERROR);
    // No row with every check passed: the order number clashed, so the statement wrote nothing; draw again.
    if (raw.id !== null) return toOrder(raw as RawOrder);
  }
}
