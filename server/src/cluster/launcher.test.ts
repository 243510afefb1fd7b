import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EnvError } from '../env';
import { FIRST_BACKOFF_MS, MAX_BACKOFF_MS, restartDelayMs, STABLE_AFTER_MS, workersOf } from './launcher';
import { describeOnBackends } from '../db/testing';
import { spawnServer } from '../spawn-server';

const PG = { DATABASE_URL: 'postgres://db/tradekit' };

describe('workersOf', () => {
  it('reads --workers N, --workers=N or WORKERS, the flag first; nothing given is one process', () => {
    expect(workersOf([], PG)).toBeUndefined();
    expect(workersOf(['--workers', '3'], PG)).toBe(3);
    expect(workersOf(['--workers=1'], PG)).toBe(1);
    expect(workersOf([], { ...PG, WORKERS: '4' })).toBe(4);
    expect(workersOf(['--workers', '2'], { ...PG, WORKERS: '4' })).toBe(2);
  });

  it.each([
    [['--workers'], /--workers must be an integer from 1 to 64, got ""/],
    [['--workers', '0'], /--workers must be an integer from 1 to 64/],
    [['--workers', '65'], /from 1 to 64, got "65"/],
    [['--workers', '2.5'], /got "2.5"/],
    [['--workers=three'], /got "three"/],
  ])('refuses %j', (argv, message) => {
    expect(() => workersOf(argv, PG)).toThrow(message);
    expect(() => workersOf(argv, PG)).toThrow(EnvError);
  });

  it('needs DATABASE_URL: PGlite is one process’s database', () => {
    expect(() => workersOf(['--workers', '2'], {})).toThrow(/--workers needs PostgreSQL: set DATABASE_URL/);
    expect(() => workersOf([], { WORKERS: '2' })).toThrow(/WORKERS needs PostgreSQL/);
  });

  it('refuses a movable clock: each worker would move its own (CH4)', () => {
    expect(() => workersOf(['--workers', '2'], { ...PG, DEV_CLOCK_OFFSET_MS: '0' })).toThrow(
      /DEV_CLOCK_OFFSET_MS is refused with several processes \(--workers\)/,
    );
  });
});

describe('restartDelayMs', () => {
  it('starts a worker that ran a while at once, and backs off 0.5 s doubling to 30 s while it dies at start', () => {
    expect(restartDelayMs(STABLE_AFTER_MS, 5)).toEqual({ delayMs: 0, failures: 0 });
    let failures = 0;
    const delays: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const next = restartDelayMs(100, failures);
      failures = next.failures;
      delays.push(next.delayMs);
    }
    expect(delays).toEqual([
      FIRST_BACKOFF_MS,
      1000,
      2000,
      4000,
      8000,
      16_000,
      MAX_BACKOFF_MS,
      30_000,
      30_000,
    ]);
    expect(restartDelayMs(STABLE_AFTER_MS + 1, failures)).toEqual({ delayMs: 0, failures: 0 });
  });
});

describe('npm start -- --workers without PostgreSQL', () => {
  it('exits with a clear configuration error', { timeout: 60_000 }, async () => {
    const server = spawnServer(['--workers', '2'], { PORT: '0' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Configuration error: --workers needs PostgreSQL: set DATABASE_URL');
  });
});

describeOnBackends('npm start -- --workers 2', { on: 'postgresOnly' }, (backend) => {
  it(
    'serves from two workers on one port, starts a killed worker again and stops on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const database = await backend.create();
      const server = spawnServer(['--workers', '2'], {
        DATABASE_URL: database.databaseUrl as string,
        DEV_OUTBOX: '1',
      });
      try {
        const [, port] = await server.waitFor(
          /TradeKit is running at http:\/\/localhost:(\d+) \(2 worker processes\)/,
        );
        const [, token] = await server.waitFor(/Admin token \(generated[^)]*\): (\S+)/);
        await server.waitFor(/Demo login: demo@tradekit\.test \/ \S+ \(uid \d{8}\)/);
        const pids = [...server.output().matchAll(/Worker (\d) starting \(pid (\d+)\)/g)].map((m) =>
          Number(m[2]),
        );
        expect(pids).toHaveLength(2);
        // The workers run the bundle the primary runs, with no TypeScript loader (TR64).
        for (const pid of pids) {
          const args = execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' });
          expect(args).toContain('server/dist/main.mjs');
          expect(args).not.toContain('tsx');
        }
        // Each worker answers for itself; fresh connections go round-robin, so both answer within a few asks.
        const seen = new Map<number, { shared: boolean; members: number }>();
        for (let i = 0; i < 50 && seen.size < 2; i += 1) {
          const res = await fetch(`http://127.0.0.1:${port}/admin/v1/health`, {
            headers: { authorization: `Bearer ${token}`, connection: 'close' },
          });
          const { cluster } = (await res.json()).data;
          seen.set(cluster.pid, cluster);
        }
        expect([...seen.keys()].sort()).toEqual([...pids].sort());
        expect([...seen.values()].every((c) => c.shared)).toBe(true);
        // The demo login was prepared once, though both workers started at once.
        const pg = await import('pg');
        const db = new pg.default.Client({ connectionString: database.databaseUrl });
        await db.connect();
        const demo = await db.query(
          "select count(*)::int as n from users where email = 'demo@tradekit.test'",
        );
        await db.end();
        expect(demo.rows[0].n).toBe(1);

        process.kill(pids[0] as number, 'SIGKILL');
        await server.waitFor(
          // At once after a run of 10 s or more, else after a back-off (a loaded machine starts slowly).
          new RegExp(`Worker 1 \\(pid ${pids[0]}\\) died \\(SIGKILL\\); starting it again( in \\d+ ms)?\n`),
        );
        const [, again] = await server.waitFor(/Worker 1 listening again \(pid (\d+)\)/);
        expect(Number(again)).not.toBe(pids[0]);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        server.child.kill('SIGKILL');
        await database.cleanup();
      }
    },
  );
});
