import type { Decimal } from '../../../src/core/domain/decimal';

/** Which part of an account a posting moves: free balance or margin locked by open positions. */
export type Bucket = 'balance' | 'lock_margin';

/** The two accounts a user can hold. */
export type UserAccountKind = 'real' | 'demo';

/** House accounts: the other side of every user posting. */
export const HouseAccount = {
  /** Money entering or leaving the platform (deposits, admin credits, withdrawals). */
  cashReal: 'house_cash_real',
  /** Source of the virtual money of demo accounts. */
  demoIssuer: 'house_demo_issuer',
} as const;

/** A house account kind (`house_…`). */
export type HouseAccountKind = (typeof HouseAccount)[keyof typeof HouseAccount] | `house_${string}`;

/** One leg of a transaction: a signed amount on one bucket of one account. */
export interface Posting {
  accountId: string;
  bucket: Bucket;
  amount: Decimal;
  /**
   * The business object of this line when it differs from the transaction's (a batch transaction: the
   * option a trader's posting pays back).
   */
  ref?: string | null;
}

/** A transaction to post; its postings must sum to zero. */
export interface LedgerEntry {
  /** credit, demo_open, demo_reset, fee, pnl, margin_lock, … */
  kind: string;
  /** The business object behind it (e.g. `user:12345678`, an order number). */
  ref?: string | null;
  note?: string | null;
  postings: Posting[];
}

/** An account as stored (amounts as NUMERIC strings). */
export interface AccountRow {
  id: string;
  ownerKind: 'user' | 'house';
  userId: string | null;
  kind: string;
  currency: string;
  balance: Decimal;
  lockMargin: Decimal;
}

/** The outcome of `postTransaction`: the transaction id and the new amounts of every account it touched. */
export interface PostResult {
  txnId: string;
  createdAt: Date;
  accounts: Array<Pick<AccountRow, 'id' | 'balance' | 'lockMargin'>>;
}
