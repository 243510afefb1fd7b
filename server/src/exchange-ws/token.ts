import type { RawData } from 'ws';

const MAX_TOKEN_LENGTH = 4096;

/**
 * `{ "token", "since"? }` (RP2): the token, and the last event number the page handled (null when it sent none).
 * A `since` that is not a whole number from 0 makes the whole message invalid (null).
 */
export function authOf(data: RawData, isBinary: boolean): { token: string; since: number | null } | null {
  if (isBinary) return null;
  const bytes = Array.isArray(data)
    ? Buffer.concat(data)
    : data instanceof ArrayBuffer
      ? Buffer.from(data)
      : data;
  const text = bytes.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { token, since } = value as { token?: unknown; since?: unknown };
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  if (since === undefined) return { token, since: null };
  return Number.isSafeInteger(since) && (since as number) >= 0 ? { token, since: since as number } : null;
}

/**
 * Expiry (ms since epoch) of an access token the auth module has already verified, or null. Only the
 * payload is read here: the signature was checked by `app.auth.checkToken`.
 */
export function tokenExpiryMs(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' && Number.isFinite(payload.exp) ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}
