import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Code } from '../../../src/core/contract/codes';
import { endpoint } from '../../../src/core/contract/endpoint';
import { Obj, Str, T } from '../../../src/core/contract/schema';
import { createUser, signIn } from '../accounts/test-app';
import { buildApp } from '../app';
import { appStorage, describeOnBackends, type TestDatabase } from '../db/testing';
import { BusinessError, ok } from './envelope';
import { route } from './route';

const PAY = endpoint({
  service: 'api',
  path: 'waa/test/pay',
  access: 'protected',
  summary: 'test money submit',
  input: Obj({ amount: Str(20) }),
  data: Obj({ paid: T.Integer() }),
  codes: [Code.INSUFFICIENT_BALANCE],
  idempotent: true,
});

describeOnBackends('Idempotency-Key on money submits', { on: 'postgres' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string;
  let otherToken: string;
  let effects = 0;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildApp({
      ...appStorage(database),
      modules: { market: false, broker: false },
    });
    route(app, PAY, async (input) => {
      if (input.amount === 'refuse') throw new BusinessError(Code.INSUFFICIENT_BALANCE);
      if (input.amount === 'crash') throw new Error('unexpected');
      await new Promise((resolve) => setTimeout(resolve, 20));
      effects += 1;
      return ok({ paid: effects });
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

  it('refuses a submit without a key (1001) and moves nothing', async () => {
    const before = effects;
    expect((await pay({ amount: '1' }, null)).json()).toMatchObject({
      code: Code.INCORRECT_PARAMETER,
      msg: 'Idempotency-Key header required',
    });
    expect(effects).toBe(before);
  });

  it('tells a malformed key from a missing one (issue #19 item 13) and moves nothing', async () => {
    const before = effects;
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
    expect(effects).toBe(before);
  });

  it('answers 20 concurrent requests with one key by one effect; the others replay it or say it is processing', async () => {
    const before = effects;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay({ amount: '5' }, 'key-concurrent-01')),
    );
    expect(effects).toBe(before + 1);
    const codes = answers.map((a) => a.json().code as number);
    expect(codes.every((c) => c === 0 || c === Code.ORDER_PROCESSING)).toBe(true);
    expect(codes.filter((c) => c === 0).length).toBeGreaterThanOrEqual(1);
    const later = await pay({ amount: '5' }, 'key-concurrent-01');
    expect(later.json()).toEqual({ code: 0, msg: 'success', data: { paid: before + 1 } });
    expect(later.headers['idempotent-replay']).toBe('true');
    expect(effects).toBe(before + 1);
  });

  it('replays a refusal as the same code, and refuses the key for another body (1001)', async () => {
    const first = (await pay({ amount: 'refuse' }, 'key-refused-0001')).json();
    expect(first.code).toBe(Code.INSUFFICIENT_BALANCE);
    expect((await pay({ amount: 'refuse' }, 'key-refused-0001')).json()).toEqual(first);
    expect((await pay({ amount: '7' }, 'key-refused-0001')).json().code).toBe(Code.INCORRECT_PARAMETER);
  });

  it('releases the key after an unexpected failure, so the same submission can be retried', async () => {
    expect((await pay({ amount: 'crash' }, 'key-crash-00001')).statusCode).toBe(500);
    expect((await pay({ amount: 'crash' }, 'key-crash-00001')).statusCode).toBe(500);
  });

  it('keeps keys per user: the same key of another user is a new submission', async () => {
    const before = effects;
    await pay({ amount: '1' }, 'key-shared-00001');
    await pay({ amount: '1' }, 'key-shared-00001', otherToken);
    expect(effects).toBe(before + 2);
  });
});
