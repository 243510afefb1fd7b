import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing';
import { BusinessError, ok } from './envelope';
import { endpoint } from '../../../src/core/contract/endpoint';
import { Obj, Str, T } from '../../../src/core/contract/schema';
import { route } from './route';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({
    modules: { market: false, broker: false },
    logger: { level: 'info', stream: logStream },
  });
  const declared = (
    path: string,
    input: ReturnType<typeof Obj>,
    data: Parameters<typeof endpoint>[0]['data'],
  ) =>
    endpoint({
      service: 'api',
      path,
      access: 'public',
      methods: ['POST', 'GET'],
      summary: '',
      input,
      data,
      codes: [],
    });
  route(
    app,
    declared(
      'wa-na/test/echo',
      Obj({ amount: Str(40, { pattern: '^\\d+(\\.\\d+)?$' }), note: T.Optional(Str(200)) }),
      Obj({ echoed: T.Object({}, { additionalProperties: true }) }),
    ),
    async (input) => ok({ echoed: { ...input } }),
  );
  route(app, declared('wa-na/test/business', Obj({}), T.Null()), async () => {
    throw new BusinessError(1052);
  });
  route(app, declared('wa-na/test/crash', Obj({}), Obj({ never: Str(10) })), async () => {
    throw new Error('secret internal detail at db.example:5432');
  });
});
afterAll(() => app?.close());

describe('request validation', () => {
  it('answers a missing required field with HTTP 200 and code 1001 without internals', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/wa-na/test/echo', payload: { note: 'x' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1001, msg: 'incorrect parameter', data: null });
  });

  it('answers a malformed JSON body with code 1001', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/wa-na/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"amount": ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(1001);
  });

  it('strips unknown fields before the handler sees them', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/wa-na/test/echo',
      payload: { amount: '12.50', isAdmin: true, balance: '1000000' },
    });
    expect(res.json()).toEqual({ code: 0, msg: 'success', data: { echoed: { amount: '12.50' } } });
  });

  it('reads the same input from the query string on GET', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/wa-na/test/echo?amount=3&note=hi&extra=1' });
    expect(res.json().data).toEqual({ echoed: { amount: '3', note: 'hi' } });
  });

  it('treats an empty JSON body as an empty object', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/wa-na/test/business',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.json().code).toBe(1052);
  });
});

describe('request bodies', () => {
  it('treats a POST without a body as an empty object', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/wa-na/test/business' });
    expect(res.json().code).toBe(1052);
  });

  it('keeps the HTTP status of an unsupported content type and answers 1001', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/wa-na/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<amount>1</amount>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 1001, msg: 'incorrect parameter', data: null });
  });
});

describe('business errors', () => {
  it('answers a BusinessError with HTTP 200 and its catalogue code and message', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/wa-na/test/business', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1052, msg: 'insufficient balance', data: null });
  });
});

describe('unexpected errors', () => {
  it('answers HTTP 500 with a generic body and logs the details', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/wa-na/test/crash', payload: {} });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 1000, msg: 'Server error', data: null });
    expect(res.body).not.toMatch(/secret|stack|\.ts/);
    expect(logLines.join('')).toContain('secret internal detail');
  });
});

describe('unknown paths', () => {
  it.each([
    ['POST', '/v1/wa-na/no/such/path'],
    ['GET', '/v1/waa/user/info'],
    ['POST', '/market/nothing'],
    ['GET', '/exchange/order/list'],
    ['GET', '/admin/v1/unknown'],
  ] as const)('%s %s answers HTTP 404 with code 1009', async (method, url) => {
    const res = await app.inject({ method, url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 1009, msg: 'incorrect URL', data: null });
  });
});

describe('logging', () => {
  it('never writes authorization, password, token or refreshToken', async () => {
    app.log.info(
      {
        password: 'hunter22',
        token: 'tok-1',
        body: { refreshToken: 'ref-1', password: 'p2' },
        headers: { authorization: 'Bearer abc' },
      },
      'sensitive',
    );
    await app.inject({
      method: 'POST',
      url: '/v1/wa-na/test/echo',
      headers: { authorization: 'Bearer live-token' },
      payload: { amount: '1', password: 'x' },
    });
    const log = logLines.join('');
    expect(log).toContain('sensitive');
    expect(log).not.toMatch(/hunter22|tok-1|ref-1|p2"|Bearer abc|live-token/);
  });
});

describe('response headers', () => {
  it('marks every response nosniff', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/wa-na/test/echo', payload: { amount: '1' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
