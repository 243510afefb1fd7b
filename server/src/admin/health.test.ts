import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../accounts/test-app';
import { buildApp } from '../app';
import { appStorage, describeOnBackends, type TestDatabase } from '../db/testing';
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
      // Alone on its database: every registered lease is this process's.
      cluster: {
        shared: false,
        pid: process.pid,
        members: 1,
        held: [...h.app.cluster.leases.report().held].sort(),
      },
    });
    expect(report.cluster.processId).toBe(h.app.cluster.bus.processId);
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

describeOnBackends(
  'GET /admin/v1/health with two processes on one database',
  { on: 'postgresOnly' },
  (backend) => {
    let database: TestDatabase;
    const apps: FastifyInstance[] = [];
    beforeAll(async () => {
      database = await backend.create();
      for (let i = 0; i < 2; i += 1) {
        apps.push(
          await buildApp({
            ...appStorage(database),
            adminToken: ADMIN_TOKEN,
            logger: false,
            market: { autostart: false, backfillDays: 0.01 },
            cluster: { enabled: true, leaseRoundMs: 50 },
          }),
        );
      }
    }, 120_000);
    afterAll(async () => {
      for (const app of apps) await app.close();
      await database?.cleanup();
    });

    const health = async (app: FastifyInstance) =>
      (
        await app.inject({
          method: 'GET',
          url: '/admin/v1/health',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        })
      ).json().data;

    it('says which process answered, how many share the database and which leases each holds', async () => {
      // A lease of the test's own, registered in both: exactly one of them runs it.
      for (const app of apps)
        app.cluster.leases.hold('health-test', { start: () => undefined, stop: () => undefined });
      await Promise.all(apps.map((app) => app.ready()));
      // The lease rounds run every 50 ms: wait until both processes see each other and one holds the lease.
      let reports: Array<{
        cluster: { shared: boolean; processId: string; members: number; held: string[] };
      }> = [];
      const deadline = performance.now() + 30_000;
      while (performance.now() < deadline) {
        reports = await Promise.all(apps.map(health));
        const holders = reports.filter((r) => r.cluster.held.includes('health-test'));
        if (reports.every((r) => r.cluster.members === 2) && holders.length === 1) break;
        await apps[0]?.db.query('select 1');
      }
      expect(reports.map((r) => r.cluster.shared)).toEqual([true, true]);
      expect(reports.map((r) => r.cluster.members)).toEqual([2, 2]);
      expect(new Set(reports.map((r) => r.cluster.processId)).size).toBe(2);
      expect(reports.map((r) => r.cluster.processId)).toEqual(apps.map((app) => app.cluster.bus.processId));
      expect(reports.filter((r) => r.cluster.held.includes('health-test'))).toHaveLength(1);
    });
  },
);
