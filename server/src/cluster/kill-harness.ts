/**
 * Test support of the 3-process kill test (kill.test.ts): real server processes (`spawnServer`, CLUSTER=1,
 * one port each, one PostgreSQL schema), plain HTTP calls that tell a refused or cut request from an answer,
 * and an exchange-socket client that connects again to a live process when its process dies.
 */
import WebSocket from 'ws';
import { spawnServer, type SpawnedServer } from '../spawn-server';

export const KILL_ADMIN_TOKEN = 'kill-test-admin-token-0123456789';

/** One process of the cluster: its number, its address and whether it still runs. */
export interface ServerProcess extends SpawnedServer {
  n: number;
  port: number;
  base: string;
  alive: boolean;
}

/** Starts one server process of the cluster and resolves once it prints its address. */
export async function startProcess(n: number, databaseUrl: string): Promise<ServerProcess> {
  const started = spawnServer([], {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '6',
    CLUSTER: '1',
    ADMIN_TOKEN: KILL_ADMIN_TOKEN,
    DEV_OUTBOX: '1',
    // Set-up calls name their trader's address (X-Forwarded-For): the sign-up limits per address hold per trader.
    TRUST_PROXY: 'loopback',
    MARKET_SEED: '24',
    // A repeat takes over a key whose request died with its process after half a second, not 15.
    IDEMPOTENCY_LEASE_MS: '500',
  });
  const server: ServerProcess = { ...started, n, ...(await started.listening()), alive: true };
  void started.exited.then(() => (server.alive = false));
  return server;
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
