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
 *
 * Issue #24 (IK1–IK5): a success is stored by the handler itself, inside the transaction of its effect
 * (`AnswerRecorder.record`), so the effect and its answer commit together or not at all; a request that dies
 * after its commit leaves a key that replays its answer, never one "processing" for a day. A reservation has
 * a random token and a lease on the app clock: a repeat that finds the key pending past its lease (its request
 * died before its effect committed) takes the key over with a new token and runs the handler again. A slow
 * original that reaches its commit after that finds another token when it records its answer, and its whole
 * transaction rolls back: one effect either way.
 */
import { createHash, randomBytes } from 'node:crypto';
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

/**
 * How long a reservation is the running request's before a repeat may take the key over (IK2). Far longer
 * than a money submit takes (milliseconds; its transaction waits on row locks at most for another submit of
 * the same user), so only a request that died loses its key; short enough that a client retrying after a crash
 * or a restart learns the outcome within the quarter minute a person waits on a spinner.
 */
export const IDEMPOTENCY_LEASE_MS = 15_000;
/** The range `IDEMPOTENCY_LEASE_MS` may be set to (env `IDEMPOTENCY_LEASE_MS`, server/src/env.ts). */
export const IDEMPOTENCY_LEASE_MIN_MS = 100;
export const IDEMPOTENCY_LEASE_MAX_MS = 600_000;

/**
 * Given to the handler of an idempotent route (its context's `answer`): stores the success answer with the key
 * inside the transaction of the effect, before it commits. Each success is recorded exactly once.
 */
export interface AnswerRecorder<D = unknown> {
  /** True when the request carries a key (a route with an optional key, IK6, records only then). */
  readonly keyed: boolean;
  /**
   * Stores `answer` as the key's answer in `tx`, the open transaction of the effect (IK1). Throws when
   * another request took the key over (so the transaction, and with it the effect, rolls back), when `tx`
   * is not a transaction, or on a second answer.
   */
  record(tx: Queryable, answer: Envelope<D>): Promise<void>;
}

/** The `answer` of a route that is not idempotent: using it is an error. */
export function noAnswerRecorder(url: string): AnswerRecorder<never> {
  return {
    keyed: false,
    record: () => Promise.reject(new Error(`${url}: an answer recorded on a route that is not idempotent`)),
  };
}

/**
 * A handler of an idempotent route answered success without recording it in the transaction of its effect
 * (or recorded another answer than it gave): a programming error (HTTP 500). Every idempotent route's test
 * (http/idempotent-routes.test.ts) would fail on it.
 */
export class AnswerNotRecordedError extends Error {
  constructor(what: string, detail: string) {
    super(`${what} must record its answer in the transaction of its effect: ${detail}`);
    this.name = 'AnswerNotRecordedError';
  }
}

/**
 * The request's reservation was taken over by a repeat after its lease ended (it was slow, not dead): its
 * transaction rolls back and it answers 23552, so its client asks again and gets the repeat's answer.
 */
export class KeyTakenOverError extends BusinessError {
  constructor() {
    super(Code.ORDER_PROCESSING, 'Idempotency-Key was taken over by a repeat of this request');
    this.name = 'KeyTakenOverError';
  }
}

/** What `withIdempotency` needs besides the request. */
export interface IdempotencyOptions {
  /** `app.db`: where keys are reserved (a recorder given it instead of a transaction refuses). */
  db: Queryable;
  /** The app clock (ms): lease ends are on business time, so tests move the clock instead of waiting. */
  now: () => number;
  /** The lease of a reservation, `IDEMPOTENCY_LEASE_MS` unless the server was told otherwise. */
  leaseMs: number;
}

interface KeyRow {
  path: string;
  fingerprint: string;
  state: string;
  response: unknown;
  lease_until_ms: string;
}

/** Runs `handler` at most once per (user, key) to its committed effect; repeats answer its stored envelope. */
export async function withIdempotency(
  options: IdempotencyOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  input: unknown,
  handler: (answer: AnswerRecorder) => Promise<Envelope<unknown>>,
): Promise<Envelope<unknown>> {
  const { db } = options;
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
  // This reservation's token: only the request holding it may store the key's answer.
  const token = randomBytes(16).toString('base64url');
  const now = options.now();
  const leaseEnd = now + options.leaseMs;
  const reserved = await db.query(
    `insert into idempotency_keys (user_id, key, path, fingerprint, token, lease_until_ms)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (user_id, key) do nothing returning key`,
    [userId, key, path, fingerprint, token, leaseEnd],
  );
  if (reserved.rows.length === 0) {
    const replayed = await existing(db, reply, userId, key, path, fingerprint, now);
    if (replayed) return replayed;
    // The first request's lease is over: it died (or is that slow). One update takes the key over, so of
    // several repeats one runs; it waits for the row lock of a transaction recording its answer right now,
    // and then finds the key done.
    const taken = await db.query(
      `update idempotency_keys set token = $3, lease_until_ms = $4
         where user_id = $1 and key = $2 and state = 'pending' and lease_until_ms <= $5 returning key`,
      [userId, key, token, leaseEnd, now],
    );
    if (taken.rows.length === 0) {
      const settled = await existing(db, reply, userId, key, path, fingerprint, now);
      if (settled) return settled;
      // Another repeat took it over first and still runs.
      throw new BusinessError(Code.ORDER_PROCESSING);
    }
    request.log.warn({ key }, 'Idempotency-Key taken over after its lease ended');
  }

  const what = `${request.method} ${request.routeOptions.url ?? path}`;
  let recorded: string | undefined;
  const recorder: AnswerRecorder = {
    keyed: true,
    async record(tx, answer) {
      if (tx === db) throw new AnswerNotRecordedError(what, 'recorded outside a transaction');
      if (recorded !== undefined) throw new AnswerNotRecordedError(what, 'a second answer recorded');
      const text = JSON.stringify(answer);
      // The update takes the key's row lock until the effect commits, which orders a takeover after it.
      const { rows } = await tx.query(
        `update idempotency_keys set state = 'done', response = $4::jsonb
           where user_id = $1 and key = $2 and token = $3 and state = 'pending' returning key`,
        [userId, key, token, text],
      );
      if (rows.length === 0) throw new KeyTakenOverError();
      recorded = text;
    },
  };
  // Stores a refusal (a BusinessError before any effect), and releases the key after an unexpected failure;
  // both only while this request still holds the key pending: never over a committed answer or a takeover.
  const storeRefusal = (refusal: Envelope<unknown>) =>
    db.query(
      `update idempotency_keys set state = 'done', response = $4::jsonb
         where user_id = $1 and key = $2 and token = $3 and state = 'pending'`,
      [userId, key, token, JSON.stringify(refusal)],
    );
  const release = () =>
    db.query(
      `delete from idempotency_keys where user_id = $1 and key = $2 and token = $3 and state = 'pending'`,
      [userId, key, token],
    );
  try {
    const answer = await handler(recorder);
    if (recorded === undefined) throw new AnswerNotRecordedError(what, 'its success was not recorded');
    if (JSON.stringify(answer) !== recorded) {
      throw new AnswerNotRecordedError(what, 'it answered other than it recorded');
    }
    return answer;
  } catch (error) {
    if (error instanceof BusinessError) await storeRefusal(fail(error.code, error.message));
    else await release();
    throw error;
  }
}

/**
 * The answer to a repeat of a key already in the table: its stored answer (replayed), 1001 for another
 * request, 23552 while its reservation's lease runs; null when the lease is over (the caller takes it over).
 */
async function existing(
  db: Queryable,
  reply: FastifyReply,
  userId: string,
  key: string,
  path: string,
  fingerprint: string,
  now: number,
): Promise<Envelope<unknown> | null> {
  const { rows } = await db.query<KeyRow>(
    `select path, fingerprint, state, response, lease_until_ms::text as lease_until_ms
       from idempotency_keys where user_id = $1 and key = $2`,
    [userId, key],
  );
  const first = rows[0];
  // Released by a failure between the insert and this read: the client asks again and reserves it.
  if (!first) throw new BusinessError(Code.ORDER_PROCESSING);
  if (first.path !== path || first.fingerprint !== fingerprint) {
    throw new BusinessError(Code.INCORRECT_PARAMETER, 'Idempotency-Key was used for another request');
  }
  if (first.state !== 'done') {
    if (Number(first.lease_until_ms) > now) throw new BusinessError(Code.ORDER_PROCESSING);
    return null;
  }
  void reply.header('idempotent-replay', 'true');
  const raw = first.response;
  const stored = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Envelope<unknown>;
  // A stored refusal is thrown again, so the error handler answers it exactly as the first time.
  if (stored.code !== Code.OK) throw new BusinessError(stored.code, stored.msg);
  return stored;
}

/**
 * Run by a service inside the transaction of its money effect, just before it commits, with what it made: the
 * route records its answer there (`AnswerRecorder.record`), so the effect and the answer commit together.
 */
export type BeforeCommit<R> = (tx: Queryable, result: R) => Promise<void>;
