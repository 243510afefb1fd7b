import { compare, isZero, negate, sub } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import {
  findUserAccount,
  HouseAccount,
  houseAccount,
  lockAccounts,
  openUserAccount,
  postTransaction,
} from '../ledger';
import type { AccountRow } from '../ledger';

/** Virtual money a demo account opens with, and is reset to. */
export const DEMO_INITIAL_BALANCE = '100000.00';

/** The 701 rule: one demo reset per this many hours (a reset that changes nothing is not counted). */
export const DEMO_RESET_INTERVAL_HOURS = 24;

const DEMO_RESET_TOO_SOON = 701;
const DEMO_WALLET_NOT_FOUND = 1056;
const OPEN_POSITIONS = 1070;

/** Tells whether the demo account has open positions or pending orders (registered by trading modules). */
export type OpenPositionCheck = (tx: Queryable, account: AccountRow) => Promise<boolean>;

/**
 * The user's demo account; opening it posts the initial virtual balance from the demo issuer in the same
 * transaction, so every demo account starts funded exactly once however it is opened.
 */
export async function ensureDemoAccount(tx: Queryable, userId: string, ref: string): Promise<AccountRow> {
  const { account, created } = await openUserAccount(tx, userId, 'demo');
  if (!created) return account;
  const issuer = await houseAccount(tx, HouseAccount.demoIssuer);
  const result = await postTransaction(tx, {
    kind: 'demo_open',
    ref,
    postings: [
      { accountId: account.id, bucket: 'balance', amount: DEMO_INITIAL_BALANCE },
      { accountId: issuer.id, bucket: 'balance', amount: negate(DEMO_INITIAL_BALANCE) },
    ],
  });
  const after = result.accounts.find((a) => a.id === account.id);
  return { ...account, balance: after?.balance ?? account.balance };
}

/**
 * Restores the demo balance to `DEMO_INITIAL_BALANCE` with a `demo_reset` transaction against the issuer.
 * Refused with 1070 while margin is locked or a registered check reports open positions, and with 701 when
 * the account was already reset in the last `DEMO_RESET_INTERVAL_HOURS`.
 */
export async function resetDemoAccount(
  tx: Queryable,
  userId: string,
  ref: string,
  openPositionChecks: readonly OpenPositionCheck[],
): Promise<AccountRow> {
  const found = await findUserAccount(tx, userId, 'demo');
  if (!found) throw new BusinessError(DEMO_WALLET_NOT_FOUND);
  const issuer = await houseAccount(tx, HouseAccount.demoIssuer);
  // Both rows locked in the ledger's order before reading the balance the reset is computed from.
  const account = (await lockAccounts(tx, [found.id, issuer.id])).get(found.id) as AccountRow;
  if (compare(account.lockMargin, '0') !== 0) throw new BusinessError(OPEN_POSITIONS);
  for (const check of openPositionChecks) {
    if (await check(tx, account)) throw new BusinessError(OPEN_POSITIONS);
  }
  const delta = sub(DEMO_INITIAL_BALANCE, account.balance);
  if (isZero(delta)) return account;
  const recent = await tx.query<{ recent: boolean }>(
    `select exists (
       select 1 from ledger_transactions t join ledger_postings p on p.txn_id = t.id
        where p.account_id = $1 and t.kind = 'demo_reset'
          and t.created_at > now() - make_interval(hours => $2::int)) as recent`,
    [account.id, DEMO_RESET_INTERVAL_HOURS],
  );
  if (recent.rows[0]?.recent) throw new BusinessError(DEMO_RESET_TOO_SOON);
  await postTransaction(tx, {
    kind: 'demo_reset',
    ref,
    postings: [
      { accountId: account.id, bucket: 'balance', amount: delta },
      { accountId: issuer.id, bucket: 'balance', amount: negate(delta) },
    ],
  });
  return { ...account, balance: DEMO_INITIAL_BALANCE };
}
