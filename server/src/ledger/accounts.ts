import type { Queryable } from '../db/types';
import type { AccountRow, HouseAccountKind, UserAccountKind } from './types';

interface Row {
  id: string;
  owner_kind: 'user' | 'house';
  user_id: string | null;
  kind: string;
  currency: string;
  balance: string;
  lock_margin: string;
}

/** Columns of `accounts` as `Row`. */
export const ACCOUNT_COLUMNS = 'id, owner_kind, user_id, kind, currency, balance, lock_margin';

/** A stored row as an `AccountRow`. */
export function toAccount(row: Row): AccountRow {
  return {
    id: row.id,
    ownerKind: row.owner_kind,
    userId: row.user_id,
    kind: row.kind,
    currency: row.currency,
    balance: row.balance,
    lockMargin: row.lock_margin,
  };
}

/** The user's account of `kind`, or null when it was never opened (to lock it, use `lockAccounts`). */
export async function findUserAccount(
  q: Queryable,
  userId: string,
  kind: UserAccountKind,
): Promise<AccountRow | null> {
  const { rows } = await q.query<Row>(
    `select ${ACCOUNT_COLUMNS} from ledger_accounts where user_id = $1 and kind = $2`,
    [userId, kind],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

/**
 * Opens the user's account of `kind` when missing. `created` tells whether this call opened it (a concurrent
 * opener waits on the unique key and then sees the row, so exactly one caller gets `created: true`).
 */
export async function openUserAccount(
  tx: Queryable,
  userId: string,
  kind: UserAccountKind,
): Promise<{ account: AccountRow; created: boolean }> {
  const inserted = await tx.query<Row>(
    `insert into ledger_accounts (owner_kind, user_id, kind) values ('user', $1, $2)
       on conflict (user_id, kind, currency) do nothing returning ${ACCOUNT_COLUMNS}`,
    [userId, kind],
  );
  if (inserted.rows[0]) return { account: toAccount(inserted.rows[0]), created: true };
  const existing = await findUserAccount(tx, userId, kind);
  if (!existing) throw new Error(`account ${kind} of user ${userId} vanished`);
  return { account: existing, created: false };
}

/** The user's account of `kind`, opened (with a zero balance) when missing. */
export async function getOrCreateAccount(
  tx: Queryable,
  userId: string,
  kind: UserAccountKind,
): Promise<AccountRow> {
  return (await openUserAccount(tx, userId, kind)).account;
}

/** The house account of `kind`, opened when missing (later modules add their own, e.g. `house_fees`). */
export async function houseAccount(tx: Queryable, kind: HouseAccountKind): Promise<AccountRow> {
  if (!/^house_[a-z0-9_]+$/.test(kind)) throw new Error(`not a house account kind: ${kind}`);
  const select = `select ${ACCOUNT_COLUMNS} from ledger_accounts where owner_kind = 'house' and kind = $1`;
  const found = await tx.query<Row>(select, [kind]);
  if (found.rows[0]) return toAccount(found.rows[0]);
  await tx.query(
    `insert into ledger_accounts (owner_kind, kind) values ('house', $1)
       on conflict (kind) where owner_kind = 'house' do nothing`,
    [kind],
  );
  const created = await tx.query<Row>(select, [kind]);
  return toAccount(created.rows[0] as Row);
}

/** The user's crypto wallet of `currency` (a `wallet` account), or null when it was never opened. */
export async function findWalletAccount(
  q: Queryable,
  userId: string,
  currency: string,
): Promise<AccountRow | null> {
  const { rows } = await q.query<Row>(
    `select ${ACCOUNT_COLUMNS} from ledger_accounts where user_id = $1 and kind = 'wallet' and currency = $2`,
    [userId, currency],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

/** The user's crypto wallet of `currency`, opened (empty) when missing. */
export async function getOrCreateWallet(
  tx: Queryable,
  userId: string,
  currency: string,
): Promise<AccountRow> {
  const inserted = await tx.query<Row>(
    `insert into ledger_accounts (owner_kind, user_id, kind, currency) values ('user', $1, 'wallet', $2)
       on conflict (user_id, kind, currency) do nothing returning ${ACCOUNT_COLUMNS}`,
    [userId, currency],
  );
  if (inserted.rows[0]) return toAccount(inserted.rows[0]);
  const existing = await findWalletAccount(tx, userId, currency);
  if (!existing) throw new Error(`wallet ${currency} of user ${userId} vanished`);
  return existing;
}

/**
 * The house account of `purpose` in a non-USD `currency` (`house_<purpose>_<cur>`), opened on first use:
 * `fx` the exchange side of wallet transfers, `cash` the platform's custody of deposited coins.
 */
export async function currencyHouseAccount(
  tx: Queryable,
  purpose: 'fx' | 'cash',
  currency: string,
): Promise<AccountRow> {
  if (!/^[A-Z0-9]{2,12}$/.test(currency)) throw new Error(`not a currency: ${currency}`);
  const kind = `house_${purpose}_${currency.toLowerCase()}`;
  const select = `select ${ACCOUNT_COLUMNS} from ledger_accounts where owner_kind = 'house' and kind = $1`;
  const found = await tx.query<Row>(select, [kind]);
  if (found.rows[0]) return toAccount(found.rows[0]);
  await tx.query(
    `insert into ledger_accounts (owner_kind, kind, currency) values ('house', $1, $2)
       on conflict (kind) where owner_kind = 'house' do nothing`,
    [kind, currency],
  );
  return toAccount((await tx.query<Row>(select, [kind])).rows[0] as Row);
}

/** The FX house account of `currency` (`house_fx_<cur>`): the other side of wallet transfers. */
export function fxHouseAccount(tx: Queryable, currency: string): Promise<AccountRow> {
  return currencyHouseAccount(tx, 'fx', currency);
}
