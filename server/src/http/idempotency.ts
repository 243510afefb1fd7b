/**
 * Idempotency of money submits (endpoints declared `idempotent: true`). The request's `Idempotency-Key`
 * (8–128 of `A-Za-z0-9_-.:`) is reserved for the user before the handler runs: one insert on the primary key
 * (user, key), so of concurrent repeats exactly one runs. The answer — success or a catalogue code — is
 * stored with the key; a repeat gets that answer again (header `idempotent-replay: true`) and moves nothing.
 * A repeat while the first still runs answers 23552 "order still processing". The same key on another path
 * or with another body answers 1001. A multipart body is read whole before the key is reserved and
 * fingerprinted by its fields and the SHA-256 of each file (issue #19: its length alone let another deposit
 * replay the first). An unexpected failure (HTTP 500) releases the key, so the client may retry. Keys are
 * kept 24 hours.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  IDEMPOTENCY_KEY_CHARS,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_MIN,
} from '../../../src/core/contract/idempotency';
import type { Envelope } from '../../../src/core/contract/envelope';
import type { Queryable } from '../db/types';
import { BusinessError, fail } from './envelope';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_CHARS = new RegExp(IDEMPOTENCY_KEY_CHARS);
/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * The bytes of a top-level field (a multipart file) stand as their hash, so a 10 MB image is hashed once
 * rather than serialised as a JSON array of numbers.
 */
function digestFiles(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    out[name] = value instanceof Uint8Array ? { sha256: sha256(value) } : value;
  }
  return out;
}

export function fingerprintOf(path: string, input: unknown): string {
  return sha256(`${path}\n${JSON.stringify(digestFiles(input) ?? null)}`);
}

/**
 * What a multipart submit is fingerprinted by: the parts its route read into `request.body` (fields as
 * text, files as bytes) in a preValidation hook. A route that streams its parts in the handler instead
 * cannot be idempotent: every body would look the same.
 */
export function bufferedParts(request: FastifyRequest): unknown {
  const body: unknown = request.body;
  if (body === null || typeof body !== 'object') {
    throw new Error('an idempotent multipart route must read its parts before its key is reserved');
  }
  return body;
}

/** Runs `handler` at most once per (user, key); repeats answer its stored envelope. */
export async function withIdempotency(
  db: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  input: unknown,
  handler: () => Promise<Envelope<unknown>>,
): Promise<Envelope<unknown>> {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  // Missing, the wrong length and the wrong characters each get their own answer (issue #19 item 13).
  if (!key) throw new BusinessError(Code.INCORRECT_PARAMETER, 'Idempotency-Key header required');
  if (key.length < IDEMPOTENCY_KEY_MIN || key.length > IDEMPOTENCY_KEY_MAX)
    throw new BusinessError(Code.INCORRECT_PARAMETER, 'Idempotency-Key must be 8 to 128 characters long');
  if (!KEY_CHARS.test(key))
    throw new BusinessError(
      Code.PARAMETER_ILLEGAL_CHARS,
      'Idempotency-Key may hold only A-Z a-z 0-9 _ . : -',
    );
  const userId = request.auth?.userId;
  if (!userId) throw new BusinessError(Code.LOGIN_REQUIRED);
  const fingerprint = fingerprintOf(path, input);

  // Forget keys past their time (this user's only: bounded work, no global sweep on the hot path).
  await db.query(`delete from idempotency_keys where user_id = $1 and created_at < now() - $2::interval`, [
    userId,
    `${IDEMPOTENCY_TTL_MS} milliseconds`,
  ]);
  const reserved = await db.query(
    `insert into idempotency_keys (user_id, key, path, fingerprint) values ($1, $2, $3, $4)
       on conflict (user_id, key) do nothing returning key`,
    [userId, key, path, fingerprint],
  );
  if (reserved.rows.length === 0) {
    const { rows } = await db.query<{ path: string; fingerprint: string; state: string; response: unknown }>(
      'select path, fingerprint, state, response from idempotency_keys where user_id = $1 and key = $2',
      [userId, key],
    );
    const first = rows[0];
    if (!first) throw new BusinessError(Code.ORDER_PROCESSING);
    if (first.path !== path || first.fingerprint !== fingerprint) {
      throw new BusinessError(Code.INCORRECT_PARAMETER, 'Idempotency-Key was used for another request');
    }
    if (first.state !== 'done') throw new BusinessError(Code.ORDER_PROCESSING);
    void reply.header('idempotent-replay', 'true');
    const raw = first.response;
    const stored = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Envelope<unknown>;
    // A stored refusal is thrown again, so the error handler answers it exactly as the first time.
    if (stored.code !== Code.OK) throw new BusinessError(stored.code, stored.msg);
    return stored;
  }

  const store = (answer: Envelope<unknown>) =>
    db.query(
      `update idempotency_keys set state = 'done', response = $3::jsonb where user_id = $1 and key = $2`,
      [userId, key, JSON.stringify(answer)],
    );
  let answer: Envelope<unknown>;
  try {
    answer = await handler();
  } catch (error) {
    if (error instanceof BusinessError) await store(fail(error.code, error.message));
    else await db.query('delete from idempotency_keys where user_id = $1 and key = $2', [userId, key]);
    throw error;
  }
  await store(answer);
  return answer;
}
