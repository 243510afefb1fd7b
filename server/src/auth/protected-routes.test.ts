/**
 * ASVS 5.0 V8.2.1 and V7.4.1 across the whole API: every route the app documents as needing a bearer token (a
 * trader's) or the admin token refuses a call without one, with a forged one and, for traders, with the token
 * of a session that has ended — whatever module registered the route, now or later. The list comes from the
 * app's own OpenAPI document, which `server/src/docs/openapi.test.ts` keeps equal to the routes registered.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnBackends } from '../db/testing';
import { tradingHarness, type TradingHarness } from '../trading/test-app';

interface Operation {
  security?: Array<Record<string, unknown>>;
}

interface GuardedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  scheme: 'bearer' | 'admin';
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** Every documented operation with a security requirement; `{name}` segments get a harmless value. */
function guardedRoutes(document: Record<string, unknown>): GuardedRoute[] {
  const paths = document.paths as Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  const routes: GuardedRoute[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const schemes = (item[method]?.security ?? []).flatMap((entry) => Object.keys(entry));
      const scheme = schemes.includes('bearer') ? 'bearer' : schemes.includes('admin') ? 'admin' : null;
      if (!scheme) continue;
      const url = path.replace(/\{[^}]+\}/g, '1');
      routes.push({ method: method.toUpperCase() as GuardedRoute['method'], url, scheme });
    }
  }
  return routes;
}

describeOnBackends('every guarded route', { on: 'any' }, (backend) => {
  let h: TradingHarness;
  let routes: GuardedRoute[];
  beforeAll(async () => {
    h = await tradingHarness(backend);
    routes = guardedRoutes(h.app.swagger() as unknown as Record<string, unknown>);
  });
  afterAll(() => h?.close());

  const call = (route: GuardedRoute, authorization?: string) =>
    h.app.inject({
      method: route.method,
      url: route.url,
      headers: authorization ? { authorization } : {},
      ...(route.method === 'GET' ? {} : { payload: {} }),
    });
  const failures = async (authorization: string | undefined, expected: (route: GuardedRoute) => boolean) => {
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await call(route, authorization);
      if (!expected(route) || res.statusCode === 401) continue;
      wrong.push(`${route.method} ${route.url}: HTTP ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    return wrong;
  };

  it('finds the trader and admin routes it checks', () => {
    expect(routes.filter((route) => route.scheme === 'bearer').length).toBeGreaterThan(40);
    expect(routes.filter((route) => route.scheme === 'admin').length).toBeGreaterThan(20);
  });

  it('answers HTTP 401 on each without a token and with a forged one', async () => {
    // The exchange service also takes the token in the body (spec §7), so without a header its routes validate
    // the body first and refuse this empty one with 1001; with a header, the guard comes first (below).
    expect(await failures(undefined, (route) => !route.url.startsWith('/exchange/'))).toEqual([]);
    const trader = await h.trader();
    const [header, payload] = trader.token.split('.');
    expect(await failures(`Bearer ${header}.${payload}.forged`, () => true)).toEqual([]);
    // A trader's valid token is no admin token.
    expect(await failures(`Bearer ${trader.token}`, (route) => route.scheme === 'admin')).toEqual([]);
  });

  it("answers 23519 on each trader route to the token of a session that ended, whoever's route it is", async () => {
    const trader = await h.trader();
    expect((await h.post('/v1/waa/user/logout', trader.token)).code).toBe(0);
    const wrong: string[] = [];
    for (const route of routes.filter((candidate) => candidate.scheme === 'bearer')) {
      const res = await call(route, `Bearer ${trader.token}`);
      const body = res.statusCode === 200 ? (res.json() as { code?: number }) : null;
      if (body?.code !== 23519)
        wrong.push(`${route.method} ${route.url}: HTTP ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });
});
