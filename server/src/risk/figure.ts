/**
 * The loss share of the risk warning (decisions RW1–RW4): per brand, among the real accounts that closed at
 * least one market position in the window, how many lost money on those positions. The result of an
 * account is read from the ledger, not from the order rows: the sum of every posting on the user's real
 * account in the transactions of those orders (placement fee, fill fee, overnight fees, the settled P&L, and
 * whatever a later rule posts against the order number), so it is what the account actually gained or paid.
 * Margin locks and releases move money between two buckets of the same account and add up to zero.
 */
import type { Queryable } from '../db/types';

/** How many accounts count in a brand's figure and how many of them lost money. */
export interface BrandTally {
  accounts: number;
  losing: number;
}

/**
 * The start of the window: the same UTC instant `months` calendar months before `now` (a day that the
 * earlier month lacks rolls over, 29 February to 1 March, as `Date` does).
 */
export function windowStart(now: number, months: number): number {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - months);
  return start.getTime();
}

/**
 * The whole percent of `losing` among `accounts`, rounded half up (74.5 % shows as 75: the warning never
 * understates the share by the rounding); null below `minAccounts`, where one account moves the figure by
 * several percent and it says nothing about the provider.
 */
export function lossPercent(tally: BrandTally, minAccounts: number): string | null {
  if (tally.accounts < minAccounts || tally.accounts === 0) return null;
  return String(Math.floor((tally.losing * 200 + tally.accounts) / (2 * tally.accounts)));
}

/**
 * Counts, per brand, the real accounts with a market position closed in `(from, to]` (closing time on the
 * server clock) and those whose ledger result on those positions is below zero. Orders of demo accounts never
 * count; option orders live in their own table and are not CFDs (RW3). Transactions of option kinds are left
 * out of the join so that an option number that happened to equal an order number could not mix in.
 * A posting's own order number counts where it has one (a batch transaction names its order per line). The
 * ledger is read through the traders' accounts (index on the account), so the work grows with the history of
 * the accounts that traded in the window, not with the whole ledger; it runs hourly, never on a request.
 */
export async function tallyLossShares(
  q: Queryable,
  from: number,
  to: number,
): Promise<Map<string, BrandTally>> {
  const { rows } = await q.query<{ brand_id: string; accounts: number; losing: number }>(
    `with closed as (
       select o.brand_id, o.user_id, o.uid
         from orders o
        where o.position_status = 3 and not o.virtual and o.transaction_time is not null
          and o.closing_time > $1::bigint and o.closing_time <= $2::bigint
     ),
     traders as (select distinct brand_id, user_id from closed),
     moved as (
       select t.brand_id, t.user_id, sum(p.amount) as amount
         from traders t
         join ledger_accounts a on a.user_id = t.user_id and a.kind = 'real'
         join ledger_postings p on p.account_id = a.id
         join ledger_transactions x on x.id = p.txn_id and x.kind not like 'option\\_%'
         join closed c on c.brand_id = t.brand_id and c.user_id = t.user_id and c.uid = coalesce(p.ref, x.ref)
        group by t.brand_id, t.user_id
     )
     select t.brand_id, count(*)::int as accounts,
            (count(*) filter (where coalesce(m.amount, 0) < 0))::int as losing
       from traders t
       left join moved m on m.brand_id = t.brand_id and m.user_id = t.user_id
      group by t.brand_id`,
    [from, to],
  );
  return new Map(
    rows.map((row) => [row.brand_id, { accounts: Number(row.accounts), losing: Number(row.losing) }]),
  );
}
