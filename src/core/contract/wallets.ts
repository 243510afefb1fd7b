/**
 * Wallets (spec §2 My wallet, Wallet home, Records; §3 Wallet balance, Wallet record, Coin/network option,
 * Deposit/withdraw record; §7 `user/crypto/*`, `cryptocurrency/simple/find/all`,
 * `walletRecharge/web/rechargeStatus`): the per-currency crypto wallets beside the USD balance, transfers
 * between them, the wallet records, the coin/network list and the user's deposit/withdraw records.
 * Registered by `server/src/wallets`, called by `<tk-wallet>` (and the deposit and withdraw widgets for the
 * coin list). Real account only: a demo token answers 23523 (spec §6, demo shows only the reset).
 */
import { PAY_STATES } from './coins';
import { Code } from './codes';
import { endpoint } from './endpoint';
import { Dec, DecOut, Empty, EpochMs, Int, Nullable, Obj, OneOf, Str, T, type Static } from './schema';

/** Records per page (spec §9: records and wallet records 10). */
export const WALLET_PAGE_SIZE = 10;
/** Most rows one page call may ask for (spec §9: wallet and card fetch 1000). */
export const WALLET_MAX_PAGE_SIZE = 1000;
/** Items the wallet home shows of each list (spec §9). */
export const WALLET_HOME_ITEMS = 5;
/** How often the my_wallet tab polls the balances (spec §7, §9). */
export const WALLET_BALANCE_POLL_MS = 8000;

/** Wallet record types (spec §3): 0 transfer in, 1 transfer out, 2 order (any other movement). */
export const WalletOrderType = { in: 0, out: 1, order: 2 } as const;
export type WalletOrderType = (typeof WalletOrderType)[keyof typeof WalletOrderType];

/** Record action types (spec §3): 0 deposit, 1 withdraw. */
export const CashActionType = { deposit: 0, withdraw: 1 } as const;

/** The id the USD balance carries in the balance list (coins start at 1). */
export const USD_CURRENCY_ID = 0;

/** One line of the wallet balance (spec §3): the USD balance first, then one per crypto currency. */
export const WalletBalanceItem = Obj({
  currency: T.String(),
  /** The currency's first coin id (USD: 0); what `transform` takes as `currId`. */
  currencyId: T.Integer({ minimum: 0 }),
  unit: T.String(),
  balance: DecOut(),
  /** The balance in USD at the coin's current bid, 2 decimals; null while the market has no price. */
  usdBalance: Nullable(DecOut()),
  icon: T.String(),
});
export type WalletBalanceItem = Static<typeof WalletBalanceItem>;

export const WalletBalance = Obj({
  list: T.Array(WalletBalanceItem),
  /** Sum of the priced lines' usdBalance, 2 decimals. */
  totalBalance: DecOut(),
});
export type WalletBalance = Static<typeof WalletBalance>;

/** A transfer's quote (spec §7 `user/crypto/transform/calculate`): fee in the source unit, practical in the target. */
export const TransferQuoteAnswer = Obj({
  num: DecOut(),
  fee: DecOut(),
  practical: DecOut(),
  /** Unit of num and fee. */
  fromUnit: T.String(),
  /** Unit of practical. */
  unit: T.String(),
  /** The USD price of one coin unit the quote used. */
  price: DecOut(),
});
export type TransferQuoteAnswer = Static<typeof TransferQuoteAnswer>;

/** One wallet record (spec §3 Wallet record). */
export const WalletRecord = Obj({
  id: T.String(),
  orderType: OneOf([0, 1, 2] as const),
  currency: T.String(),
  /** The business reference (a transfer number, a ticket number). */
  uid: T.String(),
  /** Signed: positive when the wallet received. */
  orderQuantity: DecOut(),
  unit: T.String(),
  orderTime: EpochMs(),
});
export type WalletRecord = Static<typeof WalletRecord>;

/** One deposit or withdrawal (spec §3 Deposit/withdraw record). */
export const CashRecord = Obj({
  id: T.String(),
  uid: T.String(),
  actionType: OneOf([0, 1] as const),
  method: OneOf(['crypto', 'bank'] as const),
  /** The amount in `currency` (the coin, or USD for a bank transfer). */
  payPrice: DecOut(),
  currency: T.String(),
  protocol: T.String(),
  fee: DecOut(),
  practical: DecOut(),
  /** USD value of a deposit (null on a withdrawal). */
  depositUsdPrice: Nullable(DecOut()),
  /** USD value of a withdrawal (null on a deposit). */
  withdrawUsdPrice: Nullable(DecOut()),
  submitTimeTs: EpochMs(),
  payState: OneOf(PAY_STATES),
  /** Why an operator refused it ('' otherwise). */
  reason: T.String(),
});
export type CashRecord = Static<typeof CashRecord>;

const page = <S extends Parameters<typeof T.Array>[0]>(item: S) =>
  Obj({
    list: T.Array(item),
    pageNum: T.Integer({ minimum: 1 }),
    pages: T.Integer({ minimum: 0 }),
    total: T.Integer({ minimum: 0 }),
  });

export const WalletRecordPage = page(WalletRecord);
export type WalletRecordPage = Static<typeof WalletRecordPage>;
export const CashRecordPage = page(CashRecord);
export type CashRecordPage = Static<typeof CashRecordPage>;

const TAG = 'wallets';
const SESSION_CODES = [Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED] as const;
/** 23523 for a demo token: the demo account has no wallets (spec §6). */
const REAL_ONLY = [Code.ILLEGAL_STATUS] as const;
const Currency = () => Str(12, { pattern: '^[A-Z0-9]{2,12}$' });
const PageInput = {
  pageNum: Int(1, 1_000_000),
  pageSize: T.Optional(Int(1, WALLET_MAX_PAGE_SIZE, { default: WALLET_PAGE_SIZE })),
};
const TransferInput = {
  curr: Currency(),
  currId: Int(1, 1_000_000),
  /** 0 Transfer in (USD balance → wallet), 1 Transfer out (wallet → USD balance). */
  type: OneOf([0, 1] as const),
  /** In the source unit (USD for type 0, the coin for type 1), at most 4 decimals. */
  num: Dec(),
};

export const CryptoBalance = endpoint({
  service: 'api',
  path: 'waa/user/crypto/getBalance',
  access: 'protected',
  tag: TAG,
  summary: 'The USD balance and each crypto wallet, with USD values and the total',
  input: Empty(),
  data: WalletBalance,
  codes: [...REAL_ONLY, ...SESSION_CODES],
});

export const TransferCalculate = endpoint({
  service: 'api',
  path: 'waa/user/crypto/transform/calculate',
  access: 'protected',
  tag: TAG,
  summary: 'Quote a transfer between a crypto wallet and the USD balance: fee and practical amount',
  input: Obj(TransferInput),
  data: TransferQuoteAnswer,
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.INCORRECT_DECIMALS,
    Code.COIN_NOT_FOUND,
    Code.CURRENT_PRICE_UNAVAILABLE,
    Code.NOT_CORRECT_AMOUNT,
    ...REAL_ONLY,
    ...SESSION_CODES,
  ],
});

export const Transfer = endpoint({
  service: 'api',
  path: 'waa/user/crypto/transform',
  access: 'protected',
  tag: TAG,
  summary:
    'Transfer between a crypto wallet and the USD balance at the quoted amounts (1159 when the quote changed, ' +
    '1052 when the source is short); one ledger transaction',
  input: Obj({
    ...TransferInput,
    fee: Dec(),
    practical: Dec(),
    /** Unit of `practical` (the coin for type 0, USD for type 1). */
    unit: Currency(),
  }),
  data: Obj({ uid: T.String(), quote: TransferQuoteAnswer, balance: WalletBalance }),
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.INCORRECT_DECIMALS,
    Code.COIN_NOT_FOUND,
    Code.CURRENT_PRICE_UNAVAILABLE,
    Code.NOT_CORRECT_AMOUNT,
    Code.INSUFFICIENT_BALANCE,
    Code.WALLET_ADJUSTMENT_FAILED,
    Code.TRANSFER_FAILED,
    Code.ORDER_PROCESSING,
    ...REAL_ONLY,
    ...SESSION_CODES,
  ],
  idempotent: true,
});

export const WalletOrders = endpoint({
  service: 'api',
  path: 'waa/user/crypto/order',
  access: 'protected',
  tag: TAG,
  summary: "A page of the user's wallet records, newest first (orderType filters: 0 in, 1 out, 2 order)",
  input: Obj({ ...PageInput, orderType: T.Optional(OneOf([0, 1, 2] as const)) }),
  data: WalletRecordPage,
  codes: [Code.INCORRECT_PARAMETER, ...REAL_ONLY, ...SESSION_CODES],
});

export const CashRecords = endpoint({
  service: 'api',
  path: 'waa/walletRecharge/web/rechargeStatus',
  access: 'protected',
  tag: TAG,
  summary: "A page of the user's deposits and withdrawals, newest first (type 0|1, status filters)",
  input: Obj({
    ...PageInput,
    type: T.Optional(OneOf([0, 1] as const)),
    status: T.Optional(OneOf(PAY_STATES)),
  }),
  data: CashRecordPage,
  codes: [Code.INCORRECT_PARAMETER, ...REAL_ONLY, ...SESSION_CODES],
});
