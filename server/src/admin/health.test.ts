import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPricePin } from '../../../src/core/contract/admin-market';
import type { Envelope } from '../../../src/core/contract/envelope';
import { addOrderOption, findOptionsProduct, type OptionProduct } from '../../../src/core/contract/options';
import { ADMIN_TOKEN, createUser, signIn } from '../accounts/test-app';
import { buildApp } from '../app';
import { createTestClock, type TestClock } from '../clock';
import { appStorage, describeOnBackends, type TestDatabase } from '../db/testing';
import { urlOf, WEDNESDAY } from '../trading/test-app';
import { HEALTH_LIMITS, healthProblems } from './health';

describe('healthProblems', () => {
  const healthy = { databaseOk: true, eventLoopMaxMs: 0, lastTickAgeMs: 0, overdueSettlementMs: 0 };
  it.each([
    [{}, []],
    [{ databaseOk: false }, ['database']],
    [{ eventLoopMaxMs: HEALTH_LIMITS.eventLoopMaxMs }, []],
    [{ eventLoopMaxMs: HEALTH_LIMITS.eventLoopMaxMs + 1 }, ['event_loop']],
    [{ lastTickAgeMs: HEALTH_LIMITS.lastTickAgeMs + 1 }, ['market']],
    [{ lastTickAgeMs: null, overdueSettlementMs: null }, []],
    [{ overdueSettlementMs: HEALTH_LIMITS.overdueSettlementMs }, []],
    [{ overdueSettlementMs: HEALTH_LIMITS.overdueSettlementMs + 1 }, ['settlement']],
    [
      { databaseOk: false, eventLoopMaxMs: 999, lastTickAgeMs: 60_000, overdueSettlementMs: 60_000 },
      ['database', 'event_loop', 'market', 'settlement'],
    ],
  ])('%o → %o', (figures, problems) => {
    expect(healthProblems({ ...healthy, ...figures })).toEqual(problems);
  });
});

describeOnBackends('GET /admin/v1/health with the market and option mode', { on: 'any' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;

  const health = async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/admin/v1/health',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  /** The problems other than the event loop's, which the test's own worker may load (checked on its own). */
  const problemsBesidesLoop = async () =>
    ((await health()).problems as string[]).filter((problem) => problem !== 'event_loop');
  const post = async <T>(url: string, token: string, payload: object) =>
    (await app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } })).json<
      Envelope<T>
    >();

  beforeAll(async () => {
    database = await backend.create();
    clock = createTestClock({ start: WEDNESDAY, frozen: true });
    app = await buildApp({
      ...appStorage(database),
      adminToken: ADMIN_TOKEN,
      // No tick and no settlement behind the test's back: the market and the settler run when it says so.
      market: { autostart: false, backfillDays: 0.01 },
      clock,
      optionMode: { settleEveryMs: 3_600_000, recordEveryMs: 3_600_000 },
    });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('reports a healthy process: database, broker and lag figures', async () => {
    const report = await health();
    expect(report).toMatchObject({
      db: backend.name,
      database: { ok: true },
      broker: { kind: 'embedded', connections: 0, subscriptions: 0 },
      lag: { lastTickAgeMs: 0, overdueSettlementMs: 0 },
    });
    expect(report.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(await problemsBesidesLoop()).toEqual([]);
  });

  it('names a stalled market and a late settlement, and clears them when ticks and the settler come back', async () => {
    const user = await createUser(app);
    await app.db.transaction((tx) => app.accounts.credit(tx, user.id, 'real', '1000', { ref: 'test' }));
    const token = await signIn(app, user.id);
    expect(
      (await post(urlOf(adminPricePin, { symbol: 'BTCUSDT' }), ADMIN_TOKEN, { bid: '100000.00' })).code,
    ).toBe(0);
    const products = await post<{ optionsProducts: OptionProduct[] }>(urlOf(findOptionsProduct), token, {
      productCode: 'BTCUSDT',
    });
    const product = products.data.optionsProducts[0] as OptionProduct;
    const placed = await post(urlOf(addOrderOption), token, {
      tradePair: 'BTCUSDT',
      optionsProductId: product.id,
      price: '100000.00',
      timeLong: 30,
      btime: Math.floor(clock.now() / 1000),
      rate: '0.82',
      amount: '10',
      orderType: 0,
    });
    expect(placed.code).toBe(0);
    const tickAge = (await health()).lag.lastTickAgeMs as number;

    // Due at +30 s; at its limit the settlement is not yet late, one ms past it is.
    clock.advance(30_000 + HEALTH_LIMITS.overdueSettlementMs);
    expect((await health()).lag).toMatchObject({ overdueSettlementMs: HEALTH_LIMITS.overdueSettlementMs });
    expect(await problemsBesidesLoop()).toEqual(['market']);
    clock.advance(1);
    const late = await health();
    expect(late.status).toBe('degraded');
    expect(late.lag).toMatchObject({
      overdueSettlementMs: HEALTH_LIMITS.overdueSettlementMs + 1,
      lastTickAgeMs: tickAge + 30_000 + HEALTH_LIMITS.overdueSettlementMs + 1,
    });

    app.market.source.stepTo(clock.now());
    expect(await problemsBesidesLoop()).toEqual(['settlement']);
    expect(await app.optionMode.settler.settleDue()).toHaveLength(1);
    expect((await health()).lag).toMatchObject({ overdueSettlementMs: 0 });
    expect(await problemsBesidesLoop()).toEqual([]);
  });

  it('names a blocked event loop', async () => {
    await health(); // starts a new window
    const until = performance.now() + HEALTH_LIMITS.eventLoopMaxMs + 100;
    while (performance.now() < until); // the loop blocked, as by a long synchronous task
    const report = await health();
    expect(report.lag.eventLoopMaxMs).toBeGreaterThan(HEALTH_LIMITS.eventLoopMaxMs);
    expect(report.problems).toContain('event_loop');
    expect(report.status).toBe('degraded');
  });

  it('names a database that does not answer', async () => {
    const query = app.db.query;
    app.db.query = () => Promise.reject(new Error('connection refused'));
    try {
      const report = await health();
      expect(report).toMatchObject({ status: 'degraded', database: { ok: false }, migrations: [] });
      expect(report.problems).toContain('database');
    } finally {
      app.db.query = query;
    }
    expect((await health()).database.ok).toBe(true);
  });
});
