/** TOTP (RFC 6238) over HOTP (RFC 4226) with node:crypto: the second factor of the login. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { base32Decode, base32Encode } from './base32';

/** HMAC of the authenticator apps (SHA-1) and the other two of RFC 6238. */
export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** Step length and code length used by every authenticator app. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

/** HOTP value of `counter` (a 64-bit moving factor) for `key`. */
export function hotp(
  key: Uint8Array,
  counter: number,
  digits = TOTP_DIGITS,
  algorithm: TotpAlgorithm = 'sha1',
) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of `nowMs`. */
export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/** The TOTP code at `nowMs`. */
export function totpAt(
  key: Uint8Array,
  nowMs: number,
  digits = TOTP_DIGITS,
  algorithm: TotpAlgorithm = 'sha1',
) {
  return hotp(key, totpStep(nowMs), digits, algorithm);
}

/** A new shared secret: 160 random bits (the HMAC-SHA-1 block recommendation of RFC 4226), base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/**
 * The step that `code` matches at `nowMs` (current step ±1 for clock drift), or null. A step at or before
 * `lastStep` never matches again: each code is accepted once.
 */
export function matchTotp(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const current = totpStep(nowMs);
  for (const step of [current - 1, current, current + 1]) {
    if (lastStep !== null && step <= lastStep) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
}

/** The `otpauth://` URI an authenticator app scans (issuer = brand, account = email or phone). */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
