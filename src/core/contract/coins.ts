/**
 * What the cashier's contracts share: the ticket states, and the platform's coins and networks (spec §3
 * Coin/network option; §7 `cryptocurrency/simple/find/all`), the one list the wallet, deposit, withdraw and crypto-address widgets read. Registered by the cashier core
 * (`server/src/cashier/routes.ts`).
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import { DecOut, Empty, Obj, T, type Static } from './schema';

/** State of a deposit or withdrawal ticket (spec §4 payState: waiting yellow, success blue, fail red). */
export const PAY_STATES = ['waiting', 'success', 'fail'] as const;
export type PayState = (typeof PAY_STATES)[number];

/** One coin on one network. */
export const CoinOption = Obj({
  id: T.Integer({ minimum: 1 }),
  currency: T.String(),
  protocol: T.String(),
  /** The platform's deposit address on this network. */
  address: T.String(),
  /** Memo/tag to send with a deposit ('' when the network has none). */
  said: T.String(),
  minWithdrawAmount: DecOut(),
  maxWithdrawAmount: DecOut(),
  logoUrl: T.String(),
});
export type CoinOption = Static<typeof CoinOption>;

export const CoinList = endpoint({
  service: 'api',
  path: 'waa/cryptocurrency/simple/find/all',
  access: 'protected',
  tag: 'wallets',
  summary: 'The coins and networks deposits and withdrawals take, with addresses, limits and logos (dtoList)',
  input: Empty(),
  data: Obj({ dtoList: T.Array(CoinOption) }),
  codes: [Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED],
});
