/**
 * Placement in one statement, without BEGIN/COMMIT: when no rule needs more of the database than the account
 * (see `canPlaceFast`), the account lock, the refusals (405, 203, 205), the order row and its ledger
 * transaction are one round trip instead of five. A statement is atomic and the ledger's deferred balance
 * check runs at its end, so a refusal writes nothing and a failure leaves nothing half-written.
 */
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import { assertValidEntry } from '../ledger';
import type { Instrument } from '../market';
import type { Engine, Trader } from './engine';
import { toPostings, WITHDRAWAL_PENDING_SQL, type Movement } from './ledger-ops';
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
 * True when no placement rule reads more than the account: no registered check, forex rule or 321 rule,
 * and the account is far from the live orders cap (by the engine's index of live orders).
 */
export function canPlaceFast(
  engine: Engine,
  trader: Trader,
  product: Instrument,
  settings: TradingSettings,
): boolean {
  const forexRule = product.type === 3 && !trader.virtual && settings.forexMinDeposit !== null;
  const nearCap =
    engine.live.ofAccount(trader.userId, trader.virtual).length + LIVE_ORDERS_HEADROOM >= MAX_LIVE_ORDERS;
  return engine.checks.length === 0 && !forexRule && !settings.forbidOpposite && !nearCap;
}

/**
 * The user's account is locked first, as every trading transaction does; the house stripe's row is locked
 * afterwards by the update, the same order as `lockUserAccount` then `postTransaction`, so the fast and the
 * transaction paths never wait on each other in a cycle. CTEs share one snapshot, so the update adds the
 * deltas to the latest row versions (READ COMMITTED re-reads them), as in `postTransaction`.
 */
const PLACE_SQL = `
with mine as materialized (
  select a.id, a.balance, a.lock_margin, u.trading_prohibited, ${WITHDRAWAL_PENDING_SQL} as withdrawal_pending
    from ledger_accounts a join users u on u.id = a.user_id
   where a.user_id = $1::bigint and a.kind = $2::text
     for update of a
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
         coalesce(bool_or(m.trading_prohibited), false) as prohibited,
         coalesce(bool_or(m.withdrawal_pending), false) as withdrawal_pending,
         coalesce(bool_or(m.balance + coalesce(d.balance_delta, 0) < 0), false) as short_balance,
         coalesce(bool_or(m.lock_margin + coalesce(d.lock_delta, 0) < 0), false) as short_lock
    from mine m left join deltas d on d.id = m.id
), placed as (
  insert into orders (${NEW_ORDER_COLUMNS})
  select ${newOrderPlaceholders(7)} from verdict
   where found and not prohibited and not withdrawal_pending and not short_balance and not short_lock
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
select v.found, v.prohibited, v.withdrawal_pending, v.short_balance, v.short_lock, p.*
  from verdict v left join placed p on true`;

type PlaceRow = {
  found: boolean;
  prohibited: boolean;
  withdrawal_pending: boolean;
  short_balance: boolean;
  short_lock: boolean;
} & (RawOrder | { [K in keyof RawOrder]: null });

/**
 * Places `order` and posts `movements` (`OWN_ACCOUNT` for the user's account) as the ledger transaction
 * `kind` in one statement. Null when the user has no account of that kind yet (the caller opens it in a
 * transaction); throws 405, 203 or 205 having written nothing.
 */
export async function placeInOneStatement(
  q: Queryable,
  order: NewOrder,
  kind: string,
  movements: Movement[],
  now: number,
): Promise<OrderRow | null> {
  const postings = toPostings(movements);
  if (postings.length > 0) assertValidEntry({ kind, postings });
  for (;;) {
    const { rows } = await q.query<PlaceRow>(PLACE_SQL, [
      order.userId,
      order.virtual ? 'demo' : 'real',
      postings.map((p) => p.accountId),
      postings.map((p) => p.bucket),
      postings.map((p) => p.amount),
      kind,
      ...newOrderValues(order, newOrderUid(now)),
    ]);
    const { found, prohibited, withdrawal_pending, short_balance, short_lock, ...raw } = rows[0] as PlaceRow;
    if (!found) return null;
    if (prohibited) throw new BusinessError(Code.TRADING_PROHIBITED);
    if (withdrawal_pending) throw new BusinessError(Code.UNVERIFIED_WITHDRAWALS);
    if (short_balance) throw new BusinessError(Code.INSUFFICIENT_AVAILABLE_BALANCE);
    if (short_lock) throw new BusinessError(LOCK_BALANCE_ERROR);
    // No row with every check passed: the order number clashed, so the statement wrote nothing; draw again.
    if (raw.id !== null) return toOrder(raw as RawOrder);
  }
}
