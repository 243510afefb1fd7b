import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
/** A real process start (tsx, PGlite, migrations, backfill) takes seconds, far more on a loaded machine. */
const START_TEST_MS = 90_000;
/** Waits end before the test's own timeout, so a failure shows the server's output. */
const WAIT_MS = START_TEST_MS - 15_000;

interface Started {
  child: ChildProcess;
  output: () => string;
  /** Calls `listener` after each chunk of output; returns a function that removes it. */
  onOutput: (listener: () => void) => () => void;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  // One process, Node with tsx as its loader (as `npm start` does), so a signal reaches the server itself. The
  // `tsx` command runs the script in a child and relays signals to it: when the child's acknowledgement takes
  // over 30 ms (a busy CI machine), tsx kills it and exits 130 without the server's own shutdown (TR26).
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      // About an hour of history (back to the last session of a closed market), not the default 30 days.
      MARKET_BACKFILL_DAYS: '0.05',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const append = (chunk: unknown) => {
    text += String(chunk);
    for (const listener of [...listeners]) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => text,
    onOutput: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    exited,
  };
}

/** Resolves with the first match of `pattern` in the output as soon as it is printed (no polling). */
function waitFor(started: Started, pattern: RegExp, ms = WAIT_MS): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      removeListener();
    };
    const check = () => {
      const match = started.output().match(pattern);
      if (match) {
        stop();
        resolve(match);
      }
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out waiting for ${pattern}:\n${started.output()}`));
    }, ms);
    const removeListener = started.onOutput(check);
    void started.exited.then(() => {
      check();
      stop();
      reject(new Error(`server exited:\n${started.output()}`));
    });
    check();
  });
}

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
      const [, port] = await waitFor(server, /TradeKit is running at http:\/\/localhost:(\d+)/);
      const [, token] = await waitFor(server, /Admin token \(generated[^)]*\): (\S+)/);
      await waitFor(server, /Demo login: demo@tradekit\.test \/ \S+ \(uid \d{8}\)/);
      const config = await (await fetch(`http://127.0.0.1:${port}/config.json`)).json();
      expect(config.version).toBe('1.152');
      expect(config.services.api).toBe(`http://127.0.0.1:${port}/v1`);
      const health = await fetch(`http://127.0.0.1:${port}/admin/v1/health`, {
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
      const [, port] = await waitFor(server, /TradeKit is running at http:\/\/localhost:(\d+)/);
      // Its own line, which may come in a later chunk of the output than the address.
      await waitFor(server, /Admin token: taken from ADMIN_TOKEN/);
      expect(server.output()).not.toContain('fixed-admin-token-for-test');
      const health = await fetch(`http://127.0.0.1:${port}/admin/v1/health`, {
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
