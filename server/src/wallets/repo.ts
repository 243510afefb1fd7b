/** Reads of the wallets module: wallet accounts, wallet records (ledger postings) and cash tickets. */
import type { PayState } from '../../../src/core/contract/coins';
import type { CashRecord, WalletOrderType, WalletRecord } from '../../../src/core/contract/wallets';
import { normalize } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';

/** A wallet currency: the distinct `cash_coins.currency`, named by its first coin. */
export interface WalletCurrency {
  currency: string;
  /** The first (lowest id) enabled coin of the currency. */
  coinId: number;
  logoUrl: string;
}

/** Every wallet currency, in the coins' display order (USDT on two networks is one USDT wallet). */
export async function listWalletCurrencies(q: Queryable): Promise<WalletCurrency[]> {
  const { rows } = await q.query<{ currency: string; coin_id: number; logo_url: string }>(
    `select distinct on (currency) currency, id as coin_id, logo_url, sort
       from cash_coins where enabled order by currency, sort, id`,
  );
  const order = await q.query<{ currency: string }>(
    `select currency from cash_coins where enabled group by currency order by min(sort), min(id)`,
  );
  const byCurrency = new Map(rows.map((row) => [row.currency, row]));
  return order.rows.map(({ currency }) => {
    const row = byCurrency.get(currency) as { coin_id: number; logo_url: string };
    return { currency, coinId: Number(row.coin_id), logoUrl: row.logo_url };
  });
}

/** The user's free balance per account currency: 'USD' from the real account, the rest from wallets. */
export async function userBalances(q: Queryable, userId: string): Promise<Map<string, string>> {
  const { rows } = await q.query<{ currency: string; balance: string }>(
    `select currency, balance::text from ledger_accounts
      where user_id = $1 and (kind = 'wallet' or kind = 'real')`,
    [userId],
  );
  return new Map(rows.map((row) => [row.currency, row.balance]));
}

/** Ledger kinds of the two transfer directions (wallet records 0 and 1; anything else is 2 "order"). */
export const TRANSFER_KIND = { in: 'wallet_in', out: 'wallet_out' } as const;

/** The user's wallet postings as records, filtered by `$2` (order type or null). */
const RECORDS_CTE = `
with records as (
  select p.id, case t.kind when '${TRANSFER_KIND.in}' then 0 when '${TRANSFER_KIND.out}' then 1 else 2 end as order_type,
         a.currency, coalesce(t.ref, '') as uid, p.amount::text as amount, t.created_at
    from ledger_accounts a
    join ledger_postings p on p.account_id = a.id and p.bucket = 'balance'
    join ledger_transactions t on t.id = p.txn_id
   where a.user_id = $1 and a.kind = 'wallet'
), chosen as (
  select * from records where $2::int is null or order_type = $2::int
)`;

/** A page of the user's wallet records (postings on their wallets), newest first. */
export async function listWalletRecords(
  q: Queryable,
  userId: string,
  orderType: WalletOrderType | undefined,
  pageNum: number,
  pageSize: number,
): Promise<{ list: WalletRecord[]; total: number }> {
  const filter = [userId, orderType ?? null];
  const { rows } = await q.query<{
    id: string;
    order_type: number;
    currency: string;
    uid: string;
    amount: string;
    created_at: Date;
  }>(`${RECORDS_CTE} select * from chosen order by id desc limit $3 offset $4`, [
    ...filter,
    pageSize,
    (pageNum - 1) * pageSize,
  ]);
  const counted = await q.query<{ total: string }>(
    `${RECORDS_CTE} select count(*) as total from chosen`,
    filter,
  );
  return {
    total: Number(counted.rows[0]?.total ?? 0),
    list: rows.map((row) => ({
      id: row.id,
      orderType: Number(row.order_type) as WalletOrderType,
      currency: row.currency,
      uid: row.uid,
      orderQuantity: normalize(row.amount),
      unit: row.currency,
      orderTime: row.created_at.getTime(),
    })),
  };
}

interface TicketRow {
  id: string;
  uid: string;
  action_type: number;
  method: 'crypto' | 'bank';
  amount: string;
  currency: string;
  protocol: string | null;
  fee: string;
  practical: string;
  usd_amount: string;
  created_at: Date;
  state: PayState;
  reason: string;
  total: string;
}

/** A page of the user's deposits and withdrawals (`cash_tickets`), newest first. */
export async function listCashRecords(
  q: Queryable,
  userId: string,
  filter: { type?: 0 | 1; status?: PayState },
  pageNum: number,
  pageSize: number,
): Promise<{ list: CashRecord[]; total: number }> {
  const where = `t.user_id = $1 and ($2::int is null or t.action_type = $2::int)
                 and ($3::text is null or t.state = $3::text)`;
  const params = [userId, filter.type ?? null, filter.status ?? null];
  const { rows } = await q.query<TicketRow>(
    `select t.id, t.uid, t.action_type, t.method, t.amount::text as amount, t.currency, c.protocol,
            t.fee::text as fee, t.practical::text as practical, t.usd_amount::text as usd_amount, t.created_at,
            t.state, t.reason
       from cash_tickets t left join cash_coins c on c.id = t.coin_id
      where ${where}
      order by t.id desc limit $4 offset $5`,
    [...params, pageSize, (pageNum - 1) * pageSize],
  );
  const counted = await q.query<{ total: string }>(
    `select count(*) as total from cash_tickets t where ${where}`,
    params,
  );
  return {
    total: Number(counted.rows[0]?.total ?? 0),
    list: rows.map((row) => {
      const deposit = Number(row.action_type) === 0;
      return {
        id: row.id,
        uid: row.uid,
        actionType: deposit ? 0 : 1,
        method: row.method,
        payPrice: normalize(row.amount),
        currency: row.currency,
        protocol: row.protocol ?? '',
        fee: normalize(row.fee),
        practical: normalize(row.practical),
        depositUsdPrice: deposit ? normalize(row.usd_amount) : null,
        withdrawUsdPrice: deposit ? null : normalize(row.usd_amount),
        submitTimeTs: row.created_at.getTime(),
        payState: row.state,
        reason: row.reason,
      };
    }),
  };
}
