import type { RawData } from 'ws';

const MAX_TOKEN_LENGTH = 4096;

/** The token of a `{ "token": "…" }` text message, or null for anything else. */
export function tokenOf(data: RawData, isBinary: boolean): string | null {
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
  const { token } = value as { token?: unknown };
  return typeof token === 'string' && token.length > 0 && token.length <= MAX_TOKEN_LENGTH ? token : null;
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
