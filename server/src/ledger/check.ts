import type { LedgerCheckReport } from '../../../src/core/contract/admin';
import { compare } from '../../../src/core/domain/decimal';
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
 * postings by bucket, every transaction sums to zero, and all accounts together hold zero.
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
    const unbalanced = await tx.query<{ txn_id: string; sum: string }>(
      `select txn_id, sum(amount) as sum from ledger_postings group by txn_id having sum(amount) <> 0
        order by txn_id limit $1`,
      [MAX_LISTED],
    );
    const accountTotals = await tx.query<Record<string, string>>(
      `select count(*)::text as n,
              coalesce(sum(balance) filter (where owner_kind = 'user'), 0) as user_balance,
              coalesce(sum(lock_margin) filter (where owner_kind = 'user'), 0) as user_lock,
              coalesce(sum(balance + lock_margin) filter (where owner_kind = 'house'), 0) as house,
              coalesce(sum(balance + lock_margin), 0) as total
         from ledger_accounts`,
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
    return {
      ok:
        mismatches.length === 0 &&
        unbalanced.rows.length === 0 &&
        totals.all === '0.00' &&
        totals.postings === '0.00',
      counts: { accounts: Number(a.n), transactions: Number(p.txns), postings: Number(p.n) },
      totals,
      mismatches,
      unbalancedTransactions: unbalanced.rows.map((row) => ({ txnId: row.txn_id, sum: toMoney(row.sum) })),
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
