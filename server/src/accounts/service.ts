import type { AccountSummary } from '../../../src/core/contract/accounts';
import type { Queryable } from '../db/types';
import type { AccountRow, PostResult, UserAccountKind } from '../ledger';
import {
  createAccountActionRules,
  createBlockingRules,
  type AccountActionRules,
  type BlockingRules,
} from '../trading';
import { creditAccount, type CreditOptions } from './credit';
import { ensureDemoAccount, resetDemoAccount, type OpenPositionCheck } from './demo';
import { accountSummary } from './summary';

/** `app.accounts`: the user-facing operations on real and demo accounts. */
export interface AccountsService {
  /** Summary of the demo (`virtual`) or real account; zero when never opened. */
  summary(q: Queryable, userId: string, virtual: boolean): Promise<AccountSummary>;
  /** The demo account, opened and funded with the initial virtual balance when missing. */
  ensureDemoAccount(tx: Queryable, userId: string, ref: string): Promise<AccountRow>;
  /** Restores the demo balance (701 once per interval, 1070 with open positions, 1056 without demo). */
  resetDemo(tx: Queryable, userId: string, ref: string): Promise<AccountRow>;
  /** Credits a user account against the house account of its kind. */
  credit(
    tx: Queryable,
    userId: string,
    kind: UserAccountKind,
    amount: string,
    options: CreditOptions,
  ): Promise<PostResult & { accountId: string }>;
  /** Lets a trading module veto a demo reset while the account has open positions or pending orders. */
  addOpenPositionCheck(check: OpenPositionCheck): void;
  /**
   * What refuses a placement because of who places it: modules loaded before the trading engine register
   * their rule here (users 405, withdrawals 406); the engine consults the list at every placement.
   */
  blockingRules: BlockingRules;
  /** What refuses a deposit or a withdrawal because of who asks (identity level 1014, unbound email 1156). */
  actionRules: AccountActionRules;
}

/** A new accounts service. */
export function createAccountsService(): AccountsService {
  const checks: OpenPositionCheck[] = [];
  return {
    summary: accountSummary,
    ensureDemoAccount,
    resetDemo: (tx, userId, ref) => resetDemoAccount(tx, userId, ref, checks),
    credit: creditAccount,
    addOpenPositionCheck: (check) => void checks.push(check),
    blockingRules: createBlockingRules(),
    actionRules: createAccountActionRules(),
  };
}
