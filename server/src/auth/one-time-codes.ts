/**
 * One-time codes sent by mail or SMS: 6 random digits, valid 10 minutes, one use, 5 attempts, a new one for the
 * same destination and purpose no sooner than 60 s; stored as an HMAC bound to brand, purpose and destination.
 */
import { Code } from '../../../src/core/contract/codes';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/types';
import { BusinessError } from '../http/envelope';
import type { Channel } from '../sender';

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_GAP_MS = 60_000;
export const MAX_CODE_ATTEMPTS = 5;

/** Purposes that carry a code: '1' register, '2' forgot. */
export type CodePurposeValue = '1' | '2';

/** Which code: one brand, destination (email or E.164) and purpose. */
export interface CodeKey {
  brandId: string;
  destination: string;
  purpose: CodePurposeValue;
}

/** Why a presented code was refused: 1020 wrong, 1111 used/replaced/exhausted/never sent, 23555 expired. */
export const CODE_FAILURE = {
  wrong: Code.INVALID_VERIFICATION_CODE,
  unusable: Code.VERIFICATION_CODE_INVALID,
  expired: Code.CAPTCHA_EXPIRED,
} as const;

interface Deps {
  db: Db;
  key: Buffer;
  now: () => number;
}

interface CodeRow {
  id: string;
  code_hash: string;
  attempts: number;
  expires_at_ms: string;
  consumed_at_ms: string | null;
}

/** The code store over one database, HMAC key and clock. */
export function createOneTimeCodes({ db, key, now }: Deps) {
  const digest = (k: CodeKey, code: string) =>
    createHmac('sha256', key).update(`${k.brandId}|${k.purpose}|${k.destination}|${code}`).digest();
  const WHERE = 'brand_id = $1 and destination = $2 and purpose = $3';

  return {
    /** A new code for `k` (older ones stop working); 1110 when the last one is younger than 60 s. */
    async issue(k: CodeKey, channel: Channel): Promise<{ id: string; code: string }> {
      return db.exclusive(`tradekit:code:${k.brandId}:${k.purpose}:${k.destination}`, () =>
        db.transaction(async (tx) => {
          const params = [k.brandId, k.destination, k.purpose];
          const { rows } = await tx.query<{ created_at_ms: string }>(
            `select created_at_ms from verification_codes where ${WHERE} order by created_at_ms desc limit 1`,
            params,
          );
          const last = rows[0];
          if (last && now() - Number(last.created_at_ms) < RESEND_GAP_MS)
            throw new BusinessError(Code.TOO_FREQUENT);
          await tx.query(
            `update verification_codes set consumed_at_ms = $4 where ${WHERE} and consumed_at_ms is null`,
            [...params, now()],
          );
          const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
          const inserted = await tx.query<{ id: string }>(
            `insert into verification_codes (brand_id, channel, destination, purpose, code_hash, created_at_ms,
               expires_at_ms) values ($1, $4, $2, $3, $5, $6, $7) returning id`,
            [...params, channel, digest(k, code).toString('hex'), now(), now() + CODE_TTL_MS],
          );
          return { id: (inserted.rows[0] as { id: string }).id, code };
        }),
      );
    },

    /** Forgets a code that could not be delivered, so that the user may ask again at once. */
    async discard(id: string): Promise<void> {
      await db.query('delete from verification_codes where id = $1', [id]);
    },

    /** Uses the latest code of `k`; throws 1020, 1111 or 23555 (see CODE_FAILURE). Attempts are counted. */
    async consume(k: CodeKey, code: string): Promise<void> {
      const outcome = await db.transaction(async (tx) => {
        const { rows } = await tx.query<CodeRow>(
          `select id, code_hash, attempts, expires_at_ms, consumed_at_ms from verification_codes
            where ${WHERE} order by created_at_ms desc, id desc limit 1 for update`,
          [k.brandId, k.destination, k.purpose],
        );
        const row = rows[0];
        if (!row || row.consumed_at_ms !== null) return 'unusable' as const;
        if (Number(row.expires_at_ms) <= now()) return 'expired' as const;
        const expected = Buffer.from(row.code_hash, 'hex');
        if (/^\d{6}$/.test(code) && timingSafeEqual(digest(k, code), expected)) {
          await tx.query('update verification_codes set consumed_at_ms = $2 where id = $1', [row.id, now()]);
          return 'ok' as const;
        }
        const attempts = row.attempts + 1;
        await tx.query('update verification_codes set attempts = $2, consumed_at_ms = $3 where id = $1', [
          row.id,
          attempts,
          attempts >= MAX_CODE_ATTEMPTS ? now() : null,
        ]);
        return 'wrong' as const;
      });
      if (outcome !== 'ok') throw new BusinessError(CODE_FAILURE[outcome]);
    },

    /** Deletes codes older than a day. */
    async sweep(): Promise<void> {
      await db.query('delete from verification_codes where created_at_ms < $1', [now() - 24 * 60 * 60_000]);
    },
  };
}

/** The code store (see `createOneTimeCodes`). */
export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
