import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from './spawn-server';

/** A real process start (PGlite, migrations, backfill) takes seconds, far more on a loaded machine. */
const START_TEST_MS = 90_000;
/** Waits end before the test's own timeout, so a failure shows the server's output. */
const WAIT_MS = START_TEST_MS - 15_000;

/** The server on `env`, with about an hour of history (back to the last session of a closed market). */
const start = (env: Record<string, string>) => spawnServer([], { MARKET_BACKFILL_DAYS: '0.05', ...env });

describe('server/src/main.ts', { timeout: START_TEST_MS }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tk-main-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('starts, prints its address and a generated admin token, serves, and stops cleanly on SIGTERM', async () => {
    // DEV_OUTBOX=1 is what `npm start` sets: the demo login registers with a code from the dev outbox.
    const server = start({ DATA_DIR: dataDir, DEV_OUTBOX: '1' });
    try {
      const { base } = await server.listening(WAIT_MS);
      const [, token] = await server.waitFor(/Admin token \(generated[^)]*\): (\S+)/, WAIT_MS);
      await server.waitFor(/Demo login: demo@tradekit\.test \/ \S+ \(uid \d{8}\)/, WAIT_MS);
      const config = await (await fetch(`${base}/config.json`)).json();
      expect(config.version).toBe('1.152');
      expect(config.services.api).toBe(`${base}/v1`);
      const health = await fetch(`${base}/admin/v1/health`, {
        headers: { authorization: `Bearer ${token}` },
      });
      // Healthy: the database answers, the market ticks, no settlement waits. A stall of the event loop during
      // the start (a loaded machine) is reported as what it is, not held against the start.
      const report = (await health.json()).data;
      expect(report.database.ok).toBe(true);
      expect(report.problems.filter((problem: string) => problem !== 'event_loop')).toEqual([]);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('starts again on the same data directory without applying migrations twice', async () => {
    const server = start({ DATA_DIR: dataDir, ADMIN_TOKEN: 'fixed-admin-token-for-test' });
    try {
      const { base } = await server.listening(WAIT_MS);
      // Its own line, which may come in a later chunk of the output than the address.
      await server.waitFor(/Admin token: taken from ADMIN_TOKEN/, WAIT_MS);
      expect(server.output()).not.toContain('fixed-admin-token-for-test');
      const health = await fetch(`${base}/admin/v1/health`, {
        headers: { authorization: 'Bearer fixed-admin-token-for-test' },
      });
      // 20261121T0001_platform.sql creates its tables without IF NOT EXISTS: applying it twice would have failed the start.
      expect((await health.json()).data.migrations).toContain('20261121T0001_platform.sql');
      server.child.kill('SIGINT');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('exits with a clear message when the environment is wrong', async () => {
    const server = start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Configuration error: PORT must be an integer');
  });
});
