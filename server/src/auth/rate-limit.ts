/**
 * Sliding-window rate limits stored in the database (one row per window and subject, with the times of its
 * events), so that every process on the same database shares the windows. Windows always expire: nobody is
 * locked out for good.
 */
import type { Queryable } from '../db/types';

/** One limit: at most `max` events per `windowMs` for one subject of `bucket`. */
export interface RateRule {
  bucket: string;
  max: number;
  windowMs: number;
}

/** The limits of the identity module. */
export const RATE_RULES = {
  /** Failed logins (and second-factor failures) per (account name, client IP) pair (decision SEC10). */
  loginPair: { bucket: 'login.pair', max: 5, windowMs: 15 * 60_000 },
  /** The pair's rule while the account is under attack (`loginAccount` full): one try per window. */
  loginPairUnderAttack: { bucket: 'login.pair', max: 1, windowMs: 15 * 60_000 },
  /** Failed logins per account name from every IP that put it under attack; never refuses by itself. */
  loginAccount: { bucket: 'login.account', max: 20, windowMs: 15 * 60_000 },
  /** Failed logins per account name from every IP beyond which nobody is checked: the cap of a spread guess. */
  loginAccountCeiling: { bucket: 'login.account.ceiling', max: 50, windowMs: 15 * 60_000 },
  /** Failed logins per client IP. */
  loginIp: { bucket: 'login.ip', max: 20, windowMs: 15 * 60_000 },
  /** Codes sent per client IP. */
  sendIp: { bucket: 'send.ip', max: 10, windowMs: 60 * 60_000 },
  /** Codes sent per destination, on top of the 60 s gap between two codes. */
  sendDestination: { bucket: 'send.destination', max: 5, windowMs: 60 * 60_000 },
  /** Captcha images per client IP (a shared NAT may host several people, hence a burst). */
  captchaIp: { bucket: 'captcha.ip', max: 20, windowMs: 60_000 },
  /** Accounts created per client IP. */
  registerIp: { bucket: 'register.ip', max: 10, windowMs: 60 * 60_000 },
  /** Wrong second-factor codes on setup, enable and disable per user. */
  totpUser: { bucket: 'totp.user', max: 5, windowMs: 15 * 60_000 },
  /** Wrong current passwords of a signed-in user (password change); the sixth ends every session. */
  passwordUser: { bucket: 'password.user', max: 5, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateRule>;

/** The subject of the per-account login window: brand, login type and the normalised (or raw) name. */
export const loginSubject = (brandId: string, type: string, name: string) =>
  `${brandId}:${type}:${name.trim().toLowerCase()}`;

/** Longest window: older rows are swept. */
export const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_RULES).map((rule) => rule.windowMs));

/** One counted event; giving it back makes room again (an attempt that turned out not to count). */
export interface Reservation {
  release(): Promise<void>;
}

/**
 * The limiter over one database and clock. There is no "is there room?" question apart from taking the room:
 * an attempt is reserved before the work it limits, in one statement, so parallel requests cannot overshoot.
 */
export interface RateLimiter {
  /** Counts one event of the subject now and returns it; null when the window is full (nothing counted). */
  reserve(rule: RateRule, subject: string): Promise<Reservation | null>;
  /** Forgets the subject's events (a successful login clears its account's failures). */
  reset(rule: RateRule, subject: string): Promise<void>;
  /** Deletes windows whose last event is older than every window. */
  sweep(): Promise<void>;
}

// The events still inside the window; written three times because an ON CONFLICT update has no FROM.
const LIVE = 'array(select h from unnest(w.hits) h where h > $4)';

/**
 * Keeps the live events and appends this one when fewer than `max` remain; `admitted` says which happened.
 * ON CONFLICT DO UPDATE locks the row, so concurrent reservations of one subject run one after the other.
 */
const RESERVE = `insert into rate_limit_windows as w (bucket, subject, hits, admitted, last_at_ms)
  values ($1, $2, array[$3::bigint], $5 > 0, $3)
  on conflict (bucket, subject) do update set
    hits = case when cardinality(${LIVE}) < $5 then ${LIVE} || $3::bigint else ${LIVE} end,
    admitted = cardinality(${LIVE}) < $5,
    last_at_ms = greatest(w.last_at_ms, $3)
  returning admitted`;

// Removes one occurrence of the event's time (two events of the same millisecond are interchangeable).
const RELEASE = `update rate_limit_windows
  set hits = hits[:array_position(hits, $3::bigint) - 1] || hits[array_position(hits, $3::bigint) + 1:]
  where bucket = $1 and subject = $2 and array_position(hits, $3::bigint) is not null`;

/** A limiter on `db` whose time is `now()`. */
export function createRateLimiter(db: Queryable, now: () => number): RateLimiter {
  return {
    async reserve(rule, subject) {
      const at = now();
      const { rows } = await db.query<{ admitted: boolean }>(RESERVE, [
        rule.bucket,
        subject,
        at,
        at - rule.windowMs,
        rule.max,
      ]);
      if (!rows[0]?.admitted) return null;
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await db.query(RELEASE, [rule.bucket, subject, at]);
        },
      };
    },
    async reset(rule, subject) {
      await db.query('delete from rate_limit_windows where bucket = $1 and subject = $2', [
        rule.bucket,
        subject,
      ]);
    },
    async sweep() {
      await db.query('delete from rate_limit_windows where last_at_ms <= $1', [now() - LONGEST_WINDOW_MS]);
    },
  };
}
