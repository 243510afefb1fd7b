/**
 * The token's account (real or demo, spec §6): balance, switching between the two, and the demo reset.
 * Registered by `server/src/accounts` (the demo wallet module), called by `src/core/session`.
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import { DecOut, Empty, EpochMs, Obj, T, type Static } from './schema';

/** Balance and locked margin of one account (a never-opened account reads as zero). */
export const AccountSummary = Obj({ balanceAmount: DecOut(), lockMargin: DecOut() });
export type AccountSummary = Static<typeof AccountSummary>;

const TAG = 'accounts';

export const Balance = endpoint({
  service: 'api',
  path: 'waa/user/balance',
  access: 'protected',
  tag: TAG,
  summary: 'Balance and locked margin of the account the token is for (real or demo)',
  input: Empty(),
  data: AccountSummary,
  codes: [],
});

/** Data of `user/info/switch`: the new access token of the same session (also a top-level `token`). */
export const SwitchAnswer = Obj({ token: T.String(), expiresAt: EpochMs(), virtual: T.Boolean() });
export type SwitchAnswer = Static<typeof SwitchAnswer>;

export const SwitchAccount = endpoint({
  service: 'api',
  path: 'waa/user/info/switch',
  access: 'protected',
  tag: TAG,
  summary: 'Switch the session between the real and the demo account; answers a new access token',
  input: Empty(),
  data: SwitchAnswer,
  extra: { token: T.String() },
  codes: [Code.ILLEGAL_STATUS],
});

export const ResetDemoBalance = endpoint({
  service: 'api',
  path: 'waa/virtualWallet/resetBalance',
  access: 'protected',
  tag: TAG,
  summary: 'Restore the demo balance to the initial virtual amount (once per 24 h, no open positions)',
  input: Empty(),
  data: AccountSummary,
  codes: [Code.ILLEGAL_STATUS, Code.DEMO_RESET_ONCE, Code.DEMO_WALLET_NOT_FOUND, Code.OPEN_POSITIONS],
});
