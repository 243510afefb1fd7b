import { createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';

/** Keys derived from the one server secret, each for one use. */
export interface AuthKeys {
  /** HS256 key of the access tokens. */
  token: Buffer;
  /** HMAC key of stored one-time codes and captcha answers (a 6-digit code needs a keyed hash). */
  codes: Buffer;
  /** HMAC key of the session mark a browser presents when it signs in again (decision SEC9). */
  sessionMark: Buffer;
}

const SECRET_NAME = 'auth.token-secret';

/**
 * The server secret: `TOKEN_SECRET` when given, else a random one created once in `server_secrets` so that every
 * process on the database signs alike and a restart keeps sessions.
 */
export async function loadServerSecret(db: Queryable, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('TOKEN_SECRET must be at least 32 characters');
    return fromEnv;
  }
  await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    SECRET_NAME,
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>('select value from server_secrets where name = $1', [
    SECRET_NAME,
  ]);
  return (rows[0] as { value: string }).value;
}

/** Separate keys per purpose, so that a leak of one use never forges another. */
export function deriveKeys(secret: string): AuthKeys {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest();
  return {
    token: derive('tradekit access token v1'),
    codes: derive('tradekit one-time codes v1'),
    sessionMark: derive('tradekit session mark v1'),
  };
}
