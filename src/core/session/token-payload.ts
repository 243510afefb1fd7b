/**
 * Reading the access token's payload (spec §3: virtualStatus and the session's AES key). The client never
 * verifies the signature — it has no key and must not trust the payload for anything the server decides;
 * it only reads the demo flag, the expiry and the field-encoding key.
 */
import type { TokenPayload } from '../contract/auth';

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT access token, or null when the text is not one. */
export function decodeTokenPayload(token: string | null | undefined): TokenPayload | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(part));
    return typeof payload === 'object' && payload !== null ? (payload as TokenPayload) : null;
  } catch {
    return null;
  }
}

/** spec §3: the session is the demo account when virtualStatus is present and not '0'. */
export function isVirtualStatus(status: unknown): boolean {
  return status !== undefined && status !== null && String(status) !== '0';
}

/** Expiry of a token in ms since epoch: from the payload's `exp` (seconds), else null. */
export function tokenExpiry(payload: TokenPayload | null): number | null {
  return payload && Number.isFinite(payload.exp) ? payload.exp * 1000 : null;
}
