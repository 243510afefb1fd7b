import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { toFixed } from '../../../src/core/domain/decimal';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { insertRunningOptions } from './load';
import { SETTLE_CHUNK } from './settle';
import { optionsHarness } from './test-app';

describeOnBackends('options across a restart', { on: 'postgres' }, (backend) => {
  it('settles an option that expired while the server was stopped, at the price recorded before its end', async () => {
    const created = await backend.create();
    // PGlite in memory dies with its app: the restart needs a data directory on disk.
    const folder = created.dataDir ? await mkdtemp(join(tmpdir(), 'tk-options-')) : null;
    const database: TestDatabase = folder
      ? { dataDir: folder, cleanup: () => rm(folder, { recursive: true, force: true }) }
      : created;
    try {
      const start = Date.parse('2026-03-11T10:00:00Z');
      const first = await optionsHarness(backend, { reuse: { database, now: start } });
      const user = await first.trader({ credit: '1000' });
      await first.pin('BTCUSDT', '100000.00');
      const placed = await first.buy(user.token, { orderType: 0, amount: '100' });
      expect(placed.code).toBe(0);
      first.clock.advance(20_000);
      await first.pin('BTCUSDT', '100500.00');
      first.clock.advance(5_000);
      await first.close();

      // Started again two minutes after the option's end: settled before the first request.
      const second = await optionsHarness(backend, { reuse: { database, now: start + 180_000 } });
      try {
        const order = await second.option(placed.data.uid);
        expect(order).toMatchObject({ positionStatus: 1, priceEnd: '100500', winLost: '85.00' });
        expect(order.completeTime).toBe(start + 180_000);
        expect(toFixed((await second.account(user.id)).balance, 2)).toBe('1084.80');
        expect(await second.ledgerOk()).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await database.cleanup();
      if (folder) await created.cleanup();
    }
  }, 240_000);

  it('settles on its own timer, with nobody asking', async () => {
    const h = await optionsHarness(backend, { settleEveryMs: 20 });
    try {
      const user = await h.trader({ credit: '1000' });
      await h.pin('BTCUSDT', '100000.00');
      const placed = await h.buy(user.token, { orderType: 1, amount: '100', timeLong: 30, rate: '0.82' });
      await h.pin('BTCUSDT', '99900.00');
      h.clock.advance(31_000);
      const deadline = Date.now() + 10_000;
      while ((await h.option(placed.data.uid)).positionStatus === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await h.option(placed.data.uid)).toMatchObject({ positionStatus: 1, winLost: '82.00' });
      expect(await h.ledgerOk()).toBe(true);
    } finally {
      await h.close();
    }
  }, 240_000);

  it('wakes just after the next expiry instead of waiting for its period', async () => {
    const h = await optionsHarness(backend);
    try {
      const user = await h.trader({ credit: '1000' });
      await h.pin('BTCUSDT', '100000.00');
      const placed = await h.buy(user.token, { orderType: 0, amount: '100', timeLong: 30, rate: '0.82' });
      await h.pin('BTCUSDT', '100100.00');
      h.clock.advance(29_950);
      const { createSettler } = await import('./settle');
      const settledUids: string[] = [];
      // The settler plans each wake with one query (the next end time); the second plan is made once the
      // first run has finished, listener told, and the settler then sleeps until just after the end: the
      // sentinel of "nothing settled before its end", and the moment to move the clock.
      const { db } = h.app.optionMode.context;
      let plans = 0;
      let firstRunPlanned: () => void = () => undefined;
      const firstRun = new Promise<void>((resolve) => (firstRunPlanned = resolve));
      const watched = new Proxy(db, {
        get(target, name) {
          const value: unknown = Reflect.get(target, name);
          if (name !== 'query') return typeof value === 'function' ? value.bind(target) : value;
          return async (...args: Parameters<typeof db.query>) => {
            const result = await db.query(...args);
            if (String(args[0]).includes('min(end_time)') && ++plans === 2) firstRunPlanned();
            return result;
          };
        },
      });
      const context = { ...h.app.optionMode.context, db: watched };
      // A period of a minute: only waking at the expiry settles the option within the test's few seconds.
      const settler = createSettler(
        context,
        (rows) => settledUids.push(...rows.map((row) => row.uid)),
        (error) => {
          throw error;
        },
      );
      settler.start(60_000);
      await firstRun;
      expect(settledUids).toEqual([]);
      h.clock.advance(100);
      const deadline = Date.now() + 5_000;
      while (settledUids.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      await settler.stop();
      expect(settledUids).toEqual([placed.data.uid]);
      expect(await h.option(placed.data.uid)).toMatchObject({ positionStatus: 1, winLost: '82.00' });
      expect(await h.ledgerOk()).toBe(true);
    } finally {
      await h.close();
    }
  }, 240_000);

  if (backend.name === 'postgres')
    it('settles each option once when two servers on one database settle at the same time', async () => {
      const database = await backend.create();
      const now = Date.parse('2026-03-11T10:00:00Z');
      const first = await optionsHarness(backend, { reuse: { database, now } });
      const second = await optionsHarness(backend, { reuse: { database, now } });
      try {
        const user = await first.trader({ credit: '5000' });
        await first.pin('BTCUSDT', '100000.00');
        const uids: string[] = [];
        for (let i = 0; i < 10; i += 1)
          uids.push((await first.buy(user.token, { orderType: i % 2 === 0 ? 0 : 1 })).data.uid);
        first.clock.advance(1_000);
        await first.pin('BTCUSDT', '100200.00');
        // One price feed for both: the first server's record is what the second one reads.
        first.app.optionMode.prices.watch(['BTCUSDT']);
        await first.app.optionMode.prices.flush();
        first.clock.advance(60_000);
        second.clock.set(first.clock.now());
        const runs = await Promise.all([first.settle(), second.settle(), first.settle(), second.settle()]);
        expect(
          runs
            .flat()
            .map((row) => row.uid)
            .sort(),
        ).toEqual([...uids].sort());
        // 5 wins, each named by its stake and profit postings; the losses move only house money.
        const { rows } = await first.app.db.query<{ refs: string; n: string }>(
          `select count(distinct p.ref) as refs, count(*) as n
             from ledger_postings p join ledger_transactions t on t.id = p.txn_id
            where t.kind = 'option_settle' and p.ref = any($1)`,
          [uids],
        );
        expect(rows[0]).toEqual({ refs: '5', n: '10' });
        // 5 wins of 85, 5 losses of 100, 10 fees of 0.20.
        expect(toFixed((await first.account(user.id)).balance, 2)).toBe('4923.00');
        expect(await first.ledgerOk()).toBe(true);
      } finally {
        await second.close();
        await first.close();
        await database.cleanup();
      }
    }, 240_000);
  if (backend.name === 'postgres')
    it('settles 3,500 options exactly once each when two servers settle them at the same time', async () => {
      const database = await backend.create();
      const now = Date.parse('2026-03-11T10:00:00Z');
      const first = await optionsHarness(backend, { reuse: { database, now } });
      const second = await optionsHarness(backend, { reuse: { database, now } });
      try {
        const uids = [
          ...(await insertRunningOptions(first.app.db, {
            users: 300,
            count: 2700,
            symbol: 'BTCUSDT',
            price: '100000',
            endFrom: now - 30_000,
            spreadMs: 1000,
            batch: 1,
          })),
          ...(await insertRunningOptions(first.app.db, {
            users: 200,
            count: 800,
            symbol: 'ETHUSDT',
            price: '3000',
            endFrom: now - 30_000,
            spreadMs: 1000,
            batch: 2,
          })),
        ];
        expect(uids).toHaveLength(3500);
        // More than one chunk of one instrument: the servers take turns under its lock.
        expect(2700).toBeGreaterThan(SETTLE_CHUNK);
        const runs = await Promise.all([first.settle(), second.settle(), first.settle(), second.settle()]);
        const settled = runs.flat().map((row) => row.uid);
        expect(settled).toHaveLength(3500);
        expect(new Set(settled).size).toBe(3500);
        // One ledger transaction per chunk (2,500 + 200 BTCUSDT, 800 ETHUSDT); every option paid anything
        // is named by the trader's postings.
        const { rows } = await first.app.db.query<{
          refs: string;
          txns: string;
          running: string;
          paid: string;
        }>(
          `select count(distinct p.ref) as refs, count(distinct t.id) as txns,
                  (select count(*) from option_orders where position_status = 0) as running,
                  (select count(*) from option_orders where position_status = 1 and win_lost >= 0) as paid
             from ledger_transactions t left join ledger_postings p on p.txn_id = t.id
            where t.kind = 'option_settle'`,
        );
        expect(rows[0]?.txns).toBe('3');
        expect(rows[0]?.running).toBe('0');
        expect(rows[0]?.refs).toBe(rows[0]?.paid);
        expect(await first.ledgerOk()).toBe(true);
      } finally {
        await second.close();
        await first.close();
        await database.cleanup();
      }
    }, 240_000);
});
