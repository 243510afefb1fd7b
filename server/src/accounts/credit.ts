import { negate } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import { getOrCreateAccount, HouseAccount, houseAccount, postTransaction } from '../ledger';
import type { PostResult, UserAccountKind } from '../ledger';
import { ensureDemoAccount } from './demo';

/** What an operator credit says about itself. */
export interface CreditOptions {
  ref: string;
  note?: string | null;
}

/**
 * Credits `amount` (> 0) to the user's real or demo account against the matching house account: real money
 * comes from `house_cash_real`, virtual money from `house_demo_issuer`.
 */
export async function creditAccount(
  tx: Queryable,
  userId: string,
  kind: UserAccountKind,
  amount: string,
  options: CreditOptions,
): Promise<PostResult & { accountId: string }> {
  const account =
    kind === 'demo'
      ? await ensureDemoAccount(tx, userId, options.ref)
      : await getOrCreateAccount(tx, userId, 'real');
  const house = await houseAccount(tx, kind === 'demo' ? HouseAccount.demoIssuer : HouseAccount.cashReal);
  const result = await postTransaction(tx, {
    kind: 'credit',
    ref: options.ref,
    note: options.note ?? null,
    postings: [
      { accountId: account.id, bucket: 'balance', amount },
      { accountId: house.id, bucket: 'balance', amount: negate(amount) },
    ],
  });
  return { ...result, accountId: account.id };
}
