/**
 * Price alerts (issue #25; ours, not in the spec): a trader asks to be told when a symbol's bid or ask crosses
 * a level, or when its price moves by a percentage from where it stood when the alert was set. The server
 * evaluates every active alert on every tick, fires each at most once, and tells the trader with a
 * notification of `AlarmType.priceAlert` (pushed on the exchange socket like every notification).
 * Registered by `server/src/alerts`, called by `<tk-alerts>` and the entry points of the quote table, the
 * order form and the chart.
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import { Dec, DecOut, Empty, EpochMs, Nullable, Obj, OneOf, Str, T, type Static } from './schema';

/** Most active alerts one user may keep (answers 1010 beyond it, like saved bank cards). */
export const ALERT_ACTIVE_MAX = 100;
/** Longest note a trader may attach to an alert. */
export const ALERT_NOTE_MAX = 140;
/** Fired and removed alerts the list keeps showing, newest first. */
export const ALERT_HISTORY_MAX = 50;
/** Largest percentage a `move_pct` alert may ask for (and the smallest is 0.01). */
export const ALERT_PERCENT_MAX = '1000';

/**
 * What an alert watches. `bid_above` fires when the bid is at or above `level`, `bid_below` at or below it,
 * and the same for the ask. `move_pct` fires when the mid price has moved by `percent` % or more, either way,
 * from `referencePrice` (the mid when the alert was set or last edited).
 */
export const ALERT_CONDITIONS = ['bid_above', 'bid_below', 'ask_above', 'ask_below', 'move_pct'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** Which trade mode's screens set it (both modes quote the same symbols; the mode says where to open). */
export const ALERT_MODES = ['market', 'option'] as const;
export type AlertMode = (typeof ALERT_MODES)[number];

/** An alert's life: `active` until it fires (`fired`) or the trader removes it (`removed`). */
export const ALERT_STATES = ['active', 'fired', 'removed'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** An alert's id as sent (a bigint in decimal). */
const IdIn = () => Str(18, { pattern: '^[1-9][0-9]{0,17}$' });

/** One alert as answered. */
export const PriceAlert = Obj({
  id: T.String(),
  symbol: T.String(),
  mode: OneOf(ALERT_MODES),
  condition: OneOf(ALERT_CONDITIONS),
  /** The level of a bid/ask condition at the product's price precision; null for `move_pct`. */
  level: Nullable(DecOut()),
  /** The percentage of a `move_pct` alert; null otherwise. */
  percent: Nullable(DecOut()),
  /** The mid price a `move_pct` alert measures from; null otherwise. */
  referencePrice: Nullable(DecOut()),
  note: T.String(),
  state: OneOf(ALERT_STATES),
  createdAtTs: EpochMs(),
  /** When it fired, and the bid or ask (the mid for `move_pct`) that fired it; null until then. */
  firedAtTs: Nullable(EpochMs()),
  firedPrice: Nullable(DecOut()),
});
export type PriceAlert = Static<typeof PriceAlert>;

/** What creating or editing an alert sends: `level` for a bid/ask condition, `percent` for `move_pct`. */
const AlertFields = {
  condition: OneOf(ALERT_CONDITIONS),
  level: T.Optional(Dec()),
  percent: T.Optional(Dec()),
  note: T.Optional(Str(ALERT_NOTE_MAX)),
};

const SESSION_CODES = [Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED] as const;
const TAG = 'price alerts';

export const AlertList = endpoint({
  service: 'api',
  path: 'waa/alerts/list',
  access: 'protected',
  tag: TAG,
  summary: "The user's active alerts (oldest first), then the last fired or removed ones (newest first)",
  input: Empty(),
  data: Obj({ active: T.Array(PriceAlert), past: T.Array(PriceAlert) }),
  codes: [...SESSION_CODES],
});

export const AlertCreate = endpoint({
  service: 'api',
  path: 'waa/alerts/create',
  access: 'protected',
  tag: TAG,
  summary: 'Sets an alert on a symbol (1010 beyond ALERT_ACTIVE_MAX active alerts)',
  input: Obj({ symbol: Str(32), mode: OneOf(ALERT_MODES), ...AlertFields }),
  data: Obj({ alert: PriceAlert }),
  codes: [Code.INCORRECT_PARAMETER, Code.PAIR_NOT_FOUND, Code.MAX_TARGET_VALUE, ...SESSION_CODES],
});

export const AlertUpdate = endpoint({
  service: 'api',
  path: 'waa/alerts/update',
  access: 'protected',
  tag: TAG,
  summary: 'Changes an active alert (a `move_pct` alert measures again from the current mid)',
  input: Obj({ id: IdIn(), ...AlertFields }),
  data: Obj({ alert: PriceAlert }),
  codes: [Code.INCORRECT_PARAMETER, Code.DATA_NOT_FOUND, Code.ILLEGAL_STATUS, ...SESSION_CODES],
});

export const AlertRemove = endpoint({
  service: 'api',
  path: 'waa/alerts/remove',
  access: 'protected',
  tag: TAG,
  summary: 'Removes an active alert (another user’s id answers 1008 like a missing one)',
  input: Obj({ id: IdIn() }),
  data: Empty(),
  codes: [Code.DATA_NOT_FOUND, Code.ILLEGAL_STATUS, ...SESSION_CODES],
});
