/**
 * Body limits of the HTTP layer (issue #19 item 5): a route reads at most its body limit, a JSON body nested
 * deeper than JSON_MAX_DEPTH is refused before JSON.parse runs, and a token route checks a header token before
 * the body is read. The guards are the auth module's own over a token table of this file.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoint, type Access } from '../../../src/core/contract/endpoint';
import { Obj, Str, T } from '../../../src/core/contract/schema';
import { authenticateExchangeWith, authenticateWith, NOT_LOGGED_IN, type TokenCheck } from '../auth';
import { ok } from './envelope';
import { exceedsJsonDepth, JSON_BODY_LIMIT, JSON_MAX_DEPTH } from './json-body';
import { httpPlugin } from './plugin';
import { route } from './route';
import { HTTP_SERVER_OPTIONS } from './server-options';

const GOOD = 'good-token';
const check = async (token: string | undefined): Promise<TokenCheck> =>
  token === GOOD
    ? { ok: true, auth: { userId: 'u1', uid: '1', sessionId: 's1', virtual: false, brandId: 'b1' } }
    : { ok: false, code: 401 };

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepWithToken = (levels: number) => `{"token":"${GOOD}","note":${nested(levels)}}`;

describe('exceedsJsonDepth', () => {
  it('counts objects and arrays, not brackets inside strings or after escapes', () => {
    expect(exceedsJsonDepth(nested(JSON_MAX_DEPTH))).toBe(false);
    expect(exceedsJsonDepth(nested(JSON_MAX_DEPTH + 1))).toBe(true);
    expect(exceedsJsonDepth(`{"a":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`)).toBe(true);
    expect(exceedsJsonDepth(`{"a":"${'['.repeat(1000)}"}`)).toBe(false);
    expect(exceedsJsonDepth(`{"a":"\\"${'['.repeat(1000)}"}`)).toBe(false);
    expect(exceedsJsonDepth(`["\\\\",${nested(JSON_MAX_DEPTH)}]`)).toBe(true);
    // Siblings do not add up: depth is nesting, not the number of brackets.
    expect(exceedsJsonDepth(`[${Array.from({ length: 100 }, () => nested(10)).join(',')}]`)).toBe(false);
  });
});

describe('body limits and the token before the body', () => {
  let app: FastifyInstance;
  const declare = (path: string, access: Access, extra: { bodyLimit?: number } = {}) =>
    endpoint({
      service: 'exchange',
      path,
      access,
      summary: '',
      input: Obj({ token: T.Optional(Str(4096)), note: T.Optional(T.Unknown()) }),
      data: T.Null(),
      codes: [],
      ...extra,
    });

  beforeAll(async () => {
    app = Fastify({ logger: false, ...HTTP_SERVER_OPTIONS });
    await app.register(httpPlugin);
    app.accessGuards.exchange = authenticateExchangeWith(check);
    app.accessGuards.protected = authenticateWith(check);
    app.decorateRequest('auth', null as unknown as Extract<TokenCheck, { ok: true }>['auth']);
    route(app, declare('t/exchange', 'exchange'), async () => ok(null));
    route(app, declare('t/protected', 'protected'), async () => ok(null));
    route(app, declare('t/public', 'public'), async () => ok(null));
    route(app, declare('t/large', 'public', { bodyLimit: 4 * JSON_BODY_LIMIT }), async () => ok(null));
    await app.ready();
  });
  afterAll(() => app.close());
  afterEach(() => vi.restoreAllMocks());

  const post = (url: string, payload: string, token?: string) =>
    app.inject({
      method: 'POST',
      url: `/exchange/t/${url}`,
      payload,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  /** Calls with `payload`, answering the response and whether JSON.parse ever saw that payload. */
  const watched = async (url: string, payload: string, token?: string) => {
    const parse = vi.spyOn(JSON, 'parse');
    const res = await post(url, payload, token);
    const parsed = parse.mock.calls.some(([text]) => text === payload);
    parse.mockRestore();
    return { res, parsed };
  };

  it('answers a normal call as before, with the token in the header or the body', async () => {
    expect((await post('exchange', '{"note":1}', GOOD)).json()).toEqual(ok(null));
    expect((await post('exchange', `{"token":"${GOOD}"}`)).json()).toEqual(ok(null));
    expect((await post('protected', '{"note":{"a":[1,2]}}', GOOD)).json()).toEqual(ok(null));
    expect(
      (await post('public', nested(JSON_MAX_DEPTH - 1).replace(/^\[/, '{"note":[') + '}')).json(),
    ).toEqual(ok(null));
  });

  it('answers a 100,000-level body without a token with the token failure, never parsing it', async () => {
    const body = nested(100_000);
    for (const url of ['exchange', 'protected']) {
      const { res, parsed } = await watched(url, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual(NOT_LOGGED_IN);
      expect(parsed, url).toBe(false);
    }
    // A bad header token is refused on request, before the body is read, as today.
    const { res, parsed } = await watched('exchange', deepWithToken(30_000), 'bad-token');
    expect([res.statusCode, res.json()]).toEqual([401, NOT_LOGGED_IN]);
    expect(parsed).toBe(false);
  });

  it('answers a deep body within the limit without a header token with the token failure, unparsed', async () => {
    // The body token cannot be read out of a body refused at its depth.
    const payload = deepWithToken(30_000);
    expect(payload.length).toBeLessThan(JSON_BODY_LIMIT);
    const { res, parsed } = await watched('exchange', payload);
    expect([res.statusCode, res.json()]).toEqual([401, NOT_LOGGED_IN]);
    expect(parsed).toBe(false);
  });

  it('refuses a deep body of an authenticated caller with 1001 before parsing it', async () => {
    for (const url of ['exchange', 'protected', 'public']) {
      const { res, parsed } = await watched(url, deepWithToken(30_000), GOOD);
      expect([res.statusCode, res.json().code], url).toEqual([200, 1001]);
      expect(parsed, url).toBe(false);
    }
    const { res } = await watched('public', deepWithToken(JSON_MAX_DEPTH));
    expect(res.json().code).toBe(1001);
  });

  it('refuses a body over the route limit (1001, HTTP 413); a route that declares more takes it', async () => {
    const big = JSON.stringify({ note: 'x'.repeat(JSON_BODY_LIMIT) });
    for (const url of ['exchange', 'protected', 'public']) {
      const res = await post(url, big, GOOD);
      expect([res.statusCode, res.json().code], url).toEqual([413, 1001]);
    }
    // Without a header token the over-limit body cannot carry the token: the token failure.
    const res = await post('exchange', JSON.stringify({ token: GOOD, note: 'x'.repeat(JSON_BODY_LIMIT) }));
    expect([res.statusCode, res.json()]).toEqual([401, NOT_LOGGED_IN]);
    expect((await post('large', big)).json()).toEqual(ok(null));
    expect((await post('large', JSON.stringify({ note: 'x'.repeat(4 * JSON_BODY_LIMIT) }))).statusCode).toBe(
      413,
    );
  });
});
