/**
 * What an approved deposit credits. Kept as one function so that the wallet type of a brand decides it in
 * one place: `walletType 0` credits the USD value to the user's real trading balance (ledger kind 'deposit',
 * which the forex rule 320 counts); `walletType 1` is to credit the user's coin wallet once the
 * multi-currency wallets exist (issue #13: wired at merge), until then the USD balance as well.
 */
import { negate } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import { getOrCreateAccount, HouseAccount, houseAccount, postTransaction, type PostResult } from '../ledger';
import type { DepositRow } from './repo';

/** Ledger kind of an approved deposit (counted by the forex deposit rule, trading/place.ts DEPOSIT_KINDS). */
export const DEPOSIT_LEDGER_KIND = 'deposit';

/** Credits an approved deposit inside the caller's transaction: `usdAmount` from `house_cash_real`. */
export async function creditApprovedDeposit(tx: Queryable, ticket: DepositRow): Promise<PostResult> {
  const account = await getOrCreateAccount(tx, ticket.userId, 'real');
  const house = await houseAccount(tx, HouseAccount.cashReal);
  return postTransaction(tx, {
    kind: DEPOSIT_LEDGER_KIND,
    ref: `deposit:${ticket.uid}`,
    note: `${ticket.method} ${ticket.amount} ${ticket.currency}`,
    postings: [
      { accountId: account.id, bucket: 'balance', amount: ticket.usdAmount },
      { accountId: house.id, bucket: 'balance', amount: negate(ticket.usdAmount) },
    ],
  });
}
