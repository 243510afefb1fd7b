/**
 * The back office's user lookup (issue #26 item 12): an operator finds a user by uid, email or phone (exact
 * match only, decisions UL1–UL2) and reads, without a waiting ticket, what the trader sees of their money —
 * read-only. Every lookup and every view writes its audit row (UL3). Registered by `server/src/backoffice`,
 * called by the back office's Users page (src/backoffice/user-lookup.tsx).
 */
import { Code } from './codes';
import { endpoint, type OperatorRole } from './endpoint';
import { DecOut, EpochMs, Nullable, Obj, OneOf, Str, T, type Static } from './schema';
import { Uid, USER_POSITIONS_FIELDS, UserIdentity } from './backoffice';

const TAG = 'backoffice';

/** Longest query (an email may be 140 characters, as everywhere else in the contract). */
export const LOOKUP_QUERY_MAX = 140;
/** At most this many users answer one lookup (one email or phone per brand: several brands may share it). */
export const LOOKUP_LIMIT = 20;
/** Rows of the trader's history and of their cash records in a view. */
export const VIEW_RECENT = 20;

/**
 * The operator roles that work with traders may look users up and read what the trader sees (support answers
 * traders); brand editors (BE2) work on settings and see no personal data.
 */
const LOOKUP_ROLES = ['finance', 'compliance', 'support'] as const satisfies readonly OperatorRole[];

/** One user found: enough to tell who it is (contacts masked). */
export const UserHit = UserIdentity;
export type UserHit = Static<typeof UserHit>;

export const LookupUsers = endpoint({
  service: 'admin',
  path: 'users/lookup',
  access: 'admin',
  roles: LOOKUP_ROLES,
  // A POST (decision UL2): an email or phone in a query string would reach access logs and browser history.
  tag: TAG,
  summary:
    'Users whose uid, email (any case) or phone (E.164, spaces and dashes ignored) is exactly the query; ' +
    `at most ${LOOKUP_LIMIT}, newest first. 1001 for a query that is none of the three. Audited`,
  input: Obj({ query: Str(LOOKUP_QUERY_MAX, { minLength: 1 }) }),
  data: Obj({
    /** What the query was read as. */
    by: OneOf(['uid', 'email', 'phone'] as const),
    list: T.Array(UserHit),
  }),
  codes: [Code.INCORRECT_PARAMETER],
});

/** One account of the user as the trader's account switcher and wallet show it. */
export const ViewAccount = Obj({
  kind: OneOf(['real', 'demo', 'wallet'] as const),
  currency: T.String(),
  balance: DecOut(),
  lockMargin: DecOut(),
});
export type ViewAccount = Static<typeof ViewAccount>;

/** A finished trade of the real account: a closed or cancelled order, or a settled option. */
export const HistoryLine = Obj({
  kind: OneOf(['order', 'option'] as const),
  uid: T.String(),
  tradePair: T.String(),
  /** 0 buy (up), 1 sell (down). */
  orderType: T.Integer(),
  /** Margin of an order, stake of an option (USD). */
  amount: DecOut(),
  /** Realised profit or loss (USD; an option's win, loss or tie, fee not included). */
  result: DecOut(),
  /** Why an order closed (`manual`, `stop_loss`, …); null for an option. */
  closeReason: Nullable(T.String()),
  /** The part of an order's market loss the house absorbed so the balance stopped at 0.00 (issue #25, PR8). */
  absorbed: T.Optional(DecOut()),
  closedAt: EpochMs(),
});
export type HistoryLine = Static<typeof HistoryLine>;

/** A deposit or withdrawal as the trader's cash records list it (no destination, no proof). */
export const CashLine = Obj({
  uid: T.String(),
  type: OneOf(['deposit', 'withdrawal'] as const),
  method: T.String(),
  currency: T.String(),
  amount: DecOut(),
  state: OneOf(['waiting', 'success', 'fail'] as const),
  /** The rejection reason the trader was told ('' when none). */
  reason: T.String(),
  createdAt: EpochMs(),
});
export type CashLine = Static<typeof CashLine>;

/** What the trader sees of their money, read-only. */
export const UserView = Obj({
  user: UserHit,
  accounts: T.Array(ViewAccount),
  /** Open and pending orders and running options of the real account. */
  ...USER_POSITIONS_FIELDS,
  /** The latest finished trades, newest first. */
  history: T.Array(HistoryLine),
  /** The latest deposits and withdrawals, newest first. */
  cash: T.Array(CashLine),
});
export type UserView = Static<typeof UserView>;

export const GetUserView = endpoint({
  service: 'admin',
  path: 'users/{uid}/view',
  access: 'admin',
  roles: LOOKUP_ROLES,
  methods: ['GET'],
  tag: TAG,
  summary:
    "What the trader sees: every account's balance, open positions, running options, the latest " +
    `${VIEW_RECENT} finished trades and cash records. Read-only; audited`,
  input: Obj({ uid: Uid() }),
  data: UserView,
  codes: [Code.INCORRECT_PARAMETER, Code.USER_NOT_FOUND],
});

/** A lookup query as read: what it names and the exact value to match. */
export type LookupKey = { by: 'uid' | 'email' | 'phone'; value: string };

/**
 * What a query names (decision UL1), or null for none: with an `@`, an email (compared in lower case); eight
 * digits, a uid; otherwise digits with an optional leading `+` (spaces, dashes, dots and brackets ignored), a
 * phone in E.164 (`+` added when missing). A phone of eight digits is written with its `+`.
 */
export function readLookupQuery(query: string): LookupKey | null {
  const text = query.trim();
  if (text.includes('@')) {
    return /^[^\s@]+@[^\s@]+$/.test(text) && text.length <= LOOKUP_QUERY_MAX
      ? { by: 'email', value: text.toLowerCase() }
      : null;
  }
  if (/^[1-9][0-9]{7}$/.test(text)) return { by: 'uid', value: text };
  const compact = text.replace(/[\s().-]/g, '');
  if (!/^\+?[1-9][0-9]{5,14}$/.test(compact)) return null;
  return { by: 'phone', value: compact.startsWith('+') ? compact : `+${compact}` };
}
