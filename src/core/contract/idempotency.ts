/**
 * The `Idempotency-Key` header of money submits (endpoints declared `idempotent: true`): its name and format,
 * written once for the server's check, the client's keys and the OpenAPI document.
 */
import { Str } from './schema';

/** The header's name as documented (HTTP header names are case-insensitive; Node reads it lower-case). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 128;
/** The characters a key may hold. */
export const IDEMPOTENCY_KEY_CHARS = '^[A-Za-z0-9_.:-]*$';
/** The whole format: 8–128 of `A–Z a–z 0–9 _ . : -`. */
export const IDEMPOTENCY_KEY_PATTERN = `^[A-Za-z0-9_.:-]{${IDEMPOTENCY_KEY_MIN},${IDEMPOTENCY_KEY_MAX}}$`;

/** The header's schema as the OpenAPI document shows it. */
export const IdempotencyKey = Str(IDEMPOTENCY_KEY_MAX, {
  minLength: IDEMPOTENCY_KEY_MIN,
  pattern: IDEMPOTENCY_KEY_PATTERN,
  description:
    'One key per submission (a retry of the same submission sends the same key): 8–128 characters of ' +
    'A–Z a–z 0–9 _ . : -. A repeat answers the first answer and moves nothing; a missing key answers 1001 ' +
    '"Idempotency-Key header required", a key of the wrong length 1001 and one with other characters 23558, ' +
    'each with a message naming the header.',
});
