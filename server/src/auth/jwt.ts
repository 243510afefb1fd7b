/** HS256 JSON Web Tokens (RFC 7519) with node:crypto: the access token. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TokenPayload } from '../../../src/core/contract/auth';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** Unpadded base64url (RFC 7515 §2): anything else is not a token, even when Node could decode it. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const sign = (secret: Buffer, input: string) => createHmac('sha256', secret).update(input).digest();

/** Signs `payload` with `secret`. */
export function signJwt(payload: TokenPayload, secret: Buffer): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${sign(secret, body).toString('base64url')}`;
}

function isPayload(value: unknown): value is TokenPayload {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    ['sub', 'uid', 'sid', 'aesKey'].every((key) => typeof p[key] === 'string') &&
    (p.virtualStatus === '0' || p.virtualStatus === '1') &&
    Number.isInteger(p.exp) &&
    Number.isInteger(p.iat)
  );
}

/**
 * The payload of a token signed by `secret` with exactly our header, or null. Expiry is checked against
 * `nowMs` unless `ignoreExpiry` (the refresh call names the expired token it replaces).
 */
export function verifyJwt(
  token: string,
  secret: Buffer,
  nowMs: number,
  ignoreExpiry = false,
): TokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER || !parts.every((part) => BASE64URL.test(part))) return null;
  const [header, body, signature] = parts as [string, string, string];
  const expected = sign(secret, `${header}.${body}`);
  const given = Buffer.from(signature, 'base64url');
  // Node also decodes standard base64 and ignores stray bits: only the one canonical spelling is a token.
  if (given.toString('base64url') !== signature) return null;
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isPayload(payload)) return null;
  if (!ignoreExpiry && payload.exp * 1000 <= nowMs) return null;
  return payload;
}
