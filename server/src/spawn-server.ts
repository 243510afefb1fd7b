/**
 * A real server process for the tests, the benchmark and the chaos run: `node server/dist/main.mjs` (the server
 * as `npm start` runs it, bundled, TR64) with a minimal environment, its output collected, and waits on that
 * output. A file of its own in server/src, not in a module, so that each of them may import it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureServerBuildSync, SERVER_BUNDLE } from '../../scripts/lib/server-build.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What main.ts prints once it listens (a primary adds its worker count). */
const LISTENING = /TradeKit is running at http:\/\/localhost:(\d+)/;
/** A real start (migrations, backfill) takes seconds, far more on a loaded machine. */
const WAIT_MS = 90_000;

/** A started server process, its output so far and waits on it. */
export interface SpawnedServer {
  child: ChildProcess;
  /** Standard output and error so far, as they came. */
  output(): string;
  exited: Promise<number | null>;
  /** Resolves with the first match of `pattern` in the output as soon as it is printed. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** Resolves once the server prints its address; one that does not within `ms` is killed, not left behind. */
  listening(ms?: number): Promise<{ port: number; base: string }>;
}

/** Starts `node server/dist/main.mjs ...args` with a minimal environment and `env` over it. */
export function spawnServer(args: string[], env: Record<string, string>): SpawnedServer {
  // Built first when a source changed since (the server project's setup has built it already).
  ensureServerBuildSync();
  // One Node process, so a signal reaches the server itself (TR26); stack traces name the source files.
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      // A quarter of an hour of history, not the default 30 days: the start takes seconds.
      MARKET_BACKFILL_DAYS: '0.01',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  // The output's own events wake the waits: no polling.
  const listeners = new Set<() => void>();
  const append = (chunk: unknown) => {
    text += String(chunk);
    for (const listener of [...listeners]) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const waitFor = (pattern: RegExp, ms = WAIT_MS) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      const check = () => {
        const match = text.match(pattern);
        if (!match) return;
        stop();
        resolve(match);
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`timed out waiting for ${pattern}:\n${text}`));
      }, ms);
      listeners.add(check);
      void exited.then((code) => {
        check();
        stop();
        reject(new Error(`server exited (${code}) before ${pattern}:\n${text}`));
      });
      check();
    });

  return {
    child,
    output: () => text,
    exited,
    waitFor,
    async listening(ms) {
      const [, port] = await waitFor(LISTENING, ms).catch((error: unknown) => {
        child.kill('SIGKILL');
        throw error;
      });
      return { port: Number(port), base: `http://127.0.0.1:${port}` };
    },
  };
}
