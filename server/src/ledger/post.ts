import { add, compare, isZero, type Decimal } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import { ACCOUNT_COLUMNS, toAccount } from './accounts';
import { fitsLedgerScale } from './money';
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

function validate(entry: LedgerEntry): void {
  if (!/^[a-z][a-z0-9_]*$/.test(entry.kind)) throw new LedgerError(`bad transaction kind "${entry.kind}"`);
  if (entry.postings.length < 2) throw new LedgerError('a transaction needs at least two postings');
  let sum: Decimal = '0';
  for (const posting of entry.postings) {
    if (!fitsLedgerScale(posting.amount)) throw new LedgerError(`bad amount "${posting.amount}"`);
    if (isZero(posting.amount)) throw new LedgerError('a posting amount cannot be zero');
    if (posting.bucket !== 'balance' && posting.bucket !== 'lock_margin') {
      throw new LedgerError(`bad bucket "${String(posting.bucket)}"`);
    }
    sum = add(sum, posting.amount);
  }
  if (!isZero(sum)) throw new LedgerError(`postings of "${entry.kind}" sum to ${sum}, not 0`);
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
 * Posts one balanced transaction inside `tx`: locks the accounts, refuses to take a user account below zero
 * (203 for the balance, 205 for the locked margin), writes the transaction and its postings and applies them.
 */
export async function postTransaction(tx: Queryable, entry: LedgerEntry): Promise<PostResult> {
  validate(entry);
  const locked = await lockAccounts(
    tx,
    entry.postings.map((p) => p.accountId),
  );
  const next = new Map([...locked].map(([id, account]) => [id, { ...account }]));
  for (const posting of entry.postings) {
    const account = next.get(posting.accountId) as AccountRow;
    if (posting.bucket === 'balance') account.balance = add(account.balance, posting.amount);
    else account.lockMargin = add(account.lockMargin, posting.amount);
  }
  for (const account of next.values()) {
    if (account.ownerKind !== 'user') continue;
    if (compare(account.balance, '0') < 0) throw new BusinessError(INSUFFICIENT_BALANCE);
    if (compare(account.lockMargin, '0') < 0) throw new BusinessError(LOCK_BALANCE_ERROR);
  }
  const txn = await tx.query<{ id: string; created_at: Date }>(
    'insert into ledger_transactions (kind, ref, note) values ($1, $2, $3) returning id, created_at',
    [entry.kind, entry.ref ?? null, entry.note ?? null],
  );
  const { id: txnId, created_at: createdAt } = txn.rows[0] as { id: string; created_at: Date };
  await tx.query(
    `insert into ledger_postings (txn_id, account_id, bucket, amount)
       select $1, a, b, m from unnest($2::bigint[], $3::text[], $4::numeric[]) as t (a, b, m)`,
    [
      txnId,
      entry.postings.map((p) => p.accountId),
      entry.postings.map((p) => p.bucket),
      entry.postings.map((p) => p.amount),
    ],
  );
  const updated: PostResult['accounts'] = [];
  for (const account of next.values()) {
    // Absolute values are safe: the rows stay locked until the transaction ends.
    const { rows } = await tx.query<{ balance: string; lock_margin: string }>(
      'update ledger_accounts set balance = $2, lock_margin = $3 where id = $1 returning balance, lock_margin',
      [account.id, account.balance, account.lockMargin],
    );
    const row = rows[0] as { balance: string; lock_margin: string };
    updated.push({ id: account.id, balance: row.balance, lockMargin: row.lock_margin });
  }
  return { txnId, createdAt, accounts: updated };
}
