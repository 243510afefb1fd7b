/**
 * The back office (issue #13): operator accounts with roles and a second factor, their sessions, the side
 * panel beside a review queue item (the user's summary, ledger postings, open positions) and the audit log.
 * Registered by `server/src/backoffice`, called by the `/backoffice` site (src/backoffice) and the admin CLI.
 * The deposit and withdrawal review endpoints live with the cashier's contract.
 */
import { Code } from './codes';
import { endpoint, OPERATOR_ROLES } from './endpoint';
import { DecOut, Empty, EpochMs, Int, Nullable, Obj, OneOf, Str, T, type Static } from './schema';

const TAG = 'backoffice';

/** Lifetime of an operator session (a working day). */
export const OPERATOR_SESSION_HOURS = 8;
/** An operator session unused this long ends (decision SEC11): half of NIST's AAL2 hour, operators move money. */
export const OPERATOR_IDLE_MINUTES = 30;
/**
 * How long a password someone else set (generated or given to `operators:add` or `operators:reset-password`)
 * signs in before the operator has replaced it (decision SEC12): a weekend between creation and first sign-in.
 */
export const OPERATOR_INITIAL_PASSWORD_HOURS = 72;
/** Name of the HttpOnly cookie that carries the operator session. */
export const OPERATOR_COOKIE = 'tk_operator';
/**
 * Header every state-changing back-office request carries (CSRF: a cross-site form cannot set it, and a
 * cross-origin script must pass a CORS preflight that the admin API never grants with credentials).
 */
export const OPERATOR_CSRF_HEADER = 'x-tk-backoffice';
/**
 * Header (`1`) of a call the back office makes by itself, not at the operator's hand (a message pushed into an
 * open conversation marked read, a fetch after the live socket reconnected): it is admitted like any other, but
 * it is no activity, so an unattended screen still ends its session after the idle timeout (decision SEC13).
 */
export const OPERATOR_BACKGROUND_HEADER = 'x-tk-background';
/** Shortest operator password (operators hold money powers: longer than a trader's 7). */
export const OPERATOR_PASSWORD_MIN = 12;
/** Ledger postings and audit rows per page. */
export const BACKOFFICE_PAGE_SIZE = 20;

const Role = OneOf(OPERATOR_ROLES);
const Email = () => Str(140, { minLength: 3, pattern: '^[^\\s@]+@[^\\s@]+$' });
/** A user's uid as a path segment. */
export const Uid = () => Str(32, { pattern: '^[0-9A-Za-z]{1,32}$' });
const Id = () => Str(18, { pattern: '^[1-9][0-9]{0,17}$' });
/** Every operator, whatever the role (their own session). */
const ANY_OPERATOR = OPERATOR_ROLES;

/** An operator as the back office and the CLI show one. */
export const Operator = Obj({
  id: T.String(),
  email: T.String(),
  name: T.String(),
  roles: T.Array(Role),
  active: T.Boolean(),
  createdAt: EpochMs(),
  lastSignInAt: Nullable(EpochMs()),
});
export type Operator = Static<typeof Operator>;

export const AddOperator = endpoint({
  service: 'admin',
  path: 'operators',
  access: 'admin',
  tag: TAG,
  summary:
    'Create an operator (admin token only); answers the TOTP secret, and the password when none was given, once',
  input: Obj({
    email: Email(),
    name: T.Optional(Str(80)),
    roles: T.Array(Role, { minItems: 1, maxItems: OPERATOR_ROLES.length, uniqueItems: true }),
    password: T.Optional(Str(140, { minLength: OPERATOR_PASSWORD_MIN })),
  }),
  data: Obj({
    operator: Operator,
    totpSecret: T.String(),
    otpauthUri: T.String(),
    /** The generated password, or null when the caller chose it. */
    password: Nullable(T.String()),
    /** When that first password stops signing in unless the operator has replaced it. */
    passwordExpiresAt: EpochMs(),
  }),
  codes: [Code.INCORRECT_PARAMETER, Code.ACCOUNT_EXISTS],
});

export const ListOperators = endpoint({
  service: 'admin',
  path: 'operators',
  access: 'admin',
  methods: ['GET'],
  tag: TAG,
  summary: 'Every operator, oldest first (admin token only)',
  input: Empty(),
  data: Obj({ list: T.Array(Operator) }),
  codes: [],
});

export const DisableOperator = endpoint({
  service: 'admin',
  path: 'operators/{id}/disable',
  access: 'admin',
  tag: TAG,
  summary: 'Disable an operator and end their sessions (admin token only)',
  input: Obj({ id: Id() }),
  data: Operator,
  codes: [Code.DATA_NOT_FOUND, Code.STATUS_UNCHANGED],
});

/** What a signed-in operator sees of their own session. */
export const OperatorSession = Obj({
  operator: Operator,
  /** When the session ends at the latest (milliseconds since the epoch); 30 idle minutes end it sooner. */
  expiresAt: EpochMs(),
  /**
   * Signed in with a first password: the session may only choose the operator's own password
   * ({@link ChooseOperatorPassword}), read itself and sign out, until it has.
   */
  mustChangePassword: T.Boolean(),
});
export type OperatorSession = Static<typeof OperatorSession>;

export const OperatorLogin = endpoint({
  service: 'admin',
  path: 'operators/login',
  access: 'public',
  tag: TAG,
  summary:
    'Operator sign-in with password and TOTP code; sets the HttpOnly session cookie (unknown email, wrong password ' +
    'and disabled operator answer the same 1108; a wrong or reused code with the right password 1020)',
  input: Obj({
    email: Email(),
    password: Str(140, { minLength: 1 }),
    code: Str(6, { pattern: '^[0-9]{6}$' }),
  }),
  data: OperatorSession,
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.WRONG_CREDENTIALS,
    Code.INVALID_VERIFICATION_CODE,
    Code.TOO_FREQUENT,
  ],
});

export const OperatorLogout = endpoint({
  service: 'admin',
  path: 'operators/logout',
  access: 'admin',
  roles: ANY_OPERATOR,
  tag: TAG,
  summary: 'End the operator session and clear its cookie',
  input: Empty(),
  data: Obj({}),
  codes: [Code.NOT_LOGGED_IN],
});

export const OperatorMe = endpoint({
  service: 'admin',
  path: 'operators/me',
  access: 'admin',
  roles: ANY_OPERATOR,
  methods: ['GET'],
  tag: TAG,
  summary: 'The signed-in operator and when the session ends',
  input: Empty(),
  data: OperatorSession,
  codes: [Code.NOT_LOGGED_IN],
});

export const ChooseOperatorPassword = endpoint({
  service: 'admin',
  path: 'operators/password',
  access: 'admin',
  roles: ANY_OPERATOR,
  tag: TAG,
  summary:
    "The operator replaces their first password with their own (the session's one step while it must): the " +
    'current one (1109 when wrong, 1110 after 5 wrong in 15 minutes) and a new one that differs from it',
  input: Obj({
    password: Str(140, { minLength: 1 }),
    newPassword: Str(140, { minLength: OPERATOR_PASSWORD_MIN }),
  }),
  data: OperatorSession,
  codes: [Code.INCORRECT_PARAMETER, Code.WRONG_OLD_PASSWORD, Code.TOO_FREQUENT, Code.NOT_LOGGED_IN],
});

/** The only calls of a session signed in with a first password (the admin guard refuses it the others). */
export const FIRST_PASSWORD_ENDPOINTS = [OperatorMe, OperatorLogout, ChooseOperatorPassword] as const;

export const ResetOperatorPassword = endpoint({
  service: 'admin',
  path: 'operators/{id}/password/reset',
  access: 'admin',
  tag: TAG,
  summary:
    "Give an operator a new first password and end their sessions (admin token only); the operator's " +
    'second factor stays. Answers the password when none was given, once',
  input: Obj({ id: Id(), password: T.Optional(Str(140, { minLength: OPERATOR_PASSWORD_MIN })) }),
  data: Obj({
    operator: Operator,
    password: Nullable(T.String()),
    passwordExpiresAt: EpochMs(),
  }),
  codes: [Code.INCORRECT_PARAMETER, Code.DATA_NOT_FOUND],
});

/** Who a user is, contacts masked: the head of a queue item's summary and of a user lookup's hit. */
/** The fields of {@link UserIdentity}, shared as a plain object: browser builds run the contract with a
 * typebox shim whose schemas are undefined (typebox-shim.ts), so a schema's `.properties` cannot be spread. */
export const USER_IDENTITY_FIELDS = {
  uid: T.String(),
  brandId: T.String(),
  /** Masked: `j***@example.com`. */
  email: Nullable(T.String()),
  /** Masked: `+1 ******1234`. */
  phone: Nullable(T.String()),
  registeredAt: EpochMs(),
  blocked: T.Boolean(),
  /** An operator froze the user's withdrawals (1066; `users/{uid}/withdrawals/freeze`). */
  withdrawalFrozen: T.Boolean(),
};
export const UserIdentity = Obj(USER_IDENTITY_FIELDS);

/** The user beside a queue item: who they are (contact masked) and what they hold and moved. */
export const UserSummary = Obj({
  ...USER_IDENTITY_FIELDS,
  /** The real account's free balance and locked margin (0 when never opened). */
  balance: DecOut(),
  lockMargin: DecOut(),
  /** USD of approved deposits, of paid withdrawals, and of the withdrawal waiting now. */
  approvedDeposits: DecOut(),
  paidWithdrawals: DecOut(),
  waitingWithdrawal: DecOut(),
  /** The newest loan (issue #20): its state, amount, what it owes and when it is due; null without one. */
  loan: Nullable(
    Obj({
      state: OneOf(['waiting', 'active', 'rejected', 'repaid', 'overdue'] as const),
      amount: DecOut(),
      amountOwed: DecOut(),
      repaymentDate: Nullable(EpochMs()),
    }),
  ),
});
export type UserSummary = Static<typeof UserSummary>;

export const GetUserSummary = endpoint({
  service: 'admin',
  path: 'users/{uid}/summary',
  access: 'admin',
  // Support reads it beside a conversation (issue #21): identity level, balance, waiting tickets.
  roles: ['finance', 'compliance', 'support'],
  methods: ['GET'],
  tag: TAG,
  summary: "A user's summary for the review side panel",
  input: Obj({ uid: Uid() }),
  data: UserSummary,
  codes: [Code.USER_NOT_FOUND],
});

/** One posting of the user's real account with its transaction. */
export const LedgerLine = Obj({
  id: T.String(),
  txnId: T.String(),
  kind: T.String(),
  ref: Nullable(T.String()),
  note: Nullable(T.String()),
  bucket: OneOf(['balance', 'lock_margin'] as const),
  /** Signed: positive into the user's account. */
  amount: DecOut(),
  createdAt: EpochMs(),
});
export type LedgerLine = Static<typeof LedgerLine>;

const Paging = {
  page: T.Optional(Int(1, 100_000, { default: 1 })),
  pageSize: T.Optional(Int(1, 100, { default: BACKOFFICE_PAGE_SIZE })),
};

export const GetUserLedger = endpoint({
  service: 'admin',
  path: 'users/{uid}/ledger',
  access: 'admin',
  roles: ['finance'],
  methods: ['GET'],
  tag: TAG,
  summary: "The latest postings of a user's real account, newest first",
  input: Obj({ uid: Uid(), ...Paging }),
  data: Obj({
    list: T.Array(LedgerLine),
    page: T.Integer({ minimum: 1 }),
    pageSize: T.Integer({ minimum: 1 }),
    total: T.Integer({ minimum: 0 }),
  }),
  codes: [Code.USER_NOT_FOUND],
});

/** An open (2) or pending (1) order of the real account. */
export const OpenOrderLine = Obj({
  uid: T.String(),
  tradePair: T.String(),
  productName: T.String(),
  /** 0 buy, 1 sell. */
  orderType: T.Integer(),
  positionStatus: T.Integer(),
  openingPrice: DecOut(),
  orderQuantity: DecOut(),
  margin: DecOut(),
  orderTime: EpochMs(),
});
/** A running option of the real account. */
export const RunningOptionLine = Obj({
  uid: T.String(),
  tradePair: T.String(),
  orderType: T.Integer(),
  amount: DecOut(),
  price: DecOut(),
  beginTime: EpochMs(),
  endTime: EpochMs(),
});
/** The real account's open positions: beside a queue item, and in a user lookup's view of what the trader sees. */
/** The fields of {@link UserPositions}, a plain object for the same reason as {@link USER_IDENTITY_FIELDS}. */
export const USER_POSITIONS_FIELDS = {
  /** Open and pending orders. */
  orders: T.Array(OpenOrderLine),
  /** Running options. */
  options: T.Array(RunningOptionLine),
};
export const UserPositions = Obj(USER_POSITIONS_FIELDS);
export type UserPositions = Static<typeof UserPositions>;

export const GetUserPositions = endpoint({
  service: 'admin',
  path: 'users/{uid}/positions',
  access: 'admin',
  roles: ['finance', 'support'],
  methods: ['GET'],
  tag: TAG,
  summary: "A user's open and pending orders and running options (real account)",
  input: Obj({ uid: Uid() }),
  data: UserPositions,
  codes: [Code.USER_NOT_FOUND],
});

/** One audit log row. */
export const AuditRow = Obj({
  id: T.String(),
  /** `operator:<id>`, `admin-api` or `cli`. */
  actor: T.String(),
  /** The operator's email when the actor is an operator. */
  actorEmail: Nullable(T.String()),
  action: T.String(),
  objectKind: T.String(),
  objectId: T.String(),
  before: T.Unknown(),
  after: T.Unknown(),
  reason: T.String(),
  createdAt: EpochMs(),
});
export type AuditRow = Static<typeof AuditRow>;

export const ListAudit = endpoint({
  service: 'admin',
  path: 'audit',
  access: 'admin',
  roles: ['finance', 'compliance', 'support'],
  methods: ['GET'],
  tag: TAG,
  summary: 'The audit log, newest first, filtered by object kind and id and by actor',
  input: Obj({
    objectKind: T.Optional(Str(40)),
    objectId: T.Optional(Str(64)),
    actor: T.Optional(Str(64)),
    ...Paging,
  }),
  data: Obj({
    list: T.Array(AuditRow),
    page: T.Integer({ minimum: 1 }),
    pageSize: T.Integer({ minimum: 1 }),
    total: T.Integer({ minimum: 0 }),
  }),
  codes: [Code.INCORRECT_PARAMETER],
});
