/**
 * Running options in bulk, straight in SQL, for load tests and the settlement benchmark: `users` users with
 * real accounts, and `count` options of one instrument shared round-robin among them, ending evenly over
 * `[endFrom, endFrom + spreadMs)`. Only the order rows are written (no placement postings): settling them
 * moves money out of the house escrow, which may go negative, and the ledger still balances.
 */
import type { Queryable } from '../db/types';

export interface RunningOptionsLoad {
  users: number;
  count: number;
  symbol: string;
  /** Entry price (a decimal string). */
  price: string;
  endFrom: number;
  spreadMs: number;
  /** Distinguishes loads of one database (uids, invite codes): a whole number 1 … 100 (users < 100,000). */
  batch?: number;
}

/** Inserts the users, their real accounts and the options; answers the options' uids. */
export async function insertRunningOptions(q: Queryable, load: RunningOptionsLoad): Promise<string[]> {
  const batch = load.batch ?? 1;
  // 8-digit uids of their own range, 90000001 … 99999999 (the test users' random uids rarely meet them).
  const { rows: users } = await q.query<{ id: string }>(
    `insert into users (uid, brand_id, email, register_type, password_hash, invite_code)
     select (90000000 + $2::int * 100000 + g)::text, 'tradekit',
            'load' || $2::int || '-' || g || '@example.test', 'E', '!', 'LOAD' || $2::int || '-' || g
       from generate_series(1, $1::int) as g
     returning id`,
    [load.users, batch - 1],
  );
  const userIds = users.map((u) => u.id);
  const { rows: accounts } = await q.query<{ id: string; user_id: string }>(
    `insert into ledger_accounts (owner_kind, user_id, kind)
     select 'user', u, 'real' from unnest($1::bigint[]) as t (u) returning id, user_id`,
    [userIds],
  );
  const { rows } = await q.query<{ uid: string }>(
    `insert into option_orders (uid, user_id, virtual, account_id, brand_id, options_product_id, trade_pair,
            product_name, order_type, price, rate, amount, fee_amount, time_long, begin_time, end_time)
     select 'L' || $8::int || '-' || g, a.user_id, false, a.id, 'tradekit', p.id, p.product_code,
            i.product_name, g % 2, $3::numeric, 0.85, 100, 0.2, 60,
            $4::bigint + (g * $5::bigint) / $2::int - 60000, $4::bigint + (g * $5::bigint) / $2::int
       from generate_series(0, $2::int - 1) as g
       join unnest($6::bigint[], $7::bigint[]) with ordinality as a (id, user_id, n)
         on a.n = g % cardinality($6::bigint[]) + 1
       join option_products p on p.product_code = $1
       join instruments i on i.product_code = p.product_code
     returning uid`,
    [
      load.symbol,
      load.count,
      load.price,
      load.endFrom,
      load.spreadMs,
      accounts.map((a) => a.id),
      accounts.map((a) => a.user_id),
      batch,
    ],
  );
  return rows.map((r) => r.uid);
}
