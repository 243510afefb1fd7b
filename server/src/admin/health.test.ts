import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../accounts/test-app';
import { describeOnBackends } from '../db/testing';
import { optionsHarness, type OptionsHarness } from '../options/test-app';
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
    [{ brokerLinkOk: null }, []],
    [{ brokerLinkOk: true }, []],
    [{ brokerLinkOk: false }, ['broker']],
    [
      {
        databaseOk: false,
        eventLoopMaxMs: 999,
        lastTickAgeMs: 60_000,
        overdueSettlementMs: 60_000,
        brokerLinkOk: false,
      },
      ['database', 'event_loop', 'market', 'settlement', 'broker'],
    ],
  ])('%o → %o', (figures, problems) => {
    expect(healthProblems({ ...healthy, ...figures })).toEqual(problems);
  });
});

describeOnBackends('GET /admin/v1/health with the market and option mode', { on: 'any' }, (backend) => {
  // The server clock stands still and nothing ticks or settles behind the test's back: the market and the
  // settler run when it says so.
  let h: OptionsHarness;
  beforeAll(async () => {
    h = await optionsHarness(backend);
  }, 120_000);
  afterAll(() => h?.close());

  const health = async () => {
    const res = await h.app.inject({
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

  it('reports a healthy process: database, broker and lag figures', async () => {
    const report = await health();
    expect(report).toMatchObject({
      db: backend.name,
      database: { ok: true },
      broker: { kind: 'embedded', connections: 0, subscriptions: 0, link: null },
      lag: { lastTickAgeMs: 0, overdueSettlementMs: 0 },
    });
    expect(report.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(await problemsBesidesLoop()).toEqual([]);
  });

  it('names a stalled market and a late settlement, and clears them when ticks and the settler come back', async () => {
    const trader = await h.trader({ credit: '1000' });
    await h.pin('BTCUSDT', '100000.00');
    const placed = await h.buy(trader.token); // 60 s
    expect(placed.code).toBe(0);
    const tickAge = (await health()).lag.lastTickAgeMs as number;

    // Due at +60 s; at its limit the settlement is not yet late, one ms past it is.
    h.clock.advance(60_000 + HEALTH_LIMITS.overdueSettlementMs);
    expect((await health()).lag).toMatchObject({ overdueSettlementMs: HEALTH_LIMITS.overdueSettlementMs });
    expect(await problemsBesidesLoop()).toEqual(['market']);
    h.clock.advance(1);
    const late = await health();
    expect(late.status).toBe('degraded');
    expect(late.lag).toMatchObject({
      overdueSettlementMs: HEALTH_LIMITS.overdueSettlementMs + 1,
      lastTickAgeMs: tickAge + 60_000 + HEALTH_LIMITS.overdueSettlementMs + 1,
    });

    h.app.market.source.stepTo(h.clock.now());
    expect(await problemsBesidesLoop()).toEqual(['settlement']);
    expect(await h.settle()).toHaveLength(1);
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
    const { db } = h.app;
    const query = db.query;
    db.query = () => Promise.reject(new Error('connection refused'));
    try {
      const report = await health();
      expect(report).toMatchObject({ status: 'degraded', database: { ok: false }, migrations: [] });
      expect(report.problems).toContain('database');
    } finally {
      db.query = query;
    }
    expect((await health()).database.ok).toBe(true);
  });
});
