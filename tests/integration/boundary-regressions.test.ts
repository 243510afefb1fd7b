/**
 * Regressions of issue #10 item 4: inputs that answered HTTP 500 before the boundary refused them. Each must
 * answer HTTP 200 with 1001 (or 501, the trading "incorrect parameter"), never a 5xx. Sent with a signed-in
 * user's token so that protected routes reach their validation and handlers.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUZZ_ADMIN_TOKEN, fuzzApp, newSession, type Session } from '../fuzz/run';

interface Case {
  name: string;
  method?: 'GET' | 'POST';
  url: string;
  /** A JSON body as text (so 1e21 travels as written). */
  body?: string;
  token?: 'user' | 'admin';
}

const NUL = '\\u0000';
const CASES: Case[] = [
  {
    name: 'NUL in the login username',
    url: '/v1/wa-na/login',
    body: `{"username":"a${NUL}b","type":"E","password":"x"}`,
  },
  { name: 'NUL in the getImageCode uuid', url: '/v1/wa-na/getImageCode', body: `{"uuid":"a${NUL}b"}` },
  {
    name: 'NUL in cancelOrder orderId',
    url: '/exchange/order/cancelOrder',
    body: `{"orderId":"1${NUL}"}`,
    token: 'user',
  },
  {
    name: 'NUL in closeOrder orderId',
    url: '/exchange/order/closeOrder',
    body: `{"orderId":"1${NUL}"}`,
    token: 'user',
  },
  {
    name: 'NUL in updateOrder orderId',
    url: '/exchange/order/updateOrder',
    body: `{"orderId":"1${NUL}","stopPrice":"","takeProfitPrice":""}`,
    token: 'user',
  },
  {
    name: 'NUL in the product list keyword',
    url: '/v1/wa-na/forex/product/list',
    body: `{"keyword":"BTC${NUL}"}`,
  },
  {
    name: 'NUL in the product search keyword',
    url: '/v1/waa/product/search',
    body: `{"keyword":"BTC${NUL}"}`,
    token: 'user',
  },
  {
    name: '"Infinity" as the product type',
    url: '/v1/wa-na/forex/product/list',
    body: '{"type":"Infinity"}',
  },
  {
    name: '"-Infinity" as history/limit to (body)',
    url: '/market/history/limit',
    body: '{"symbol":"BTCUSDT","period":"1min","to":"-Infinity"}',
  },
  {
    name: '"-Infinity" as history/limit to (query string)',
    method: 'GET',
    url: '/market/history/limit?symbol=BTCUSDT&period=1min&to=-Infinity',
  },
  {
    name: '"Infinity" as history/limit to (query string)',
    method: 'GET',
    url: '/market/history/limit?symbol=BTCUSDT&to=Infinity',
  },
  {
    name: '"Infinity" as the order/query page',
    url: '/v1/waa/order/query',
    body: '{"page":"Infinity"}',
    token: 'user',
  },
  { name: '1e21 as the order/query page', url: '/v1/waa/order/query', body: '{"page":1e21}', token: 'user' },
  {
    name: '1e21 as the order/queryMock limit',
    url: '/v1/waa/order/queryMock',
    body: '{"page":1,"limit":1e21}',
    token: 'user',
  },
  {
    name: 'NUL in the admin users search (query string)',
    method: 'GET',
    url: '/admin/v1/users?query=a%00',
    token: 'admin',
  },
  { name: 'a malformed percent-encoding in a path segment', method: 'GET', url: '/market/thumb/%E0%A4%A' },
];

describe('issue #10 boundary regressions: refused with 1001/501, never a 500', () => {
  let app: FastifyInstance;
  let session: Session;

  beforeAll(async () => {
    app = await fuzzApp();
    session = await newSession(app, 1);
  });
  afterAll(() => app.close());

  it.each(CASES)('$name', async ({ method = 'POST', url, body, token }) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token === 'admin' ? FUZZ_ADMIN_TOKEN : session.token}` } : {}),
      },
      ...(body !== undefined ? { payload: body } : {}),
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
    const answer = res.json<{ code: number; data: unknown }>();
    expect([1001, 501], res.body).toContain(answer.code);
    expect(answer.data).toBeNull();
  });
});
