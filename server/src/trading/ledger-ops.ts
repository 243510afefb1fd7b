/** The trading side of the ledger: the user's account locked first, the house accounts, balanced movements. */
import { Code } from '../../../src/core/contract/codes';
import { isZero, negate, type Decimal } from '../../../src/core/domain/decimal';
import type { Db, Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import { getOrCreateAccount, postTransaction, SPEND_REFUSALS, type RefusalCodes } from '../ledger';
import { toAccount } from '../ledger';
import { openStripedHouses, stripedHouseKind, type StripedHouseFinder } from '../ledger';
import type { AccountRow, Posting } from '../ledger';

/**
 * House accounts of trading are striped: a user's fees and P&L go to stripe `userId mod HOUSE_STRIPES`, so
 * concurrent orders of different users rarely wait on one shared house row (each order holds its stripe's
 * row lock until COMMIT). User ids are sequential, so any run of 32 users, or of 16 every other user, shares
 * no stripe. Demo and real money have their own stripes and never meet; changing the count only moves where
 * new money goes (every stripe stays in the ledger check).
 */
export const HOUSE_STRIPES = 32;

/**
 * What a house account of trading collects: fees, the traders' P&L, and `nbp`, the losses it absorbed so a
 * balance stopped at 0.00 (negative-balance protection, PR6): its own accounts, so the cost of the protection
 * is one figure of the ledger, never hidden in the P&L house.
 */
export type HousePurpose = 'fees' | 'pnl' | 'nbp';

/** The kind of one stripe (`house_trading_fees_real_3`). */
export function tradingHouseKind(purpose: HousePurpose, virtual: boolean, stripe: number): `house_${string}` {
  return stripedHouseKind('trading', purpose, virtual, stripe);
}

/** Finds the house account a user's movement of `purpose` goes to. */
export type HouseFinder = StripedHouseFinder<HousePurpose>;

/** Opens (once, committed) every stripe and answers the finder over their ids. */
export function openTradingHouses(db: Db): Promise<HouseFinder> {
  return openStripedHouses(db, 'trading', ['fees', 'pnl', 'nbp'], HOUSE_STRIPES);
}

/** Code 201 (get wallet balance error): the user's account could not be opened or read. */
export const ACCOUNT_UNREADABLE = Code.WALLET_BALANCE_ERROR;

/**
 * Giving back what an order holds (releasing its margin, settling its P&L, charging a fee it owes): a refusal
 * means the account no longer holds what the order says it does. 206 rollback lock failed: the locked margin
 * to release is not there; 204 modify balance error: the balance cannot take the change.
 */
export const SETTLE_REFUSALS: RefusalCodes = { balance: 204, lock: 206 };

/**
 * The user's account locked for a trading transaction. What may refuse a placement (405, 406, 320, …) is not
 * read here: the registered blocking rules (`blocking-rules.ts`) read it after the lock, each in a statement of
 * its own, so that they see what committed while this statement waited.
 */
export type LockedAccount = AccountRow;

/**
 * The user's real or demo account, opened when missing and locked `FOR UPDATE`: every trading transaction
 * takes this lock first, so concurrent requests of one account run one after the other. One round trip
 * when the account exists.
 */
export async function lockUserAccount(
  tx: Queryable,
  userId: string,
  virtual: boolean,
  openDemo: (tx: Queryable, userId: string) => Promise<AccountRow>,
): Promise<LockedAccount> {
  const select = () =>
    tx.query<Parameters<typeof toAccount>[0]>(
      `select a.id, a.owner_kind, a.user_id, a.kind, a.currency, a.balance, a.lock_margin
         from ledger_accounts a
        where a.user_id = $1 and a.kind = $2 for update of a`,
      [userId, virtual ? 'demo' : 'real'],
    );
  let row = (await select()).rows[0];
  if (!row) {
    if (virtual) await openDemo(tx, userId);
    else await getOrCreateAccount(tx, userId, 'real');
    row = (await select()).rows[0];
  }
  // 201 get wallet balance error: the account could not be opened or read (nothing was written).
  if (!row) throw new BusinessError(ACCOUNT_UNREADABLE);
  return toAccount(row);
}

/** One leg pair: `amount` leaves `from` and reaches `to` (zero pairs are dropped). */
export interface Movement {
  from: Pick<Posting, 'accountId' | 'bucket'>;
  to: Pick<Posting, 'accountId' | 'bucket'>;
  amount: Decimal;
}

/** The postings of the movements: each pair leaves `from` and reaches `to`, zero pairs dropped. */
export function toPostings(movements: Movement[]): Posting[] {
  return movements
    .filter((m) => !isZero(m.amount))
    .flatMap((m) => [
      { ...m.from, amount: negate(m.amount) },
      { ...m.to, amount: m.amount },
    ]);
}

/**
 * Posts the movements as one ledger transaction (nothing when every amount is zero); a refusal answers the
 * codes of `refusals` (a spend's 203/205 by default, `SETTLE_REFUSALS` when the order gives back).
 */
export async function postMovements(
  tx: Queryable,
  kind: string,
  ref: string,
  movements: Movement[],
  refusals: RefusalCodes = SPEND_REFUSALS,
): Promise<void> {
  const postings = toPostings(movements);
  if (postings.length === 0) return;
  await postTransaction(tx, { kind, ref, postings }, refusals);
}
