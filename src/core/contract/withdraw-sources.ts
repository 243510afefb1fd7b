/**
 * The lists `<tk-withdraw>` reads, as spec §7 names them: the coin/network list, the saved crypto wallets and
 * the bank cards. Their owners (the wallet and the bank-card/crypto-address parts of issue #13) declare and
 * serve them; until those contracts are merged they are declared here with the fields the form reads, so the
 * lead can point these names at the owners' declarations and delete this file.
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import { DecOut, Int, Obj, T, type Static } from './schema';

const TAG = 'withdrawals';
const SESSION_CODES = [Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED] as const;

/** Spec §3 Coin/network option. */
export const CoinOption = Obj({
  id: T.Integer(),
  currency: T.String(),
  protocol: T.String(),
  address: T.String(),
  said: T.String(),
  minWithdrawAmount: DecOut(),
  maxWithdrawAmount: DecOut(),
  logoUrl: T.String(),
});
export type CoinOption = Static<typeof CoinOption>;

export const WithdrawCoinList = endpoint({
  service: 'api',
  path: 'waa/cryptocurrency/simple/find/all',
  access: 'protected',
  tag: TAG,
  summary: 'The coin/network list (dtoList)',
  input: Obj({}),
  data: Obj({ dtoList: T.Array(CoinOption) }),
  codes: [...SESSION_CODES],
});

/** Spec §3 Crypto wallet (saved); the address encoded with the session's key. */
export const SavedCryptoWallet = Obj({
  walletId: T.Union([T.String(), T.Integer()]),
  currencyId: T.Integer(),
  currencyName: T.String(),
  protocol: T.String(),
  cryptocurrencyAddress: T.String(),
  minWithdrawAmount: DecOut(),
  maxWithdrawAmount: DecOut(),
  logoUrl: T.String(),
});
export type SavedCryptoWallet = Static<typeof SavedCryptoWallet>;

export const WithdrawSavedWallets = endpoint({
  service: 'api',
  path: 'waa/cryptocurrency/user/wallet/all',
  access: 'protected',
  tag: TAG,
  summary: "The user's saved crypto wallets ({pageNum 1, pageSize 1000}; list)",
  input: Obj({ pageNum: Int(1, 1_000_000), pageSize: Int(1, 1000) }),
  data: Obj({ list: T.Array(SavedCryptoWallet) }),
  codes: [Code.INCORRECT_PARAMETER, ...SESSION_CODES],
});

/** The fields of spec §3 Bank card the withdraw form shows (account encoded with the session's key). */
export const BankCardEntry = Obj({
  id: T.Union([T.String(), T.Integer()]),
  bankName: T.String(),
  account: T.String(),
});
export type BankCardEntry = Static<typeof BankCardEntry>;

export const WithdrawBankCards = endpoint({
  service: 'api',
  path: 'waa/user/bank/all',
  access: 'protected',
  tag: TAG,
  summary: "The user's bank cards (list)",
  input: Obj({}),
  data: Obj({ list: T.Array(BankCardEntry) }),
  codes: [...SESSION_CODES],
});
