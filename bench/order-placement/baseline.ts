/**
 * The pgbench-style baseline of the order-placement benchmark: the least one market order must do in
 * PostgreSQL, as one transaction on one connection — lock the account, move the margin from the balance to
 * the locked margin, write the order row, a ledger transaction and its two postings. It writes the same
 * tables the engine writes (their indexes, constraints and the balanced-ledger trigger included), and keeps
 * the ledger balanced, so `ledger:check` still passes on the benchmark database.
 */
import type pg from 'pg';

/** The user's ledger account a baseline client places on. */
export interface BaselineAccount {
  userId: string;
  accountId: string;
  brandId: string;
  /**
   * When set, the fee also goes to this house account in the same transaction (its row locked and updated,
   * as the engine's ledger does). The baseline gives each account its own house stripe, as the engine does;
   * the diagnostic variants leave the fee out, or send every fee to one shared row to show what that costs.
   */
  feeAccountId?: string;
}

/** The order a baseline client places again and again (a BTCUSDT market buy of 0.01 at 100x). */
export const BASELINE_ORDER = {
  tradePair: 'BTCUSDT',
  productName: 'Bitcoin',
  quantity: '0.01',
  contractSize: '1',
  multiple: 100,
  openingPrice: '100000.00',
  margin: '10.00',
  fee: '2.00',
};

/** Places one order in one transaction; throws (after which the caller rolls back) when funds are short. */
export async function placeBaselineOrder(
  client: pg.Client,
  account: BaselineAccount,
  order: typeof BASELINE_ORDER,
  uid: string,
): Promise<void> {
  const now = Date.now();
  const fee = account.feeAccountId ? order.fee : '0';
  await client.query('begin');
  const { rows } = await client.query<{ enough: boolean }>(
    'select balance >= $2::numeric + $3::numeric as enough from ledger_accounts where id = $1 for update',
    [account.accountId, order.margin, fee],
  );
  if (!rows[0]?.enough) throw new Error('insufficient balance');
  await client.query(
    `update ledger_accounts set balance = balance - $2::numeric - $3::numeric,
            lock_margin = lock_margin + $2::numeric where id = $1`,
    [account.accountId, order.margin, fee],
  );
  await client.query(
    `insert into orders (uid, user_id, virtual, trade_pair, product_name, order_type, buy_point, position_status,
                         price, opening_price, order_quantity, contract_size, multiple, margin, fee_amount,
                         order_time, transaction_time, brand_id)
     values ($1, $2, false, $3, $4, 0, 2, 2, 0, $5, $6, $7, $8, $9, $12, $10, $10, $11)`,
    [
      uid,
      account.userId,
      order.tradePair,
      order.productName,
      order.openingPrice,
      order.quantity,
      order.contractSize,
      order.multiple,
      order.margin,
      now,
      account.brandId,
      fee,
    ],
  );
  const txn = await client.query<{ id: string }>(
    `insert into ledger_transactions (kind, ref) values ('order_place', $1) returning id`,
    [uid],
  );
  await client.query(
    `insert into ledger_postings (txn_id, account_id, bucket, amount)
     values ($1, $2, 'balance', -$3::numeric), ($1, $2, 'lock_margin', $3::numeric)`,
    [txn.rows[0]?.id, account.accountId, order.margin],
  );
  if (account.feeAccountId) {
    await client.query('select 1 from ledger_accounts where id = $1 for update', [account.feeAccountId]);
    await client.query(
      `insert into ledger_postings (txn_id, account_id, bucket, amount)
       values ($1, $2, 'balance', -$4::numeric), ($1, $3, 'balance', $4::numeric)`,
      [txn.rows[0]?.id, account.accountId, account.feeAccountId, fee],
    );
    await client.query('update ledger_accounts set balance = balance + $2::numeric where id = $1', [
      account.feeAccountId,
      fee,
    ]);
  }
  await client.query('commit');
}
