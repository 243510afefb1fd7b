/**
 * "While you were away" (issue #25; ours, not in the spec): on return, one summary of what happened to the
 * trader's account since the last visit — pending orders filled, positions closed by a stop loss, take profit or
 * stop-out, options settled, price alerts fired, deposits and withdrawals decided — with the latest few of each
 * (decisions WA1–WA8). Registered by `server/src/away`, called by the host's return summary (`src/host/away`).
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import { DecOut, EpochMs, Int, Obj, OneOf, T, type Static, type TSchema } from './schema';

/** How far back a summary reaches: an older `since` is clamped to this and the answer says so (WA2). */
export const AWAY_MAX_BACK_MS = 30 * 24 * 3_600_000;
/** The latest items each list carries; the counts cover everything in the window (WA3). */
export const AWAY_LIST_MAX = 5;

/** Largest `since` the schema takes (the year 9999); the server refuses anything after its own clock. */
const AWAY_SINCE_MAX = 253_402_300_799_999;

/** A pending order the server filled. */
export const AwayFill = Obj({
  orderId: T.String(),
  symbol: T.String(),
  /** 0 buy, 1 sell. */
  orderType: OneOf([0, 1] as const),
  price: DecOut(),
  quantity: DecOut(),
  atTs: EpochMs(),
});
export type AwayFill = Static<typeof AwayFill>;

/** Why the server closed a position the trader did not close. */
export const AWAY_CLOSE_REASONS = ['stop_loss', 'take_profit', 'stop_out'] as const;
export type AwayCloseReason = (typeof AWAY_CLOSE_REASONS)[number];

export const AwayClose = Obj({
  orderId: T.String(),
  symbol: T.String(),
  reason: OneOf(AWAY_CLOSE_REASONS),
  /** Realised P&L in USD. */
  profitLoss: DecOut(),
  atTs: EpochMs(),
});
export type AwayClose = Static<typeof AwayClose>;

export const AWAY_OPTION_RESULTS = ['won', 'lost', 'tie'] as const;
export type AwayOptionResult = (typeof AWAY_OPTION_RESULTS)[number];

export const AwaySettlement = Obj({
  orderId: T.String(),
  symbol: T.String(),
  result: OneOf(AWAY_OPTION_RESULTS),
  amount: DecOut(),
  /** Profit (won), minus the amount (lost) or 0 (tie), the fee not included. */
  winLost: DecOut(),
  atTs: EpochMs(),
});
export type AwaySettlement = Static<typeof AwaySettlement>;

export const AwayAlert = Obj({
  id: T.String(),
  symbol: T.String(),
  firedPrice: DecOut(),
  atTs: EpochMs(),
});
export type AwayAlert = Static<typeof AwayAlert>;

export const AWAY_TICKET_KINDS = ['deposit', 'withdrawal'] as const;
export type AwayTicketKind = (typeof AWAY_TICKET_KINDS)[number];

/** A cashier's ticket an operator approved (`success`) or refused (`fail`). */
export const AwayTicket = Obj({
  ticketId: T.String(),
  kind: OneOf(AWAY_TICKET_KINDS),
  state: OneOf(['success', 'fail'] as const),
  currency: T.String(),
  amount: DecOut(),
  atTs: EpochMs(),
});
export type AwayTicket = Static<typeof AwayTicket>;

/** A count and the latest `AWAY_LIST_MAX` items, newest first. */
const Listed = <S extends TSchema>(item: S) =>
  Obj({ count: Int(0, Number.MAX_SAFE_INTEGER), latest: T.Array(item, { maxItems: AWAY_LIST_MAX }) });

export const AwaySummary = Obj({
  /** Where the window starts: the `since` sent, or the 30-day limit when it was older. */
  sinceTs: EpochMs(),
  /** True when `since` was older than `AWAY_MAX_BACK_MS` and the window starts at the limit. */
  clamped: T.Boolean(),
  /** The server clock when it answered: the window's end (the next visit may start from here). */
  untilTs: EpochMs(),
  /** Whether the caller's token is the demo account's (orders and options are the account's own). */
  virtual: T.Boolean(),
  fills: Listed(AwayFill),
  closes: Listed(AwayClose),
  /** Sum of the realised P&L of every close counted in `closes`, in USD. */
  closesProfitLoss: DecOut(),
  settlements: Listed(AwaySettlement),
  alerts: Listed(AwayAlert),
  /** The cashier's decided tickets (real money only: always empty for a demo token). */
  tickets: Listed(AwayTicket),
});
export type AwaySummary = Static<typeof AwaySummary>;

export const AwayRead = endpoint({
  service: 'api',
  path: 'waa/user/away',
  access: 'protected',
  tag: 'while you were away',
  summary:
    'What happened to the caller’s account since `since` (ms; not in the future, at most 30 days back — older ' +
    'is clamped): counts and the latest few fills, stop/take-profit/stop-out closes, option settlements, fired ' +
    'price alerts and decided deposits and withdrawals',
  input: Obj({
    since: Int(0, AWAY_SINCE_MAX, {
      description: 'Start of the window (ms since the epoch); not after the server clock',
    }),
  }),
  data: AwaySummary,
  codes: [Code.INCORRECT_PARAMETER, Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED],
});
