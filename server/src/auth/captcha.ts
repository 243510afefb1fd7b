/**
 * Image captchas for phone registration without SMS verification: svg-captcha draws a text chosen with
 * node:crypto; the answer is stored as an HMAC, used once, valid 5 minutes.
 */
import { Code } from '../../../src/core/contract/codes';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/types';
import { BusinessError } from '../http/envelope';

export const CAPTCHA_TTL_MS = 5 * 60_000;
/** Spec §9: a captcha is refreshed at most every 3 s. */
export const CAPTCHA_REFRESH_MS = 3_000;
const LENGTH = 5;
// No characters that look alike in the drawn font (0/O, 1/l/I, 5/S, 2/Z).
const ALPHABET = 'abcdefghjkmnpqrtuvwxy346789';

type DrawCaptcha = (text: string, options: Record<string, unknown>) => string;
// The package's default export draws a given text; its typings only declare the random-text helpers.
const draw = svgCaptcha as unknown as DrawCaptcha;

interface Deps {
  db: Db;
  key: Buffer;
  now: () => number;
  /** Dev only: told each issued text so `/dev/captcha/{uuid}` can answer end-to-end tests. */
  onIssued?: (uuid: string, text: string) => void;
}

/** The captcha store over one database, HMAC key and clock. */
export function createCaptchas({ db, key, now, onIssued }: Deps) {
  const digest = (uuid: string, text: string) =>
    createHmac('sha256', key).update(`captcha|${uuid}|${text.trim().toLowerCase()}`).digest();

  return {
    /**
     * A new captcha as an SVG data URL. `previous` is the captcha being refreshed: it stops working; a refresh
     * sooner than 3 s after it was drawn is refused with 23554 and leaves it valid.
     */
    async issue(ip: string, previous?: string): Promise<{ image: string; uuid: string }> {
      if (previous) {
        const { rows } = await db.query<{ created_at_ms: string }>(
          'select created_at_ms from captchas where uuid = $1',
          [previous],
        );
        const drawnAt = rows[0] ? Number(rows[0].created_at_ms) : null;
        if (drawnAt !== null && now() - drawnAt < CAPTCHA_REFRESH_MS)
          throw new BusinessError(Code.CAPTCHA_FAILED);
        await db.query('update captchas set consumed_at_ms = $2 where uuid = $1', [previous, now()]);
      }
      const text = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
      const uuid = randomBytes(16).toString('hex');
      const svg = draw(text, {
        width: 150,
        height: 50,
        fontSize: 50,
        noise: 3,
        color: true,
        background: '#f4f6f8',
      });
      await db.query(
        'insert into captchas (uuid, text_hash, ip, created_at_ms, expires_at_ms) values ($1, $2, $3, $4, $5)',
        [uuid, digest(uuid, text).toString('hex'), ip, now(), now() + CAPTCHA_TTL_MS],
      );
      onIssued?.(uuid, text);
      return { image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, uuid };
    },

    /**
     * Uses the captcha: 23555 when unknown, used or expired (the client draws a new one), 23556 when the text
     * is wrong (the captcha is used up too, so that it cannot be guessed at).
     */
    async consume(uuid: string, text: string): Promise<void> {
      const { rows } = await db.query<{ text_hash: string; expires_at_ms: string }>(
        `update captchas set consumed_at_ms = $2 where uuid = $1 and consumed_at_ms is null
         returning text_hash, expires_at_ms`,
        [uuid, now()],
      );
      const row = rows[0];
      if (!row || Number(row.expires_at_ms) <= now()) throw new BusinessError(Code.CAPTCHA_EXPIRED);
      if (!timingSafeEqual(digest(uuid, text), Buffer.from(row.text_hash, 'hex')))
        throw new BusinessError(Code.CAPTCHA_INVALID);
    },

    /** Deletes captchas older than an hour. */
    async sweep(): Promise<void> {
      await db.query('delete from captchas where created_at_ms < $1', [now() - 60 * 60_000]);
    },
  };
}

/** The captcha store (see `createCaptchas`). */
export type Captchas = ReturnType<typeof createCaptchas>;
