/**
 * The operators' API under `/admin/v1` (admin bearer token; never called by a widget). The admin module owns
 * the guard and the health check; each route is registered by the module that owns its data (users, demo
 * wallet, ledger).
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import { DecOut, Empty, Int, Nullable, Obj, OneOf, Str, T, type Static } from './schema';

const TAG = 'admin';

/** What the health report can name as wrong (`problems`); the thresholds are the server's (decision HL1). */
export const HEALTH_PROBLEMS = ['database', 'event_loop', 'market', 'settlement', 'broker'] as const;
export type HealthProblem = (typeof HEALTH_PROBLEMS)[number];
/** A public uid as an operator types it. */
const Uid = () => Str(32, { pattern: '^[0-9A-Za-z]{1,32}$' });
/** Up to 15 integer digits and 8 decimals: far below NUMERIC(28, 8) even after many credits. */
const CREDIT_AMOUNT = '^(0|[1-9][0-9]{0,14})(\\.[0-9]{1,8})?$';

export const AdminHealth = endpoint({
  service: 'admin',
  path: 'health',
  access: 'admin',
  methods: ['GET'],
  tag: TAG,
  summary: 'Health of the process, its database, its broker and its lag, with the applied migrations',
  input: Empty(),
  data: Obj({
    /** `degraded` when `problems` names anything. */
    status: OneOf(['ok', 'degraded'] as const),
    db: T.String(),
    migrations: T.Array(T.String()),
    uptimeSec: T.Integer({ minimum: 0 }),
    /** The time the report's queries took (migrations, the oldest due settlement); `ok: false` when one failed. */
    database: Obj({ ok: T.Boolean(), latencyMs: T.Integer({ minimum: 0 }) }),
    /**
     * The market socket's broker (null: this process runs none). In RabbitMQ mode (`kind: rabbitmq`) browsers'
     * sockets are RabbitMQ's: their counts are null here, and `link` is the server's own connection to it.
     */
    broker: Nullable(
      Obj({
        kind: OneOf(['embedded', 'rabbitmq'] as const),
        connections: Nullable(T.Integer({ minimum: 0 })),
        subscriptions: Nullable(T.Integer({ minimum: 0 })),
        slowConsumersDisconnected: Nullable(T.Integer({ minimum: 0 })),
        refusedUpgrades: Nullable(T.Integer({ minimum: 0 })),
        link: Nullable(
          Obj({
            url: T.String(),
            connected: T.Boolean(),
            reconnects: T.Integer({ minimum: 0 }),
            error: Nullable(T.String()),
          }),
        ),
      }),
    ),
    lag: Obj({
      /** The event loop's longest stall since the previous report (or the start), in real ms. */
      eventLoopMaxMs: T.Integer({ minimum: 0 }),
      /** Server-clock ms since the market's last tick (null: no market in this process). */
      lastTickAgeMs: Nullable(T.Integer({ minimum: 0 })),
      /** How long the oldest due option has waited for its settlement (0: none due; null: no option mode). */
      overdueSettlementMs: Nullable(T.Integer({ minimum: 0 })),
    }),
    /**
     * This process among the processes of its database (MP18): `shared` when several share it (`--workers`,
     * CLUSTER=1), this process's bus id and pid, the processes present and the leases (background jobs) it holds.
     */
    cluster: Obj({
      shared: T.Boolean(),
      processId: T.String(),
      pid: T.Integer({ minimum: 0 }),
      members: T.Integer({ minimum: 1 }),
      held: T.Array(T.String()),
    }),
    /** What is wrong, by name (HEALTH_PROBLEMS); empty when healthy. */
    problems: T.Array(OneOf(HEALTH_PROBLEMS)),
  }),
  codes: [],
});

const AccountAmounts = Nullable(Obj({ balanceAmount: DecOut(), lockMargin: DecOut() }));

/** One user as the admin list shows it, with both account balances (null: never opened). */
export const AdminUserRow = Obj({
  uid: T.String(),
  brandId: T.String(),
  email: Nullable(T.String()),
  phone: Nullable(T.String()),
  nickname: Nullable(T.String()),
  registerType: T.String(),
  blocked: T.Boolean(),
  createdAt: T.String(),
  real: AccountAmounts,
  demo: AccountAmounts,
});
export type AdminUserRow = Static<typeof AdminUserRow>;

/** A page of the admin user list. */
export const AdminUserPage = Obj({
  list: T.Array(AdminUserRow),
  total: T.Integer({ minimum: 0 }),
  page: T.Integer({ minimum: 1 }),
  pageSize: T.Integer({ minimum: 1 }),
});
export type AdminUserPage = Static<typeof AdminUserPage>;

export const AdminListUsers = endpoint({
  service: 'admin',
  path: 'users',
  access: 'admin',
  methods: ['GET'],
  tag: TAG,
  summary: 'Users matching a query (exact uid, or part of email, phone or nickname), newest first',
  input: Obj({
    query: T.Optional(Str(140)),
    page: T.Optional(Int(1, 1_000_000, { default: 1 })),
    pageSize: T.Optional(Int(1, 100, { default: 20 })),
  }),
  data: AdminUserPage,
  codes: [Code.INCORRECT_PARAMETER],
});

const BlockAnswer = Obj({
  uid: T.String(),
  blocked: T.Boolean(),
  revokedSessions: T.Integer({ minimum: 0 }),
});

export const AdminBlockUser = endpoint({
  service: 'admin',
  path: 'users/{uid}/block',
  access: 'admin',
  tag: TAG,
  summary: 'Block a user: every session ends and sign-in answers 1044',
  input: Obj({ uid: Uid() }),
  data: BlockAnswer,
  codes: [Code.INCORRECT_PARAMETER, Code.USER_NOT_FOUND],
});

export const AdminUnblockUser = endpoint({
  service: 'admin',
  path: 'users/{uid}/unblock',
  access: 'admin',
  tag: TAG,
  summary: 'Unblock a user',
  input: Obj({ uid: Uid() }),
  data: BlockAnswer,
  codes: [Code.INCORRECT_PARAMETER, Code.USER_NOT_FOUND],
});

export const AdminEndUserSessions = endpoint({
  service: 'admin',
  path: 'users/{uid}/sessions/end',
  access: 'admin',
  tag: TAG,
  summary: 'End every session of a user (signed out everywhere; they may sign in again)',
  input: Obj({ uid: Uid() }),
  data: Obj({ uid: T.String(), ended: T.Integer({ minimum: 0 }) }),
  codes: [Code.INCORRECT_PARAMETER, Code.USER_NOT_FOUND],
});

export const AdminResetSecondFactor = endpoint({
  service: 'admin',
  path: 'users/{uid}/totp/reset',
  access: 'admin',
  tag: TAG,
  summary:
    "Turn a user's second factor off after checking their identity (a lost authenticator): every session " +
    'ends, the user is told by mail, and the note of how the identity was checked is audited (1017 when it is off)',
  input: Obj({ uid: Uid(), note: Str(500, { minLength: 10 }) }),
  data: Obj({ uid: T.String(), ended: T.Integer({ minimum: 0 }), mailed: T.Boolean() }),
  codes: [Code.INCORRECT_PARAMETER, Code.USER_NOT_FOUND, Code.STATUS_UNCHANGED],
});

export const AdminEndAllSessions = endpoint({
  service: 'admin',
  path: 'sessions/end-all',
  access: 'admin',
  tag: TAG,
  summary:
    'End every trader session of every brand (after a suspected token leak); the reason is kept in the audit log',
  input: Obj({ reason: Str(200, { minLength: 3 }) }),
  data: Obj({ ended: T.Integer({ minimum: 0 }), users: T.Integer({ minimum: 0 }) }),
  codes: [Code.INCORRECT_PARAMETER],
});

export const AdminProhibitTrading = endpoint({
  service: 'admin',
  path: 'users/{uid}/trading',
  access: 'admin',
  tag: TAG,
  summary: 'Prohibit (or allow again) trading: the user still signs in, sees and closes positions (405)',
  input: Obj({ uid: Uid(), prohibited: T.Boolean() }),
  data: Obj({ uid: T.String(), tradingProhibited: T.Boolean() }),
  codes: [Code.INCORRECT_PARAMETER, Code.USER_NOT_FOUND],
});

export const AdminCreditUser = endpoint({
  service: 'admin',
  path: 'users/{uid}/credit',
  access: 'admin',
  tag: TAG,
  summary: "Credit a user's real or demo account against the house account of its kind",
  input: Obj({
    uid: Uid(),
    amount: Str(40, { pattern: CREDIT_AMOUNT }),
    account: OneOf(['real', 'demo'] as const),
    note: T.Optional(Str(500)),
  }),
  data: Obj({
    txnId: T.String(),
    uid: T.String(),
    account: OneOf(['real', 'demo'] as const),
    amount: DecOut(),
    balanceAmount: DecOut(),
    lockMargin: DecOut(),
  }),
  codes: [Code.INCORRECT_PARAMETER, Code.USER_NOT_FOUND],
});

const Mismatch = Obj({
  accountId: T.String(),
  kind: T.String(),
  userId: Nullable(T.String()),
  bucket: OneOf(['balance', 'lock_margin'] as const),
  stored: DecOut(),
  posted: DecOut(),
});

/** The conservation report of the ledger (`ok` false on any mismatch). */
export const LedgerCheckReport = Obj({
  ok: T.Boolean(),
  counts: Obj({
    accounts: T.Integer({ minimum: 0 }),
    transactions: T.Integer({ minimum: 0 }),
    postings: T.Integer({ minimum: 0 }),
  }),
  /** USD accounts (the trading balances and their house side); `all` and `postings` over every account. */
  totals: Obj({
    userBalance: DecOut(),
    userLockMargin: DecOut(),
    house: DecOut(),
    all: DecOut(),
    postings: DecOut(),
  }),
  /** Per currency (USD, then the crypto wallets' currencies): accounts and postings each sum to zero. */
  currencies: T.Array(
    Obj({ currency: T.String(), userBalance: DecOut(), house: DecOut(), all: DecOut(), postings: DecOut() }),
  ),
  mismatches: T.Array(Mismatch),
  /** Transactions whose postings of one currency do not sum to zero. */
  unbalancedTransactions: T.Array(Obj({ txnId: T.String(), currency: T.String(), sum: DecOut() })),
});
export type LedgerCheckReport = Static<typeof LedgerCheckReport>;

export const AdminLedgerCheck = endpoint({
  service: 'admin',
  path: 'ledger/check',
  access: 'admin',
  methods: ['GET'],
  tag: TAG,
  summary: 'Conservation check of the ledger: stored amounts against postings, every transaction balanced',
  input: Empty(),
  data: LedgerCheckReport,
  codes: [],
});
