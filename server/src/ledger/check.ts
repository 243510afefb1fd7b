import type { LedgerCheckReport } from '../../../src/core/contract/admin';
import { compare, normalize } from '../../../src/core/domain/decimal';
import type { Db } from '../db/types';
import { toMoney } from './money';

/** The conservation report of `checkLedger` (declared with the admin endpoint that answers it). */
export type { LedgerCheckReport };

/** An account whose stored amount differs from the sum of its postings. */
export type AccountMismatch = LedgerCheckReport['mismatches'][number];

const MAX_LISTED = 100;

interface MismatchRow {
  id: string;
  kind: string;
  user_id: string | null;
  balance: string;
  lock_margin: string;
  posted_balance: string;
  posted_lock: string;
}

/**
 * Checks conservation on one snapshot: every account's balance and locked margin equal the sums of its
 * postings by bucket, every transaction sums to zero in each currency, and the accounts of each currency
 * together hold zero (per currency: crypto amounts are exact to 8 decimals, not rounded to cents).
 */
export async function checkLedger(db: Db): Promise<LedgerCheckReport> {
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    const mismatchRows = await tx.query<MismatchRow>(
      `select a.id, a.kind, a.user_id, a.balance, a.lock_margin,
              coalesce(p.balance, 0) as posted_balance, coalesce(p.lock_margin, 0) as posted_lock
         from ledger_accounts a
         left join (select account_id,
                           sum(amount) filter (where bucket = 'balance') as balance,
                           sum(amount) filter (where bucket = 'lock_margin') as lock_margin
                      from ledger_postings group by account_id) p on p.account_id = a.id
        where a.balance <> coalesce(p.balance, 0) or a.lock_margin <> coalesce(p.lock_margin, 0)
        order by a.id limit $1`,
      [MAX_LISTED],
    );
    const unbalanced = await tx.query<{ txn_id: string; currency: string; sum: string }>(
      `select p.txn_id, a.currency, sum(p.amount) as sum
         from ledger_postings p join ledger_accounts a on a.id = p.account_id
        group by p.txn_id, a.currency having sum(p.amount) <> 0
        order by p.txn_id, a.currency limit $1`,
      [MAX_LISTED],
    );
    const accountTotals = await tx.query<Record<string, string>>(
      `select count(*)::text as n,
              coalesce(sum(balance) filter (where owner_kind = 'user' and currency = 'USD'), 0) as user_balance,
              coalesce(sum(lock_margin) filter (where owner_kind = 'user' and currency = 'USD'), 0) as user_lock,
              coalesce(sum(balance + lock_margin) filter (where owner_kind = 'house' and currency = 'USD'), 0)
                as house,
              coalesce(sum(balance + lock_margin), 0) as total
         from ledger_accounts`,
    );
    // Each currency on its own: a BTC error cannot hide behind an opposite USD one.
    const currencyTotals = await tx.query<Record<string, string>>(
      `select a.currency,
              coalesce(sum(a.balance + a.lock_margin) filter (where a.owner_kind = 'user'), 0) as user_balance,
              coalesce(sum(a.balance + a.lock_margin) filter (where a.owner_kind = 'house'), 0) as house,
              coalesce(sum(a.balance + a.lock_margin), 0) as total,
              coalesce((select sum(p.amount) from ledger_postings p join ledger_accounts b on b.id = p.account_id
                         where b.currency = a.currency), 0) as postings
         from ledger_accounts a
        group by a.currency
        order by a.currency <> 'USD', a.currency`,
    );
    const postingTotals = await tx.query<Record<string, string>>(
      `select count(*)::text as n, coalesce(sum(amount), 0) as total,
              (select count(*) from ledger_transactions)::text as txns
         from ledger_postings`,
    );
    const a = accountTotals.rows[0] as Record<string, string>;
    const p = postingTotals.rows[0] as Record<string, string>;
    const mismatches = mismatchRows.rows.flatMap((row) => listMismatches(row));
    const totals = {
      userBalance: toMoney(a.user_balance as string),
      userLockMargin: toMoney(a.user_lock as string),
      house: toMoney(a.house as string),
      all: toMoney(a.total as string),
      postings: toMoney(p.total as string),
    };
    const currencies = currencyTotals.rows.map((row) => ({
      currency: row.currency as string,
      userBalance: normalize(row.user_balance as string),
      house: normalize(row.house as string),
      all: normalize(row.total as string),
      postings: normalize(row.postings as string),
    }));
    return {
      ok:
        mismatches.length === 0 &&
        unbalanced.rows.length === 0 &&
        totals.all === '0.00' &&
        totals.postings === '0.00' &&
        currencies.every((c) => c.all === '0' && c.postings === '0'),
      counts: { accounts: Number(a.n), transactions: Number(p.txns), postings: Number(p.n) },
      totals,
      currencies,
      mismatches,
      unbalancedTransactions: unbalanced.rows.map((row) => ({
        txnId: row.txn_id,
        currency: row.currency,
        sum: toMoney(row.sum),
      })),
    };
  });
}

function listMismatches(row: MismatchRow): AccountMismatch[] {
  const base = { accountId: row.id, kind: row.kind, userId: row.user_id };
  const pairs = [
    ['balance', row.balance, row.posted_balance],
    ['lock_margin', row.lock_margin, row.posted_lock],
  ] as const;
  return pairs
    .filter(([, stored, posted]) => compare(stored, posted) !== 0)
    .map(([bucket, stored, posted]) => ({
      ...base,
      bucket,
      stored: toMoney(stored),
      posted: toMoney(posted),
    }));
}
