/**
 * Sliding-window rate limits stored in the database (one row per counted event), so that every process on
 * the same database shares the windows. Windows always expire: nobody is locked out for good.
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
  /** Failed logins (and second-factor failures) per account name. */
  loginAccount: { bucket: 'login.account', max: 5, windowMs: 15 * 60_000 },
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
} as const satisfies Record<string, RateRule>;

/** The subject of the per-account login window: brand, login type and the normalised (or raw) name. */
export const loginSubject = (brandId: string, type: string, name: string) =>
  `${brandId}:${type}:${name.trim().toLowerCase()}`;

/** Longest window: older rows are swept. */
export const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_RULES).map((rule) => rule.windowMs));

/** The limiter over one database and clock. */
export interface RateLimiter {
  /** True when the subject already used up its window. */
  exceeded(rule: RateRule, subject: string): Promise<boolean>;
  /** Counts one event. */
  hit(rule: RateRule, subject: string): Promise<void>;
  /** Forgets the subject's events (a successful login clears its account's failures). */
  reset(rule: RateRule, subject: string): Promise<void>;
  /** Deletes rows older than every window. */
  sweep(): Promise<void>;
}

/** A limiter on `db` whose time is `now()`. */
export function createRateLimiter(db: Queryable, now: () => number): RateLimiter {
  return {
    async exceeded(rule, subject) {
      const { rows } = await db.query<{ n: number }>(
        'select count(*)::int as n from rate_limit_hits where bucket = $1 and subject = $2 and at_ms > $3',
        [rule.bucket, subject, now() - rule.windowMs],
      );
      return (rows[0]?.n ?? 0) >= rule.max;
    },
    async hit(rule, subject) {
      const at = now();
      await db.query('delete from rate_limit_hits where bucket = $1 and subject = $2 and at_ms <= $3', [
        rule.bucket,
        subject,
        at - rule.windowMs,
      ]);
      await db.query('insert into rate_limit_hits (bucket, subject, at_ms) values ($1, $2, $3)', [
        rule.bucket,
        subject,
        at,
      ]);
    },
    async reset(rule, subject) {
      await db.query('delete from rate_limit_hits where bucket = $1 and subject = $2', [
        rule.bucket,
        subject,
      ]);
    },
    async sweep() {
      await db.query('delete from rate_limit_hits where at_ms <= $1', [now() - LONGEST_WINDOW_MS]);
    },
  };
}
