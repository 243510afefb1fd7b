import { getOrCreateAccount, houseAccount } from './accounts';
import { checkLedger } from './check';
import { postTransaction } from './post';

export {
  findUserAccount,
  findWalletAccount,
  currencyHouseAccount,
  fxHouseAccount,
  getOrCreateAccount,
  getOrCreateWallet,
  houseAccount,
  openUserAccount,
} from './accounts';
export { checkLedger, type AccountMismatch, type LedgerCheckReport } from './check';
export { fitsLedgerScale, LEDGER_SCALE, toMoney } from './money';
export {
  LedgerError,
  lockAccounts,
  postTransaction,
  postTransactions,
  SPEND_REFUSALS,
  type RefusalCodes,
} from './post';
export * from './types';

/** The ledger as one object (also decorated as `app.ledger`): post, open accounts, check conservation. */
export const ledger = {
  post: postTransaction,
  getOrCreateAccount,
  houseAccount,
  check: checkLedger,
};

/** Type of `ledger` / `app.ledger`. */
export type Ledger = typeof ledger;

// Used by other modules, which reach this module only through this file.
export { openStripedHouses, stripedHouseKind } from './houses';
export type { StripedHouseFinder } from './houses';
export { toAccount } from './accounts';
export { assertValidEntry } from './post';
