import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Code } from '../../../src/core/contract/codes';
import { endpoint } from '../../../src/core/contract/endpoint';
import { Obj, Str, T } from '../../../src/core/contract/schema';
import { createUser, signIn } from '../accounts/test-app';
import { buildApp } from '../app';
import { createTestClock } from '../clock';
import { appStorage, describeOnBackends, type TestDatabase } from '../db/testing';
import { BusinessError, ok } from './envelope';
import { IDEMPOTENCY_LEASE_MS } from './idempotency';
import { route } from './route';

const PAY = endpoint({
  service: 'api',
  path: 'waa/test/pay',
  access: 'protected',
  summary: 'test money submit',
  input: Obj({ amount: Str(40) }),
  data: Obj({ paid: T.Integer() }),
  codes: [Code.INSUFFICIENT_BALANCE],
  idempotent: true,
});

/** A promise the test settles. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Where a held request waits: before its transaction, after its effect, or after recording its answer. */
type HoldAt = 'before' | 'effect' | 'recorded';
interface Hold {
  at: HoldAt;
  reached: ReturnType<typeof deferred>;
  release: ReturnType<typeof deferred>;
}

// On PostgreSQL: the takeover and the row lock between two requests need two connections (PGlite has one;
// `npm run test:fast` runs the rest there).
describeOnBackends('Idempotency-Key on money submits', { on: 'postgres' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string;
  let otherToken: string;
  const clock = createTestClock({ frozen: true });
  /** Requests to hold, by their body's amount (the first one only). */
  const holds = new Map<string, Hold>();

  const hold = (amount: string, at: HoldAt): Hold => {
    const h = { at, reached: deferred(), release: deferred() };
    holds.set(amount, h);
    return h;
  };
  const waitAt = async (amount: string, at: HoldAt) => {
    const h = holds.get(amount);
    if (h?.at !== at) return;
    // Only the first request with the amount is held; its repeats run through.
    holds.delete(amount);
    h.reached.resolve();
    await h.release.promise;
  };

  beforeAll(async () => {
    database = await backend.create();
    app = await buildApp({ ...appStorage(database), clock, modules: { market: false, broker: false } });
    // The effect: one row per run that committed (a rolled-back run leaves none).
    await app.db.exec('create table test_pay_effects (n serial primary key, amount text not null)');
    route(app, PAY, async (input, { answer }) => {
      const { amount } = input;
      if (amount === 'refuse') throw new BusinessError(Code.INSUFFICIENT_BALANCE);
      if (amount === 'crash') throw new Error('unexpected');
      await waitAt(amount, 'before');
      const paid = await app.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ n: number }>(
          'insert into test_pay_effects (amount) values ($1) returning n',
          [amount],
        );
        await waitAt(amount, 'effect');
        const result = ok({ paid: Number(rows[0]?.n) });
        // The programming errors: no answer recorded, or one recorded outside the effect's transaction.
        if (amount.startsWith('unrecorded')) return result;
        await answer.record(amount.startsWith('outside') ? app.db : tx, result);
        await waitAt(amount, 'recorded');
        return result;
      });
      // Work after the commit that fails (a notification's publish, the process killed): the answer is stored.
      if (amount.startsWith('after')) throw new Error('failed after the commit');
      return paid;
    });
    await app.ready();
    token = await signIn(app, (await createUser(app)).id);
    otherToken = await signIn(app, (await createUser(app)).id);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const pay = (
    body: Record<string, unknown>,
    key: string | null,
    who = token,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url: '/v1/waa/test/pay',
      payload: body,
      headers: { authorization: `Bearer ${who}`, ...(key ? { 'idempotency-key': key } : {}) },
    });
  const effects = async (amount?: string) =>
    Number(
      (
        await app.db.query<{ n: string }>(
          'select count(*)::text as n from test_pay_effects where $1::text is null or amount = $1',
          [amount ?? null],
        )
      ).rows[0]?.n,
    );
  const keyRow = async (key: string) =>
    (
      await app.db.query<{ state: string; response: unknown }>(
        'select state, response from idempotency_keys where key = $1',
        [key],
      )
    ).rows[0];

  it('refuses a submit without a key (1001) and moves nothing', async () => {
    const before = await effects();
    expect((await pay({ amount: '1' }, null)).json()).toMatchObject({
      code: Code.INCORRECT_PARAMETER,
      msg: 'Idempotency-Key header required',
    });
    expect(await effects()).toBe(before);
  });

  it('tells a malformed key from a missing one (issue #19 item 13) and moves nothing', async () => {
    const before = await effects();
    const answer = async (key: string) =>
      (await pay({ amount: '1' }, key)).json<{ code: number; msg: string }>();
    for (const key of ['short', 'k'.repeat(129)]) {
      expect(await answer(key)).toEqual({
        code: Code.INCORRECT_PARAMETER,
        msg: 'Idempotency-Key must be 8 to 128 characters long',
        data: null,
      });
    }
    for (const key of ['key with spaces', 'key/with/slashes', 'key<script>1']) {
      expect(await answer(key)).toEqual({
        code: Code.PARAMETER_ILLEGAL_CHARS,
        msg: 'Idempotency-Key may hold only A-Z a-z 0-9 _ . : -',
        data: null,
      });
    }
    expect(await effects()).toBe(before);
  });

  it('answers 20 concurrent requests with one key by one effect; the others replay it or say it is processing', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay({ amount: 'five' }, 'key-concurrent-01')),
    );
    expect(await effects('five')).toBe(1);
    const codes = answers.map((a) => a.json().code as number);
    expect(codes.every((c) => c === 0 || c === Code.ORDER_PROCESSING)).toBe(true);
    expect(codes.filter((c) => c === 0).length).toBeGreaterThanOrEqual(1);
    const first = answers.find((a) => a.json().code === 0)?.json();
    const later = await pay({ amount: 'five' }, 'key-concurrent-01');
    expect(later.json()).toEqual(first);
    expect(later.headers['idempotent-replay']).toBe('true');
    expect(await effects('five')).toBe(1);
  });

  it('replays a refusal as the same code, and refuses the key for another body (1001)', async () => {
    const first = (await pay({ amount: 'refuse' }, 'key-refused-0001')).json();
    expect(first.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect((await pay({ amount: 'refuse' }, 'key-refused-0001')).json()).toEqual(first);
    expect((await pay({ amount: '7' }, 'key-refused-0001')).json().code).toBe(Code.INCORRECT_PARAMETER);
  });

  it('releases the key after an unexpected failure, so the same submission can be retried', async () => {
    expect((await pay({ amount: 'crash' }, 'key-crash-00001')).statusCode).toBe(500);
    expect(await keyRow('key-crash-00001')).toBeUndefined();
    expect((await pay({ amount: 'crash' }, 'key-crash-00001')).statusCode).toBe(500);
  });

  it('keeps keys per user: the same key of another user is a new submission', async () => {
    await pay({ amount: 'shared' }, 'key-shared-00001');
    await pay({ amount: 'shared' }, 'key-shared-00001', otherToken);
    expect(await effects('shared')).toBe(2);
  });

  it('stores the answer with the effect: a failure after the commit leaves a key that replays the success (IK1)', async () => {
    const failed = await pay({ amount: 'after-commit' }, 'key-after-00001');
    expect(failed.statusCode).toBe(500);
    expect((await keyRow('key-after-00001'))?.state).toBe('done');
    const again = await pay({ amount: 'after-commit' }, 'key-after-00001');
    expect(again.json()).toMatchObject({ code: 0, data: { paid: expect.any(Number) } });
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(await effects('after-commit')).toBe(1);
  });

  it('takes over the key of a request that died after reserving it once its lease is over (IK2)', async () => {
    // The first request reserves the key and never gets to its transaction (as if killed there).
    const dead = hold('died', 'before');
    const first = pay({ amount: 'died' }, 'key-died-000001');
    await dead.reached.promise;
    expect((await pay({ amount: 'died' }, 'key-died-000001')).json().code).toBe(Code.ORDER_PROCESSING);
    clock.advance(IDEMPOTENCY_LEASE_MS - 1);
    expect((await pay({ amount: 'died' }, 'key-died-000001')).json().code).toBe(Code.ORDER_PROCESSING);
    clock.advance(1);
    const taken = await pay({ amount: 'died' }, 'key-died-000001');
    expect(taken.json()).toMatchObject({ code: 0, data: { paid: expect.any(Number) } });
    expect(taken.headers['idempotent-replay']).toBeUndefined();
    expect(await effects('died')).toBe(1);
    // Had it been slow rather than dead: it reaches its transaction, finds the key another's and rolls back.
    dead.release.resolve();
    expect((await first).json().code).toBe(Code.ORDER_PROCESSING);
    expect(await effects('died')).toBe(1);
    const replay = await pay({ amount: 'died' }, 'key-died-000001');
    expect(replay.json()).toEqual(taken.json());
    expect(replay.headers['idempotent-replay']).toBe('true');
  });

  // Two requests at once in the database: PostgreSQL only (PGlite's one connection would wait on the first).
  it.runIf(backend.name === 'postgres')(
    'rolls back a slow original that commits after a takeover: the effect happens once (IK2)',
    async () => {
      const slow = hold('slow', 'effect');
      const original = pay({ amount: 'slow' }, 'key-slow-000001');
      // Its effect is written, not committed.
      await slow.reached.promise;
      clock.advance(IDEMPOTENCY_LEASE_MS);
      const taken = await pay({ amount: 'slow' }, 'key-slow-000001');
      expect(taken.json().code).toBe(0);
      slow.release.resolve();
      expect((await original).json().code).toBe(Code.ORDER_PROCESSING);
      expect(await effects('slow')).toBe(1);
      expect((await keyRow('key-slow-000001'))?.response).toEqual(taken.json());
    },
  );

  // Two requests at once in the database: PostgreSQL only (PGlite's one connection would wait on the first).
  it.runIf(backend.name === 'postgres')(
    'orders a takeover after an original that recorded its answer and is committing: a replay (IK2)',
    async () => {
      const committing = hold('committing', 'recorded');
      const original = pay({ amount: 'committing' }, 'key-commit-00001');
      // The answer is written in the open transaction, which holds the key's row lock.
      await committing.reached.promise;
      clock.advance(IDEMPOTENCY_LEASE_MS);
      const repeat = pay({ amount: 'committing' }, 'key-commit-00001');
      // The repeat's takeover waits on that row lock (a condition in the database, no sleep).
      for (;;) {
        const { rows } = await app.db.query<{ n: string }>(
          `select count(*)::text as n from pg_locks where not granted and locktype = 'transactionid'`,
        );
        if (Number(rows[0]?.n) > 0) break;
      }
      committing.release.resolve();
      const first = (await original).json();
      expect(first.code).toBe(0);
      const second = await repeat;
      expect(second.json()).toEqual(first);
      expect(second.headers['idempotent-replay']).toBe('true');
      expect(await effects('committing')).toBe(1);
    },
  );

  it('answers HTTP 500 when a handler succeeds without recording its answer in its transaction', async () => {
    const unrecorded = await pay({ amount: 'unrecorded' }, 'key-unrec-00001');
    expect(unrecorded.statusCode).toBe(500);
    const outside = await pay({ amount: 'outside' }, 'key-outsd-00001');
    expect(outside.statusCode).toBe(500);
    // Neither committed an answer; the outside one's transaction rolled back.
    expect(await keyRow('key-unrec-00001')).toBeUndefined();
    expect(await keyRow('key-outsd-00001')).toBeUndefined();
    expect(await effects('outside')).toBe(0);
  });
});
