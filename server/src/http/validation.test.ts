import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Int, Obj, Str, T } from '../../../src/core/contract/schema';
import { hasUnsafeValue, httpPlugin } from './plugin';
import { HTTP_SERVER_OPTIONS } from './server-options';
import { unsafeNumberPath } from './validation';

describe('input validation per request part', () => {
  let app: FastifyInstance;
  const input = Obj({ n: T.Optional(Int(0, 1000)), s: T.Optional(Str(10)), legacy: T.Optional(T.Integer()) });

  beforeAll(async () => {
    app = Fastify({ logger: false, ...HTTP_SERVER_OPTIONS });
    await app.register(httpPlugin);
    app.post('/t', { schema: { body: input } }, async (request) => ({
      code: 0,
      msg: '',
      data: request.body,
    }));
    app.get('/t', { schema: { querystring: input } }, async (request) => ({
      code: 0,
      msg: '',
      data: request.query,
    }));
    app.get('/p/:n', { schema: { params: Obj({ n: Int(0, 9) }) } }, async (request) => ({
      data: request.params,
    }));
    await app.ready();
  });
  afterAll(() => app.close());

  const post = async (payload: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/t',
        payload,
        headers: { 'content-type': 'application/json' },
      })
    ).json<{
      code: number;
      data: unknown;
    }>();
  const get = async (url: string) =>
    (await app.inject({ method: 'GET', url })).json<{ code: number; data: unknown }>();

  it('takes a JSON body as typed: no string, boolean or null becomes a number', async () => {
    expect(await post('{"n":12,"s":"ab"}')).toMatchObject({ code: 0, data: { n: 12, s: 'ab' } });
    for (const n of ['"12"', '"Infinity"', '"-Infinity"', 'true', 'null', '[1]', '1e400', '-1e400']) {
      expect((await post(`{"n":${n}}`)).code, n).toBe(1001);
    }
    expect((await post('{"s":12}')).code).toBe(1001);
  });

  it('refuses NUL bytes and numbers beyond ±2^53 whatever the schema says', async () => {
    expect((await post('{"legacy":1e21}')).code).toBe(1001);
    expect((await post('{"legacy":9007199254740993}')).code).toBe(1001);
    expect((await post('{"extra":"a\\u0000b"}')).code).toBe(1001);
    expect((await post('{"a\\u0000":1}')).code).toBe(1001);
    expect((await get('/t?extra=a%00b')).code).toBe(1001);
    expect((await post('{"legacy":9007199254740991}')).code).toBe(0);
  });

  it('coerces the query string and path segments, but only to finite numbers in range', async () => {
    expect(await get('/t?n=12&s=ab')).toMatchObject({ code: 0, data: { n: 12, s: 'ab' } });
    for (const n of ['Infinity', '-Infinity', 'NaN', '1e21', '-1', 'x', '']) {
      expect((await get(`/t?n=${n}`)).code, n).toBe(1001);
    }
    expect((await get('/t?legacy=Infinity')).code).toBe(1001);
    expect((await get('/t?legacy=1e300')).code).toBe(1001);
    expect((await get('/p/7')).data).toEqual({ n: 7 });
    expect((await get('/p/Infinity')).code).toBe(1001);
  });

  it('answers a malformed URL with the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/x/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 1001, msg: 'incorrect parameter', data: null });
  });

  it('finds unsafe values in nested input without recursion', () => {
    expect(hasUnsafeValue({ a: [{ b: 'ok' }, 1, null, true] })).toBe(false);
    expect(hasUnsafeValue({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(hasUnsafeValue(JSON.parse(`${'['.repeat(100_000)}1e400${']'.repeat(100_000)}`))).toBe(true);
    expect(hasUnsafeValue(Buffer.from([0, 0]))).toBe(false);
    expect(unsafeNumberPath({ a: { b: Number.POSITIVE_INFINITY } })).toBe('/a/b');
    expect(unsafeNumberPath({ a: 1 })).toBeNull();
  });
});
