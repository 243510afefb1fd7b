/**
 * Deposits (spec §2 Deposit, §3 Coin/network option and Deposit submission, §5, §7 `user/deposit`,
 * `userSelfWallet/find`; the coin list is in coins.ts) and the operators' review of them on the admin API
 * (issue #13). Registered by `server/src/deposits`, called by `<tk-deposit>` and the back office.
 */
import { CoinOption, PAY_STATES } from './coins';
import { Code } from './codes';
import { endpoint, resource } from './endpoint';
import { IMAGE_MAX_BYTES } from './uploads';
import { DecOut, Empty, EpochMs, Int, Nullable, Obj, OneOf, Str, T, type Static } from './schema';

/** Largest proof image accepted, in bytes (the avatar pipeline's limit). */
export const DEPOSIT_PROOF_MAX_BYTES = IMAGE_MAX_BYTES;
/** Most deposits one user may have waiting for review; one more answers 1010 (issue #19). */
export const DEPOSIT_WAITING_MAX = 5;
/** Most proof bytes one user may file in 24 hours, whatever became of the tickets; more answers 1010. */
export const DEPOSIT_PROOF_DAY_MAX_BYTES = 30 * 1024 * 1024;
/** Longest rejection reason an operator may give. */
export const DEPOSIT_REASON_MAX = 500;
/** Longest `metaData` JSON text of a deposit submission. */
export const DEPOSIT_META_MAX = 2048;
/** Review queue page size (default) and largest page. */
export const DEPOSIT_QUEUE_PAGE_SIZE = 20;
export const DEPOSIT_QUEUE_MAX_LIMIT = 100;

/** Deposit methods a brand may offer (`depositTypes` of the brand settings), in tab order. */
export const DEPOSIT_METHODS = ['crypto', 'bank'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

const SelfWalletList = Obj({ dtoList: T.Array(CoinOption) });

/** A platform bank account a brand takes wires on (bank/wire tab). */
export const DepositBank = Obj({
  id: T.Integer(),
  bankName: T.String(),
  accountName: T.String(),
  accountNumber: T.String(),
  swiftCode: T.String(),
  bankAddress: T.String(),
  currency: T.String(),
  remark: T.String(),
});
export type DepositBank = Static<typeof DepositBank>;

/**
 * `metaData` of a deposit (JSON text): crypto `{ coinId, amt, said, locale, agreement }`, bank/wire
 * `{ type: 'bank', bankId, amt, locale, agreement }` (`bankId` omitted when the brand's depositBanNewFlow
 * fixes the currency to USD). `agreement` may be left out by clients of the spec's wire; `false` is refused.
 */
export interface DepositMeta {
  type?: DepositMethod;
  coinId?: number;
  bankId?: number;
  amt: string;
  said?: string;
  locale?: string;
  agreement?: boolean;
}

/** A deposit ticket as its owner sees it after submitting. */
export const DepositTicket = Obj({
  id: T.String(),
  uid: T.String(),
  method: OneOf(DEPOSIT_METHODS),
  currency: T.String(),
  amount: DecOut(),
  usdAmount: DecOut(),
  payState: OneOf(PAY_STATES),
  submitTimeTs: EpochMs(),
});
export type DepositTicket = Static<typeof DepositTicket>;

/** A file part of a multipart input. */
const File = () => T.Unsafe<Blob>({ type: 'string', format: 'binary' });

const TAG = 'deposits';

export const SelfWallets = endpoint({
  service: 'api',
  path: 'waa/userSelfWallet/find',
  access: 'protected',
  tag: TAG,
  summary: "The user's own deposit address per coin (walletType 1 brands; dtoList like the coin list)",
  input: Empty(),
  data: SelfWalletList,
  codes: [Code.ILLEGAL_STATUS],
});

export const DepositBanks = endpoint({
  service: 'api',
  path: 'waa/deposit/bank/find/all',
  access: 'protected',
  tag: TAG,
  summary: "The brand's bank accounts for bank/wire deposits (empty when the brand offers no bank tab)",
  input: Empty(),
  data: Obj({ dtoList: T.Array(DepositBank), fixedUsd: T.Boolean() }),
  codes: [],
});

export const SubmitDeposit = endpoint({
  service: 'api',
  path: 'waa/user/deposit',
  access: 'protected',
  tag: TAG,
  contentType: 'multipart/form-data',
  idempotent: true,
  summary:
    'Submit a deposit for review (multipart: image `depositProof` up to 10 MB, field `metaData` JSON); no money moves until approval',
  input: Obj({
    depositProof: T.Optional(File()),
    /** JSON text, see `DepositMeta`. */
    metaData: Str(DEPOSIT_META_MAX),
  }),
  data: DepositTicket,
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.UPLOAD_EMPTY,
    Code.COIN_NOT_FOUND,
    Code.NOT_CORRECT_AMOUNT,
    Code.INCORRECT_DECIMALS,
    Code.TRY_AGAIN_LATER,
    Code.CURRENCY_NOT_FOUND,
    Code.ILLEGAL_STATUS,
    Code.WRONG_REAL_NAME_STATUS,
    Code.ORDER_PROCESSING,
    Code.MAX_TARGET_VALUE,
  ],
});

/** A ticket id as the admin API writes it (a bigint in decimal). */
const TicketId = () => Str(18, { pattern: '^[1-9][0-9]{0,17}$' });

/** A deposit in the operators' queue. */
export const AdminDeposit = Obj({
  id: T.String(),
  uid: T.String(),
  userUid: T.String(),
  brandId: T.String(),
  method: OneOf(DEPOSIT_METHODS),
  coinId: Nullable(T.Integer()),
  currency: T.String(),
  protocol: T.String(),
  amount: DecOut(),
  usdAmount: DecOut(),
  state: OneOf(PAY_STATES),
  reason: T.String(),
  createdAt: EpochMs(),
  reviewedAt: Nullable(EpochMs()),
  reviewedBy: Nullable(T.String()),
  /** Admin path of the proof image (admin token or operator session required), or null without one. */
  proofUrl: Nullable(T.String()),
});
export type AdminDeposit = Static<typeof AdminDeposit>;

export const AdminDepositList = endpoint({
  service: 'admin',
  path: 'deposits',
  access: 'admin',
  roles: ['finance'],
  methods: ['GET'],
  tag: 'admin',
  summary: 'Deposits by state: waiting ones oldest first (a queue), decided ones newest first',
  input: Obj({
    status: T.Optional(OneOf(PAY_STATES)),
    page: T.Optional(Int(1, 1_000_000, { default: 1 })),
    limit: T.Optional(Int(1, DEPOSIT_QUEUE_MAX_LIMIT, { default: DEPOSIT_QUEUE_PAGE_SIZE })),
  }),
  data: Obj({
    list: T.Array(AdminDeposit),
    page: T.Integer({ minimum: 1 }),
    pages: T.Integer({ minimum: 0 }),
    total: T.Integer({ minimum: 0 }),
  }),
  codes: [Code.INCORRECT_PARAMETER],
});

export const AdminDepositProof = resource({
  service: 'admin',
  path: 'deposits/{id}/proof',
  access: 'admin',
  roles: ['finance'],
  tag: 'admin',
  summary: "A deposit's proof image (1039 as JSON when the deposit or its image is missing)",
  input: Obj({ id: TicketId() }),
  produces: ['image/jpeg', 'image/png', 'image/heic'],
});

export const AdminApproveDeposit = endpoint({
  service: 'admin',
  path: 'deposits/{id}/approve',
  access: 'admin',
  roles: ['finance'],
  tag: 'admin',
  summary: "Approve a waiting deposit: credits its USD value to the user's real balance, once",
  input: Obj({ id: TicketId() }),
  data: AdminDeposit,
  codes: [Code.INCORRECT_PARAMETER, Code.TICKET_NOT_FOUND, Code.DEPOSIT_TICKET_STATE_IS_NOT_CORRECT],
});

export const AdminRejectDeposit = endpoint({
  service: 'admin',
  path: 'deposits/{id}/reject',
  access: 'admin',
  roles: ['finance'],
  tag: 'admin',
  summary: 'Reject a waiting deposit with a reason; the user gets notification 629006 with the amount',
  input: Obj({ id: TicketId(), reason: Str(DEPOSIT_REASON_MAX, { minLength: 1 }) }),
  data: AdminDeposit,
  codes: [Code.INCORRECT_PARAMETER, Code.TICKET_NOT_FOUND, Code.DEPOSIT_TICKET_STATE_IS_NOT_CORRECT],
});
