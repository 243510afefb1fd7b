/**
 * Withdrawals (spec §2 Withdraw, §3 Withdraw fee quote and Bank card withdraw meta, §4, §5, §7 `user/withdraw*`,
 * `cryptocurrency/user/wallet/withdrawStatus`, `user/bankcard/withdraw/calculate`,
 * `cryptocurrency/bank/withdraw/find/one`, §8 1036–1075, 23557, §9 limits): the status check before the form,
 * the fee quotes, the submit (money leaves the balance into a pending account at once), and the operators'
 * review (`/admin/v1/withdrawals`). Registered by `server/src/withdrawals`, called by `<tk-withdraw>`.
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import { Dec, DecOut, EpochMs, Int, Nullable, Obj, OneOf, Str, T, type Static } from './schema';

/** Withdrawal tickets per page of the operators' queue. */
export const WITHDRAWAL_QUEUE_PAGE_SIZE = 50;
/** Longest reason an operator may give for a rejection. */
export const WITHDRAWAL_REASON_MAX = 500;
/** `withdrawType` of a bank-card withdrawal (spec §7). */
export const BANK_WITHDRAW_TYPE = 1;

const TAG = 'withdrawals';
const SESSION_CODES = [Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED] as const;
/** A database id as the API writes it (a bigint in decimal); numbers are accepted too. */
const IdIn = () => T.Union([Int(1, Number.MAX_SAFE_INTEGER), Str(18, { pattern: '^[1-9][0-9]{0,17}$' })]);
const CoinId = () => Int(1, 2_147_483_647);
const FeeTypeOut = () => OneOf(['PERCENTAGE', 'FIX_AMOUNT', ''] as const);

/** What the status check answers when a withdrawal may be started: the USD balance available to withdraw. */
export const WithdrawStatusData = Obj({ balance: DecOut('Available USD balance of the real account') });

export const WithdrawStatus = endpoint({
  service: 'api',
  path: 'waa/cryptocurrency/user/wallet/withdrawStatus',
  access: 'protected',
  tag: TAG,
  summary:
    'Whether the user may start a withdrawal: 1066 account anomaly (withdrawals frozen), 1067 a withdrawal ' +
    'waits for review, 1070 open positions, 23557 not enough trading volume (brands that require it), else 0',
  input: Obj({}),
  data: WithdrawStatusData,
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.ACCOUNT_ANOMALY,
    Code.WRONG_REAL_NAME_STATUS,
    Code.EMAIL_NOT_BOUND,
    Code.WITHDRAWAL_PENDING,
    Code.OPEN_POSITIONS,
    Code.TRADING_VOLUME_INSUFFICIENT,
    ...SESSION_CODES,
  ],
});

/** Spec §3 Withdraw fee quote (amounts in the withdrawn currency, USD figures at the current price). */
export const WithdrawQuoteData = Obj({
  type: FeeTypeOut(),
  feeType: FeeTypeOut(),
  feeNum: DecOut(),
  fee: DecOut('Fee in the withdrawn currency'),
  feeUsd: DecOut(),
  practical: DecOut('What reaches the user: num − fee'),
  isOver: T.Boolean({ description: 'The USD value of num is above the available balance' }),
  afterBalance: DecOut('USD balance after the withdrawal'),
  usdAmount: DecOut('USD that leaves the balance'),
  currency: T.String(),
  usdPrice: DecOut('USD value of one unit of the currency'),
});
export type WithdrawQuoteData = Static<typeof WithdrawQuoteData>;

const QUOTE_CODES = [
  Code.INCORRECT_PARAMETER,
  Code.COIN_NOT_FOUND,
  Code.INCORRECT_DECIMALS,
  Code.WITHDRAW_ERROR,
  Code.TRY_AGAIN_LATER,
  ...SESSION_CODES,
] as const;

export const WithdrawCalculate = endpoint({
  service: 'api',
  path: 'waa/user/withdraw/calculate',
  access: 'protected',
  tag: TAG,
  summary:
    'Fee quote of a crypto withdrawal of num coins (coin = coinId, else currencyId). A stored fee type the ' +
    "quote does not know answers 1073 'Not support feeType [x]'",
  input: Obj({ currencyId: CoinId(), coinId: T.Optional(CoinId()), num: Dec() }),
  data: WithdrawQuoteData,
  codes: QUOTE_CODES,
});

export const BankWithdrawCalculate = endpoint({
  service: 'api',
  path: 'waa/user/bankcard/withdraw/calculate',
  access: 'protected',
  tag: TAG,
  summary: 'Fee quote of a bank-card withdrawal of num USD (currencyId: the bank withdraw meta id)',
  input: Obj({ currencyId: CoinId(), num: Dec() }),
  data: WithdrawQuoteData,
  codes: [...QUOTE_CODES, Code.DATA_NOT_FOUND],
});

/** Spec §3 Bank card withdraw meta. */
export const BankWithdrawMeta = Obj({
  id: T.Integer(),
  minWithdrawAmount: DecOut(),
  maxWithdrawAmount: DecOut(),
  currency: T.String(),
});
export type BankWithdrawMeta = Static<typeof BankWithdrawMeta>;

export const BankWithdrawMetaFind = endpoint({
  service: 'api',
  path: 'waa/cryptocurrency/bank/withdraw/find/one',
  access: 'protected',
  tag: TAG,
  summary:
    "The bank-card withdrawal limits; 1008 when the brand offers none (the client shows 'bank card meta not found.')",
  input: Obj({}),
  data: Obj({ dto: BankWithdrawMeta }),
  codes: [Code.DATA_NOT_FOUND, ...SESSION_CODES],
});

/** A withdrawal ticket as its owner sees it after submitting. */
export const WithdrawalTicket = Obj({
  id: T.String(),
  uid: T.String(),
  method: OneOf(['crypto', 'bank'] as const),
  currency: T.String(),
  amount: DecOut(),
  usdAmount: DecOut(),
  fee: DecOut(),
  practical: DecOut(),
  state: OneOf(['waiting', 'success', 'fail'] as const),
  submitTimeTs: EpochMs(),
});
export type WithdrawalTicket = Static<typeof WithdrawalTicket>;

export const WithdrawSubmit = endpoint({
  service: 'api',
  path: 'waa/user/withdraw',
  access: 'protected',
  tag: TAG,
  idempotent: true,
  summary:
    'Submit a withdrawal: crypto {num, practicalNum, currencyId, coinId?, paymentAddress? (encoded with the ' +
    "session's aesKey; the saved address of the coin when absent), locale} or bank card {num, practicalNum, " +
    'userBankId, withdrawType 1, locale}. The USD value leaves the balance at once and waits for review; ' +
    "1047 when the address is not one of the coin's network",
  input: Obj({
    num: Dec(),
    practicalNum: Dec({ signed: true }),
    currencyId: T.Optional(CoinId()),
    coinId: T.Optional(CoinId()),
    paymentAddress: T.Optional(Str(1024)),
    userBankId: T.Optional(IdIn()),
    withdrawType: T.Optional(OneOf([BANK_WITHDRAW_TYPE] as const)),
    locale: T.Optional(Str(16)),
  }),
  data: WithdrawalTicket,
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.COIN_NOT_FOUND,
    Code.DATA_NOT_FOUND,
    Code.ADDRESS_EMPTY,
    Code.WALLET_CANNOT_BE_USED,
    Code.INCORRECT_DECIMALS,
    Code.WITHDRAW_AMOUNT_INCORRECT,
    Code.WITHDRAW_VALUE_ZERO_SMALLER,
    Code.NOT_CORRECT_AMOUNT,
    Code.INSUFFICIENT_BALANCE,
    Code.ACCOUNT_ANOMALY,
    Code.WRONG_REAL_NAME_STATUS,
    Code.EMAIL_NOT_BOUND,
    Code.WITHDRAWAL_PENDING,
    Code.OPEN_POSITIONS,
    Code.TRADING_VOLUME_INSUFFICIENT,
    Code.WITHDRAW_ERROR,
    Code.TRY_AGAIN_LATER,
    Code.ORDER_PROCESSING,
    ...SESSION_CODES,
  ],
});

// ---- The operators' review (back office and automation) ----

/** A withdrawal in the operators' queue: who, how, how much; the destination only through the detail call. */
export const AdminWithdrawal = Obj({
  id: T.String(),
  uid: T.String(),
  userUid: T.String(),
  method: OneOf(['crypto', 'bank'] as const),
  currency: T.String(),
  /** Coin network (crypto), else null. */
  protocol: Nullable(T.String()),
  /** Bank name (bank card), else null. */
  bankName: Nullable(T.String()),
  /** Last 4 characters of the bank account (bank card), else null. */
  accountLast4: Nullable(T.String()),
  amount: DecOut(),
  usdAmount: DecOut(),
  fee: DecOut(),
  practical: DecOut(),
  state: OneOf(['waiting', 'success', 'fail'] as const),
  reason: T.String(),
  createdAt: EpochMs(),
  reviewedAt: Nullable(EpochMs()),
  reviewedBy: Nullable(T.String()),
});
export type AdminWithdrawal = Static<typeof AdminWithdrawal>;

/** Where an approved withdrawal pays, as it was at submission (unsealed for operators only). */
export const WithdrawalDestination = T.Union([
  Obj({ kind: OneOf(['crypto'] as const), currency: T.String(), protocol: T.String(), address: T.String() }),
  Obj({
    kind: OneOf(['bank'] as const),
    bankName: T.String(),
    bankCode: T.String(),
    swiftCode: T.String(),
    bankCountry: T.String(),
    name: T.String(),
    account: T.String(),
  }),
]);
export type WithdrawalDestination = Static<typeof WithdrawalDestination>;

const TicketIdParam = () => Str(18, { pattern: '^[1-9][0-9]{0,17}$' });
const ADMIN_TAG = 'admin';

export const AdminWithdrawalList = endpoint({
  service: 'admin',
  path: 'withdrawals',
  access: 'admin',
  methods: ['GET'],
  tag: ADMIN_TAG,
  roles: ['finance'],
  summary: 'Withdrawals by status (default waiting), oldest first, with the user, method, amounts and fee',
  input: Obj({
    status: T.Optional(OneOf(['waiting', 'success', 'fail'] as const)),
    page: T.Optional(Int(1, 1_000_000, { default: 1 })),
    limit: T.Optional(Int(1, 200, { default: WITHDRAWAL_QUEUE_PAGE_SIZE })),
  }),
  data: Obj({ list: T.Array(AdminWithdrawal), total: T.Integer({ minimum: 0 }) }),
  codes: [Code.INCORRECT_PARAMETER],
});

export const AdminWithdrawalDetail = endpoint({
  service: 'admin',
  path: 'withdrawals/{id}',
  access: 'admin',
  methods: ['GET'],
  tag: ADMIN_TAG,
  roles: ['finance'],
  summary: 'One withdrawal with its destination (address or bank account) as submitted; 1039 when unknown',
  input: Obj({ id: TicketIdParam() }),
  data: Obj({ withdrawal: AdminWithdrawal, destination: Nullable(WithdrawalDestination) }),
  codes: [Code.INCORRECT_PARAMETER, Code.TICKET_NOT_FOUND],
});

export const AdminWithdrawalApprove = endpoint({
  service: 'admin',
  path: 'withdrawals/{id}/approve',
  access: 'admin',
  tag: ADMIN_TAG,
  roles: ['finance'],
  summary:
    'Approve a waiting withdrawal: paid out from the pending account, exactly once. 1038 when already ' +
    'decided, 1039 when unknown',
  input: Obj({ id: TicketIdParam() }),
  data: Obj({ withdrawal: AdminWithdrawal }),
  codes: [Code.INCORRECT_PARAMETER, Code.TICKET_NOT_FOUND, Code.STATE_IS_NOT_CORRECT],
});

export const AdminWithdrawalReject = endpoint({
  service: 'admin',
  path: 'withdrawals/{id}/reject',
  access: 'admin',
  tag: ADMIN_TAG,
  roles: ['finance'],
  summary:
    'Reject a waiting withdrawal with a reason: the amount returns to the balance and the user gets a 629005 ' +
    'notification. 1038 when already decided, 1039 when unknown',
  input: Obj({ id: TicketIdParam(), reason: Str(WITHDRAWAL_REASON_MAX, { minLength: 1 }) }),
  data: Obj({ withdrawal: AdminWithdrawal }),
  codes: [Code.INCORRECT_PARAMETER, Code.TICKET_NOT_FOUND, Code.STATE_IS_NOT_CORRECT],
});

/** Whether a user's withdrawals are frozen by an operator (the status check and a submit then answer 1066). */
export const WithdrawalHold = Obj({ uid: T.String(), frozen: T.Boolean() });
export type WithdrawalHold = Static<typeof WithdrawalHold>;

const HoldInput = () =>
  Obj({
    uid: Str(32, { pattern: '^[0-9A-Za-z]{1,32}$' }),
    reason: Str(WITHDRAWAL_REASON_MAX, { minLength: 1 }),
  });
const HOLD_CODES = [Code.INCORRECT_PARAMETER, Code.USER_NOT_FOUND, Code.STATUS_UNCHANGED];

export const AdminWithdrawalFreeze = endpoint({
  service: 'admin',
  path: 'users/{uid}/withdrawals/freeze',
  access: 'admin',
  tag: ADMIN_TAG,
  roles: ['finance', 'compliance'],
  summary:
    "Freeze a user's withdrawals with a reason: the status check and a submit answer 1066 until they are " +
    'unfrozen; a withdrawal already waiting stays in its queue. 1002 for an unknown uid, 1017 when already frozen',
  input: HoldInput(),
  data: WithdrawalHold,
  codes: HOLD_CODES,
});

export const AdminWithdrawalUnfreeze = endpoint({
  service: 'admin',
  path: 'users/{uid}/withdrawals/unfreeze',
  access: 'admin',
  tag: ADMIN_TAG,
  roles: ['finance', 'compliance'],
  summary:
    "Unfreeze a user's withdrawals with a reason. 1002 for an unknown uid, 1017 when they are not frozen",
  input: HoldInput(),
  data: WithdrawalHold,
  codes: HOLD_CODES,
});
