import { fromScaledInt, normalize, toScaledInt, type Decimal } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import { ACCOUNT_COLUMNS, toAccount } from './accounts';
import { fitsLedgerScale, LEDGER_SCALE } from './money';
import type { AccountRow, LedgerEntry, PostResult } from './types';

const INSUFFICIENT_BALANCE = 203;
const LOCK_BALANCE_ERROR = 205;

/** A malformed ledger entry: a programming error, never a user's mistake. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

/** Throws a `LedgerError` unless the entry is well formed: a known kind and bucket, amounts at ledger scale, sum 0. */
export function assertValidEntry(entry: LedgerEntry): void {
  if (!/^[a-z][a-z0-9_]*$/.test(entry.kind)) throw new LedgerError(`bad transaction kind "${entry.kind}"`);
  if (entry.postings.length < 2) throw new LedgerError('a transaction needs at least two postings');
  // A batch entry repeats a few amounts many times: each distinct amount is checked and scaled once.
  const units = new Map<Decimal, bigint>();
  let sum = 0n;
  for (const posting of entry.postings) {
    let value = units.get(posting.amount);
    if (value === undefined) {
      if (!fitsLedgerScale(posting.amount)) throw new LedgerError(`bad amount "${posting.amount}"`);
      value = toScaledInt(posting.amount, LEDGER_SCALE);
      if (value === 0n) throw new LedgerError('a posting amount cannot be zero');
      units.set(posting.amount, value);
    }
    if (posting.bucket !== 'balance' && posting.bucket !== 'lock_margin') {
      throw new LedgerError(`bad bucket "${String(posting.bucket)}"`);
    }
    sum += value;
  }
  if (sum !== 0n) {
    const total = normalize(fromScaledInt(sum, LEDGER_SCALE));
    throw new LedgerError(`postings of "${entry.kind}" sum to ${total}, not 0`);
  }
}

const byId = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

/**
 * Locks accounts (`SELECT … FOR UPDATE`) in id order, so two transactions touching the same accounts never
 * deadlock; a caller that must read an account before posting locks all of them here first.
 */
export async function lockAccounts(tx: Queryable, accountIds: string[]): Promise<Map<string, AccountRow>> {
  const ids = [...new Set(accountIds)].sort(byId);
  const { rows } = await tx.query<Parameters<typeof toAccount>[0]>(
    `select ${ACCOUNT_COLUMNS} from ledger_accounts where id = any($1::bigint[]) order by id for update`,
    [ids],
  );
  if (rows.length !== ids.length) throw new LedgerError('a posting names an unknown account');
  return new Map(rows.map((row) => [row.id, toAccount(row)]));
}

/**
 * One statement posts a transaction: lock the accounts in id order, compute their new amounts, and only when
 * every account exists and no user account would go below zero, write the transaction and its postings and
 * apply them. A refusal writes nothing and answers which bucket fell short. Data-modifying CTEs share one
 * snapshot, so the update adds the deltas to the row it locked (READ COMMITTED re-reads the latest version).
 */
const POST_SQL = `
with moves as (
  select a as id, b as bucket, m as amount, n
    from unnest($1::bigint[], $2::text[], $3::numeric[]) with ordinality as t (a, b, m, n)
), locked as materialized (
  select id, owner_kind, balance, lock_margin from ledger_accounts
   where id = any($1::bigint[]) order by id for update
), next as materialized (
  select l.id, l.owner_kind,
         coalesce(sum(mv.amount) filter (where mv.bucket = 'balance'), 0) as balance_delta,
         coalesce(sum(mv.amount) filter (where mv.bucket = 'lock_margin'), 0) as lock_delta,
         l.balance, l.lock_margin
    from locked l join moves mv on mv.id = l.id
   group by l.id, l.owner_kind, l.balance, l.lock_margin
), verdict as materialized (
  select count(*) as accounts,
         coalesce(bool_or(owner_kind = 'user' and balance + balance_delta < 0), false) as short_balance,
         coalesce(bool_or(owner_kind = 'user' and lock_margin + lock_delta < 0), false) as short_lock
    from next
), txn as (
  insert into ledger_transactions (kind, ref, note)
  select $4::text, $5::text, $6::text from verdict
   where accounts = $7 and not short_balance and not short_lock
  returning id, created_at
), posted as (
  insert into ledger_postings (txn_id, account_id, bucket, amount)
  select txn.id, mv.id, mv.bucket, mv.amount from txn cross join moves mv order by mv.n
), applied as (
  update ledger_accounts a
     set balance = a.balance + nx.balance_delta, lock_margin = a.lock_margin + nx.lock_delta
    from next nx, txn
   where a.id = nx.id
  returning a.id, a.balance, a.lock_margin
)
select v.accounts, v.short_balance, v.short_lock, t.id as txn_id, t.created_at,
       ap.id as account_id, ap.balance, ap.lock_margin
  from verdict v left join txn t on true left join applied ap on true
 order by ap.id`;

interface PostRow {
  accounts: string;
  short_balance: boolean;
  short_lock: boolean;
  txn_id: string | null;
  created_at: Date | null;
  account_id: string | null;
  balance: string | null;
  lock_margin: string | null;
}

/** The codes a refused posting answers: the balance or the locked margin of a user account would go below 0. */
export interface RefusalCodes {
  balance: number;
  lock: number;
}

/** Taking money or locking margin: 203 insufficient available balance, 205 lock balance error. */
export const SPEND_REFUSALS: RefusalCodes = { balance: INSUFFICIENT_BALANCE, lock: LOCK_BALANCE_ERROR };

/**
 * Posts one balanced transaction inside `tx` in one round trip: locks the accounts (id order), refuses to take
 * a user account below zero (by default 203 for the balance, 205 for the locked margin; `refusals` names
 * other codes where the operation is not a spend), writes the transaction and its postings and applies them.
 */
export async function postTransaction(
  tx: Queryable,
  entry: LedgerEntry,
  refusals: RefusalCodes = SPEND_REFUSALS,
): Promise<PostResult> {
  assertValidEntry(entry);
  const distinct = new Set(entry.postings.map((p) => p.accountId)).size;
  const { rows } = await tx.query<PostRow>(POST_SQL, [
    entry.postings.map((p) => p.accountId),
    entry.postings.map((p) => p.bucket),
    entry.postings.map((p) => p.amount),
    entry.kind,
    entry.ref ?? null,
    entry.note ?? null,
    distinct,
  ]);
  const first = rows[0] as PostRow;
  if (Number(first.accounts) !== distinct) throw new LedgerError('a posting names an unknown account');
  if (first.short_balance) throw new BusinessError(refusals.balance);
  if (first.short_lock) throw new BusinessError(refusals.lock);
  if (first.txn_id === null || first.created_at === null)
    throw new LedgerError('the posting was not written');
  const accounts = rows.map((row) => ({
    id: row.account_id as string,
    balance: row.balance as string,
    lockMargin: row.lock_margin as string,
  }));
  return { txnId: first.txn_id, createdAt: first.created_at, accounts };
}

/**
 * Many transactions in two statements (a batch job: option settlement). The accounts of all of them are locked
 * once, user accounts first and then house accounts, each group in id order: the order every single-user
 * operation takes (its user account first, then houses), so a batch never waits in a cycle with one. Each
 * entry becomes its own ledger transaction with its own postings (ids drawn before the insert, so postings
 * name them by position, without a join). A second statement then adds each account's summed deltas once
 * (after the postings, so their foreign-key checks find the account rows as locked, not yet rewritten).
 * The balance trigger checks each transaction when the statement ends, as for a single post. A refusal (a user account
 * would go below zero at the batch's end) writes nothing and throws `refusals`' code for the whole batch.
 */
const POST_MANY_SQL = `
with moves as (
  select t as entry, a as id, b as bucket, m as amount, r as ref, n
    from unnest($1::int[], $2::bigint[], $3::text[], $4::numeric[], $9::text[]) with ordinality as x (t, a, b, m, r, n)
), ids as materialized (
  select array(select nextval('ledger_transactions_id_seq') from generate_series(1, cardinality($5::text[]))) as id
), locked as materialized (
  select id, owner_kind, balance, lock_margin from ledger_accounts
   where id = any($2::bigint[]) order by owner_kind = 'house', id for update
), next as materialized (
  select l.id, l.owner_kind,
         coalesce(sum(mv.amount) filter (where mv.bucket = 'balance'), 0) as balance_delta,
         coalesce(sum(mv.amount) filter (where mv.bucket = 'lock_margin'), 0) as lock_delta,
         l.balance, l.lock_margin
    from locked l join moves mv on mv.id = l.id
   group by l.id, l.owner_kind, l.balance, l.lock_margin
), verdict as materialized (
  select count(*) as accounts,
         coalesce(bool_or(owner_kind = 'user' and balance + balance_delta < 0), false) as short_balance,
         coalesce(bool_or(owner_kind = 'user' and lock_margin + lock_delta < 0), false) as short_lock
    from next
), ok as materialized (
  select 1 from verdict where accounts = $7 and not short_balance and not short_lock
), txn as (
  insert into ledger_transactions (id, kind, ref, note)
  select ids.id[y.e], y.k, y.r, y.nt
    from unnest($5::text[], $6::text[], $8::text[]) with ordinality as y (k, r, nt, e) cross join ids cross join ok
   order by y.e
  returning id
), posted as (
  insert into ledger_postings (txn_id, account_id, bucket, amount, ref)
  select ids.id[mv.entry], mv.id, mv.bucket, mv.amount, mv.ref from moves mv cross join ids cross join ok order by mv.n
  returning 1
)
select v.accounts, v.short_balance, v.short_lock, (select count(*) from txn) as txns,
       (select count(*) from posted) as postings
  from verdict v`;

/** The accounts take the sum of their deltas, summed per account (after the postings are written and checked). */
const APPLY_MANY_SQL = `
update ledger_accounts a
   set balance = a.balance + d.balance_delta, lock_margin = a.lock_margin + d.lock_delta
  from unnest($1::bigint[], $2::numeric[], $3::numeric[]) as d (id, balance_delta, lock_delta)
 where a.id = d.id`;

/** Each account's summed deltas of the balance and the locked margin, as `APPLY_MANY_SQL` takes them. */
function summedDeltas(
  accountIds: readonly string[],
  buckets: readonly string[],
  amounts: readonly Decimal[],
) {
  const units = new Map<Decimal, bigint>();
  const deltas = new Map<string, { balance: bigint; lock: bigint }>();
  accountIds.forEach((id, index) => {
    const amount = amounts[index] as Decimal;
    let value = units.get(amount);
    if (value === undefined) units.set(amount, (value = toScaledInt(amount, LEDGER_SCALE)));
    let delta = deltas.get(id);
    if (!delta) deltas.set(id, (delta = { balance: 0n, lock: 0n }));
    if (buckets[index] === 'balance') delta.balance += value;
    else delta.lock += value;
  });
  const ids = [...deltas.keys()];
  return [
    ids,
    ids.map((id) => fromScaledInt((deltas.get(id) as { balance: bigint }).balance, LEDGER_SCALE)),
    ids.map((id) => fromScaledInt((deltas.get(id) as { lock: bigint }).lock, LEDGER_SCALE)),
  ];
}

/**
 * Posts many balanced transactions inside `tx` in two round trips (`POST_MANY_SQL`, `APPLY_MANY_SQL`); every entry is
 * checked as `postTransaction` checks one. Answers how many transactions were written.
 */
export async function postTransactions(
  tx: Queryable,
  entries: readonly LedgerEntry[],
  refusals: RefusalCodes = SPEND_REFUSALS,
): Promise<number> {
  if (entries.length === 0) return 0;
  const entryOf: number[] = [];
  const accountIds: string[] = [];
  const buckets: string[] = [];
  const amounts: string[] = [];
  const refs: (string | null)[] = [];
  // Entries of a batch mostly share a shape (kind, buckets, amounts): each shape is checked once.
  const checked = new Set<string>();
  entries.forEach((entry, index) => {
    if (entries.length === 1) assertValidEntry(entry);
    else {
      const shape = `${entry.kind}|${entry.postings.map((p) => `${p.bucket}:${p.amount}`).join('|')}`;
      if (!checked.has(shape)) {
        assertValidEntry(entry);
        checked.add(shape);
      }
    }
    for (const posting of entry.postings) {
      entryOf.push(index + 1);
      accountIds.push(posting.accountId);
      buckets.push(posting.bucket);
      amounts.push(posting.amount);
      refs.push(posting.ref ?? null);
    }
  });
  const distinct = new Set(accountIds).size;
  const { rows } = await tx.query<{
    accounts: string;
    short_balance: boolean;
    short_lock: boolean;
    txns: string;
    postings: string;
  }>(POST_MANY_SQL, [
    entryOf,
    accountIds,
    buckets,
    amounts,
    entries.map((e) => e.kind),
    entries.map((e) => e.ref ?? null),
    distinct,
    entries.map((e) => e.note ?? null),
    refs,
  ]);
  const first = rows[0];
  if (!first || Number(first.accounts) !== distinct)
    throw new LedgerError('a posting names an unknown account');
  if (first.short_balance) throw new BusinessError(refusals.balance);
  if (first.short_lock) throw new BusinessError(refusals.lock);
  if (Number(first.txns) !== entries.length || Number(first.postings) !== accountIds.length)
    throw new LedgerError('the postings were not written');
  await tx.query(APPLY_MANY_SQL, summedDeltas(accountIds, buckets, amounts));
  return entries.length;
}
