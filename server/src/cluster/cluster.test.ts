import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres } from '../db/postgres';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import type { Db } from '../db/types';
import { createLocalBus, createPostgresBus, type Bus } from './bus';
import { createLocalLeases, createPostgresLeases, type LeaseJob } from './leases';

/** Resolves when `check` holds, looking after each event of the bus or lease round (never a fixed sleep). */
async function until(check: () => boolean | Promise<boolean>, poke: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await poke();
  }
  throw new Error('condition never held');
}

it('a process alone: the bus tells nobody and every lease starts as it is registered', async () => {
  const bus = createLocalBus();
  const heard: unknown[] = [];
  bus.subscribe('c', (body) => heard.push(body));
  await bus.publish('c', { a: 1 });
  expect(heard).toEqual([]);
  expect(bus.shared).toBe(false);
  const started: string[] = [];
  const leases = createLocalLeases(() => undefined);
  leases.hold('market', { start: () => void started.push('market'), stop: () => undefined });
  leases.hold('settler', { start: () => void started.push('settler'), stop: () => undefined });
  expect(started).toEqual(['market', 'settler']);
  expect(leases.report()).toEqual({ held: ['market', 'settler'], members: 1 });
  expect(() => leases.hold('market', { start: () => undefined, stop: () => undefined })).toThrow(/twice/);
});

describeOnBackends('several processes on one PostgreSQL', { on: 'postgresOnly' }, (backend) => {
  let database: TestDatabase;
  let db: Db;
  const url = () => database.databaseUrl as string;
  const errors: unknown[] = [];
  const onError = (error: unknown) => void errors.push(error);

  beforeAll(async () => {
    database = await backend.create();
    db = await openPostgres(url());
  });
  afterAll(async () => {
    await db?.close();
    await database?.cleanup();
  });

  it('carries a message to the other processes, not back to its sender, and a transaction’s only at COMMIT', async () => {
    const a = await createPostgresBus({ databaseUrl: url(), db, onError });
    const b = await createPostgresBus({ databaseUrl: url(), db, onError });
    try {
      const atA: unknown[] = [];
      const atB: Array<[unknown, string]> = [];
      a.subscribe('orders', (body) => atA.push(body));
      b.subscribe('orders', (body, from) => atB.push([body, from]));
      b.subscribe('other', () => atB.push(['wrong channel', '']));
      await a.publish('orders', { id: 1 });
      await expect(
        db.transaction(async (tx) => {
          await a.publish('orders', { id: 2 }, tx);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await db.transaction((tx) => a.publish('orders', { id: 3 }, tx));
      // A sentinel sent after: once it arrives, everything before it has.
      await a.publish('orders', { id: 'sentinel' });
      await until(
        () => atB.length === 3,
        () => db.query('select 1'),
      );
      expect(atB).toEqual([
        [{ id: 1 }, a.processId],
        [{ id: 3 }, a.processId],
        [{ id: 'sentinel' }, a.processId],
      ]);
      expect(atA).toEqual([]);
      await expect(a.publish('orders', { big: 'x'.repeat(8000) })).rejects.toThrow(/above the limit/);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('tells a listener whose link was cut that it came back, then carries messages again', async () => {
    const a = await createPostgresBus({ databaseUrl: url(), db, onError });
    const b: Bus = await createPostgresBus({ databaseUrl: url(), db, onError, retryMs: 20 });
    try {
      let resumed = 0;
      b.onResume(() => (resumed += 1));
      const heard: unknown[] = [];
      b.subscribe('x', (body) => heard.push(body));
      await db.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where query like 'LISTEN%' and pid <> pg_backend_pid() and datname = current_database()`,
      );
      await until(
        () => resumed > 0,
        () => db.query('select pg_sleep(0.01)'),
      );
      await until(
        async () => {
          await a.publish('x', 'after');
          return heard.length > 0;
        },
        () => db.query('select pg_sleep(0.01)'),
      );
      expect(heard[0]).toBe('after');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('runs each job in one process, shares them out, and a dead process’s jobs move within a round', async () => {
    const running = new Map<string, string[]>();
    const job = (process: string, name: string): LeaseJob => ({
      start: () => void running.set(name, [...(running.get(name) ?? []), process]),
      stop: () =>
        void running.set(
          name,
          (running.get(name) ?? []).filter((p) => p !== process),
        ),
    });
    const names = ['market', 'triggers', 'settler', 'rollover'];
    const schema = `lease_${Date.now()}`;
    const lost: string[] = [];
    const make = (process: string) => {
      const leases = createPostgresLeases({
        databaseUrl: url(),
        schema,
        onError,
        roundMs: 20,
        onPeerLost: () => void lost.push(process),
      });
      for (const name of names) leases.hold(name, job(process, name));
      return leases;
    };
    const a = make('a');
    const b = make('b');
    try {
      a.start();
      await until(
        () => a.report().held.length === 4,
        () => db.query('select pg_sleep(0.02)'),
      );
      // b joins: a gives back leases down to its share (2 of 4) and b takes them.
      b.start();
      await until(
        () => a.report().held.length === 2 && b.report().held.length === 2,
        () => db.query('select pg_sleep(0.02)'),
      );
      for (const name of names) expect(running.get(name)).toHaveLength(1);
      expect(a.report().members).toBe(2);
      // a's lease link is cut, the process alive: it stops what it ran, reconnects and takes its share back.
      await db.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = $1 and pid <> pg_backend_pid()`,
        [`tk-lease:${schema}`],
      );
      await until(
        () => a.report().held.length === 0,
        () => db.query('select pg_sleep(0.005)'),
      );
      await until(
        () => a.report().held.length === 2 && b.report().held.length === 2,
        () => db.query('select pg_sleep(0.02)'),
      );
      for (const name of names) expect(running.get(name)).toHaveLength(1);
      // a dies: its session ends with its locks, and b runs every job within a round or two.
      await a.close();
      await until(
        () => b.report().held.length === 4,
        () => db.query('select pg_sleep(0.02)'),
      );
      for (const name of names) expect(running.get(name)).toEqual(['b']);
      // b saw a process vanish (MP21): what it keeps of shared state is reloaded.
      expect(lost).toContain('b');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
