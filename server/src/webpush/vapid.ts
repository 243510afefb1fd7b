/**
 * The server's push identity (VAPID, RFC 8292): one P-256 key pair, made once and kept in `server_secrets` so
 * that every process on the database signs alike and a restart keeps the browsers' subscriptions (a browser
 * subscribed with the public key; a new key would orphan every subscription). Each push request carries a
 * short-lived ES256 token for the push service's origin.
 */
import {
  createPrivateKey,
  generateKeyPairSync,
  sign,
  verify,
  createPublicKey,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import type { Queryable } from '../db/types';

const SECRET_NAME = 'webpush.vapid-key';
/** Lifetime of a token (RFC 8292 allows at most 24 hours). */
export const VAPID_TOKEN_TTL_MS = 12 * 3600 * 1000;

/** The key pair: the private key signs, the public key is what browsers subscribe with. */
export interface VapidKeys {
  privateKey: KeyObject;
  /** Uncompressed P-256 point (65 bytes). */
  publicKey: Buffer;
}

/** The uncompressed point of a P-256 JWK. */
function pointOf(jwk: { x: string; y: string }): Buffer {
  return Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
}

/** Reads the key pair, making it on first use (one row, written once; every process reads the same). */
export async function loadVapidKeys(db: Queryable): Promise<VapidKeys> {
  const fresh = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    SECRET_NAME,
    JSON.stringify(fresh),
  ]);
  const { rows } = await db.query<{ value: string }>('select value from server_secrets where name = $1', [
    SECRET_NAME,
  ]);
  const jwk = JSON.parse((rows[0] as { value: string }).value) as JsonWebKey;
  return {
    privateKey: createPrivateKey({ key: jwk, format: 'jwk' }),
    publicKey: pointOf(jwk as { x: string; y: string }),
  };
}

/**
 * The `Authorization` header of a push request to `endpoint`: `vapid t=<ES256 token>, k=<public key>`, the
 * token's audience the push service's origin, its subject the operator's contact.
 */
export function vapidAuthorization(keys: VapidKeys, endpoint: string, subject: string, now: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    aud: new URL(endpoint).origin,
    exp: Math.floor((now + VAPID_TOKEN_TTL_MS) / 1000),
    sub: subject,
  };
  const input = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode(claims)}`;
  const signature = sign('sha256', Buffer.from(input), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${input}.${signature.toString('base64url')}, k=${keys.publicKey.toString('base64url')}`;
}

/**
 * What a push service checks of a request's `Authorization`: the token's signature by the key `k` names, and its
 * claims. Answers the claims, or null when the header is not a valid VAPID authorization. For tests and the test
 * push service.
 */
export function verifyVapid(
  header: string,
): { aud: string; exp: number; sub: string; publicKey: string } | null {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) return null;
  const [, head, body, signature, k] = match as unknown as [string, string, string, string, string];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65) return null;
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return null;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  return { ...claims, publicKey: k };
}
