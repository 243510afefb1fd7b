/**
 * Test support of the 3-process kill test (kill.test.ts): real server processes (`node --import tsx
 * server/src/main.ts`, CLUSTER=1, one port each, one PostgreSQL schema), plain HTTP calls that tell a refused or
 * cut request from an answer, and an exchange-socket client that connects again to a live process when its
 * process dies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
export const KILL_ADMIN_TOKEN = 'kill-test-admin-token-0123456789';

export interface ServerProcess {
  n: number;
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
  alive: boolean;
}

/** Starts one server process of the cluster and resolves once it prints its address. */
export function startProcess(n: number, databaseUrl: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '6',
      CLUSTER: '1',
      ADMIN_TOKEN: KILL_ADMIN_TOKEN,
      DEV_OUTBOX: '1',
      // Set-up calls name their trader's address (X-Forwarded-For): the sign-up limits per address hold per trader.
      TRUST_PROXY: 'loopback',
      MARKET_BACKFILL_DAYS: '0.01',
      MARKET_SEED: '24',
      // A repeat takes over a key whose request died with its process after half a second, not 15.
      IDEMPOTENCY_LEASE_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: unknown) => {
      text += String(chunk);
      const match = /TradeKit is running at http:\/\/localhost:(\d+)/.exec(text);
      if (!match) return;
      child.stdout?.off('data', onData);
      child.stdout?.on('data', (more: unknown) => (text += String(more)));
      const port = Number(match[1]);
      const server: ServerProcess = {
        n,
        child,
        port,
        base: `http://127.0.0.1:${port}`,
        output: () => text,
        exited,
        alive: true,
      };
      void exited.then(() => (server.alive = false));
      resolve(server);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: unknown) => (text += String(chunk)));
    void exited.then(() => reject(new Error(`process ${n} exited before it listened:\n${text}`)));
  });
}

/** A server started with `args` (e.g. `--workers 2`), its output and a wait on it. */
export interface SpawnedServer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves with the first match of `pattern` in the output as soon as it is printed. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
}

/** Starts `node --import tsx server/src/main.ts ...args` with a minimal environment and `env`. */
export function spawnServer(args: string[], env: Record<string, string>): SpawnedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      MARKET_BACKFILL_DAYS: '0.01',
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
  const waitFor = (pattern: RegExp, ms = 90_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = text.match(pattern);
        if (!match) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(match);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out waiting for ${pattern}:\n${text}`));
      }, ms);
      listeners.add(check);
      void exited.then(() => {
        check();
        reject(new Error(`server exited:\n${text}`));
      });
      check();
    });
  return { child, output: () => text, exited, waitFor };
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** A request that got no answer: refused, cut by the process's death, or a 5xx. */
export class Unanswered extends Error {
  override name = 'Unanswered';
}

/** One HTTP call; an answer is an envelope, anything else throws Unanswered. */
export async function call<T = unknown>(
  base: string,
  path: string,
  options: { body?: object; token?: string; key?: string; ip?: string; method?: string } = {},
): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method: options.method ?? (options.body ? 'POST' : 'GET'),
      headers: {
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
        ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    throw new Unanswered(`${path}: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => '');
  if (response.status >= 500) throw new Unanswered(`${path}: ${response.status} ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Unanswered(`${path}: ${response.status} ${text.slice(0, 200)}`);
  }
}

/** The socket frames of the account lists (`holtOrder`, `pendingOrder`) and of events. */
interface Frame {
  ordertype?: string;
  seq?: number;
}

/**
 * An exchange socket that follows its trader: when its process dies it connects to the next live one with the
 * last event number it saw (`since`) and counts the lists it gets there.
 */
export class FollowingSocket {
  /** Processes it was connected to, in order. */
  readonly visits: number[] = [];
  /** `holtOrder` lists received per visit. */
  readonly lists: number[] = [];
  private since: number | undefined;
  private ws: WebSocket | undefined;
  private closed = false;
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly uid: string,
    private readonly token: string,
    private readonly live: () => ServerProcess[],
  ) {}

  /** Connects to `server` (the first time) and resolves when it has sent the lists. */
  async open(server: ServerProcess): Promise<void> {
    this.connect(server);
    await this.until(() => (this.lists.at(-1) ?? 0) > 0);
  }

  private connect(server: ServerProcess) {
    const ws = new WebSocket(`${server.base.replace('http', 'ws')}/exchange-ws/${this.uid}`);
    this.ws = ws;
    this.visits.push(server.n);
    this.lists.push(0);
    ws.on('open', () =>
      ws.send(JSON.stringify({ token: this.token, ...(this.since ? { since: this.since } : {}) })),
    );
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      if (frame.seq) this.since = Math.max(this.since ?? 0, frame.seq);
      if (frame.ordertype === 'holtOrder') this.lists.push((this.lists.pop() ?? 0) + 1);
      this.wake();
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (this.closed || this.ws !== ws) return;
      // The process died (or refused): the next live one, as a browser's reconnect through the proxy would.
      const next = this.live().find((s) => s.n !== server.n) ?? this.live()[0];
      if (next) this.connect(next);
      this.wake();
    });
  }

  /** Resolves when `done()` holds after a frame or a reconnect (rejects after `ms`). */
  until(done: () => boolean, ms = 20_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`socket of ${this.uid}: visits ${this.visits}, lists ${this.lists}`));
      }, ms);
      this.waiters.add(check);
      check();
    });
  }

  private wake() {
    for (const waiter of [...this.waiters]) waiter();
  }

  close(): void {
    this.closed = true;
    this.ws?.terminate();
  }
}
