import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';

/**
 * Personal cashier data at rest (bank card holders and accounts, withdrawal addresses): AES-256-GCM under the
 * cashier key, which is `CASHIER_KEY` (base64 of 32 bytes) when given, else one created once in
 * `server_secrets` (every process on the database shares it). A sealed value is `v1.<iv>.<tag>.<ciphertext>`
 * in base64url; opening checks the tag, so a changed row never decrypts to something else. Sealed values and
 * their plaintext are never logged and never part of an error message.
 */
export interface Sealer {
  seal(plain: string): string;
  /** The plaintext, or throws `SealBroken` (wrong key, changed row). */
  open(sealed: string): string;
  /** A keyed hash of a value (finds duplicates without decrypting). */
  hash(plain: string): string;
}

export class SealBroken extends Error {
  constructor() {
    super('sealed value cannot be opened');
    this.name = 'SealBroken';
  }
}

const SECRET_NAME = 'cashier.seal-key';
const VERSION = 'v1';

/** The cashier key: from `fromEnv` (base64, 32 bytes) or the database, created on first use. */
export async function loadCashierKey(db: Queryable, fromEnv: string | undefined): Promise<Buffer> {
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('CASHIER_KEY must be the base64 of 32 bytes');
    return key;
  }
  await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    SECRET_NAME,
    randomBytes(32).toString('base64'),
  ]);
  const { rows } = await db.query<{ value: string }>('select value from server_secrets where name = $1', [
    SECRET_NAME,
  ]);
  return Buffer.from((rows[0] as { value: string }).value, 'base64');
}

/** A sealer under `key` (32 bytes). */
export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('the cashier key must be 32 bytes');
  const hashKey = createHmac('sha256', key).update('tradekit cashier lookup v1').digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new SealBroken();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SealBroken();
      }
    },
    hash(plain) {
      return createHmac('sha256', hashKey).update(plain, 'utf8').digest('base64url');
    },
  };
}
