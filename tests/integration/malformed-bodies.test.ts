/**
 * Issue #19 items 5 and 6 on the whole app: malformed multipart bodies on the two multipart routes answer
 * 1001, never HTTP 500; a deeply nested body to an exchange route answers the token failure without a token
 * and 1001 with one, never reaching JSON.parse.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOT_LOGGED_IN } from '../../server/src/auth';
import { multipart, PNG_1X1 } from '../../server/src/users/multipart.testing';
import { fuzzApp, newSession, type Session } from '../fuzz/run';

const B = 'tkBoundary19';
const MULTIPART = `multipart/form-data; boundary=${B}`;
const field = (name: string, value: string) =>
  `--${B}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string) =>
  `--${B}\r\ncontent-disposition: form-data; name="${name}"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`;

/** Each answered HTTP 500 before the fix ("Unexpected end of multipart data", "Boundary not found"…). */
const MALFORMED: Array<{ name: string; type: string; body: (file: string) => string }> = [
  {
    name: 'body ends after a field',
    type: MULTIPART,
    body: () => `--${B}\r\ncontent-disposition: form-data; name="metaData"\r\n\r\n{}`,
  },
  { name: 'body ends inside the file', type: MULTIPART, body: (file) => `${fileHead(file)}\u0089PNG\r\n` },
  { name: 'no boundary parameter', type: 'multipart/form-data', body: () => field('metaData', '{}') },
  {
    name: 'boundary over 256 characters',
    type: `multipart/form-data; boundary=${'b'.repeat(300)}`,
    body: () => `--${'b'.repeat(300)}\r\n`,
  },
  {
    name: 'body never meets its boundary',
    type: 'multipart/form-data; boundary=other',
    body: () => `${field('metaData', '{}')}--${B}--\r\n`,
  },
];

describe('malformed bodies (issue #19)', () => {
  let app: FastifyInstance;
  let user: Session;
  let keys = 0;

  beforeAll(async () => {
    app = await fuzzApp();
    user = await newSession(app, 1);
  }, 120_000);
  afterAll(() => app?.close());

  const send = (url: string, type: string, payload: string | Buffer, token: string | null = user.token) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      headers: {
        'content-type': type,
        'idempotency-key': `malformed-${++keys}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  const routes = [
    { url: '/v1/waa/user/deposit', file: 'depositProof' },
    { url: '/v1/waa/user/info/submit', file: 'avatar' },
  ];
  for (const { url, file } of routes) {
    it.each(MALFORMED)(`${url}: $name answers 1001`, async ({ type, body }) => {
      const res = await send(url, type, body(file));
      expect([res.statusCode, res.json()]).toEqual([
        200,
        { code: 1001, msg: 'incorrect parameter', data: null },
      ]);
    });
  }

  it('still takes a well-formed profile submission', async () => {
    const form = multipart([
      { name: 'metaData', value: JSON.stringify({ nickName: 'Nineteen' }) },
      { name: 'avatar', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 },
    ]);
    const res = await send('/v1/waa/user/info/submit', form.headers['content-type'] as string, form.payload);
    expect(res.json()).toEqual({ code: 0, msg: 'success', data: null });
  });

  it('answers a 100,000-level order body without a token as any call without one, unparsed', async () => {
    const order = '/exchange/order/addOrder';
    const valid = JSON.stringify({ tradePair: 'BTCUSDT', orderQuantity: '1', orderType: 0, buyPoint: 2 });
    const plain = await send(order, 'application/json', valid, null);
    expect([plain.statusCode, plain.json()]).toEqual([401, NOT_LOGGED_IN]);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const res = await send(order, 'application/json', deep, null);
      expect([res.statusCode, res.json()]).toEqual([401, NOT_LOGGED_IN]);
      // With a token: within the size limit but too deep, refused before parsing.
      const withinLimit = `{"tradePair":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
      const refused = await send(order, 'application/json', withinLimit);
      expect([refused.statusCode, refused.json().code]).toEqual([200, 1001]);
      expect(parse.mock.calls.some(([text]) => text === deep || text === withinLimit)).toBe(false);
    } finally {
      parse.mockRestore();
    }
  });
});
