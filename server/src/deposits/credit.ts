/**
 * What an approved deposit credits, decided in one place by the brand's wallet type: `walletType 0` (and every
 * bank/wire deposit) credits the USD value to the user's real trading balance (ledger kind 'deposit', which the
 * forex rule 320 counts); `walletType 1` credits a crypto deposit's coin amount to the user's coin wallet, from
 * the platform's custody account of that coin (`house_cash_<coin>`), and the forex rule counts its USD value
 * from the ticket (`credited_to = 'wallet'`, trading/place.ts `totalDeposits`).
 */
import { negate } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import {
  currencyHouseAccount,
  getOrCreateAccount,
  getOrCreateWallet,
  HouseAccount,
  houseAccount,
  postTransaction,
  type PostResult,
} from '../ledger';
import type { DepositRow } from './repo';

/** Ledger kind of an approved deposit (counted by the forex deposit rule, trading/place.ts DEPOSIT_KINDS). */
export const DEPOSIT_LEDGER_KIND = 'deposit';

/** What an approval credits: the coin amount to the coin's wallet, or the USD value to the balance. */
export function creditOf(
  ticket: Pick<DepositRow, 'method' | 'currency' | 'amount' | 'usdAmount'>,
  walletType: 0 | 1,
): { toWallet: boolean; amount: string; unit: string } {
  const toWallet = walletType === 1 && ticket.method === 'crypto' && ticket.currency !== 'USD';
  return toWallet
    ? { toWallet, amount: ticket.amount, unit: ticket.currency }
    : { toWallet, amount: ticket.usdAmount, unit: 'USD' };
}

/** Credits an approved deposit inside the caller's transaction; `walletType` is the user's brand's. */
export async function creditApprovedDeposit(
  tx: Queryable,
  ticket: DepositRow,
  walletType: 0 | 1,
): Promise<PostResult> {
  const { toWallet, amount } = creditOf(ticket, walletType);
  const [account, house] = toWallet
    ? [
        await getOrCreateWallet(tx, ticket.userId, ticket.currency),
        await currencyHouseAccount(tx, 'cash', ticket.currency),
      ]
    : [await getOrCreateAccount(tx, ticket.userId, 'real'), await houseAccount(tx, HouseAccount.cashReal)];
  await tx.query('update cash_tickets set credited_to = $2 where id = $1', [
    ticket.id,
    toWallet ? 'wallet' : 'usd',
  ]);
  return postTransaction(tx, {
    kind: DEPOSIT_LEDGER_KIND,
    ref: `deposit:${ticket.uid}`,
    note: `${ticket.method} ${ticket.amount} ${ticket.currency}`,
    postings: [
      { accountId: account.id, bucket: 'balance', amount },
      { accountId: house.id, bucket: 'balance', amount: negate(amount) },
    ],
  });
}
