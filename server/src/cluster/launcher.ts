/**
 * `npm start -- --workers N` (or WORKERS=N), decision MP16: a primary process forks N workers with `node:cluster`.
 * Every worker runs the whole server in cluster mode (`buildApp({ cluster: { enabled: true } })`) and listens on
 * the same port: the primary holds the listening socket and hands connections out round-robin. Everything the
 * workers share is in PostgreSQL (the bus, the leases, the data), so the primary does nothing but start them,
 * start one again when it dies (MP17), relay the stop signals and print the address once.
 */
import cluster, { type Worker } from 'node:cluster';
import { SERVER_ENTRY } from '../entry';
import { EnvError, type ServerEnv } from '../env';

/** Most workers: far more than one host's cores, far fewer than its database connections. */
export const MAX_WORKERS = 64;
/** A worker that lived this long was healthy: its death is a new incident, restarted at once. */
export const STABLE_AFTER_MS = 10_000;
/** The first wait before starting again a worker that died soon after its start, doubled each time. */
export const FIRST_BACKOFF_MS = 500;
/** The longest wait between two starts of a worker that keeps dying. */
export const MAX_BACKOFF_MS = 30_000;
/** How long the workers may take to close after a stop signal before the primary kills them. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * The worker count of `--workers N` (or `--workers=N`) in `argv`, else WORKERS; undefined when neither is given.
 * Several processes share their state only through PostgreSQL: PGlite is one process's database.
 */
export function workersOf(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): number | undefined {
  let raw: string | undefined;
  let name = 'WORKERS';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--workers') {
      raw = argv[i + 1] ?? '';
      name = '--workers';
      i += 1;
    } else if (arg.startsWith('--workers=')) {
      raw = arg.slice('--workers='.length);
      name = '--workers';
    }
  }
  raw ??= env.WORKERS?.trim() || undefined;
  if (raw === undefined) return undefined;
  const value = Number(raw.trim());
  if (!/^\d{1,3}$/.test(raw.trim()) || value < 1 || value > MAX_WORKERS) {
    throw new EnvError(`${name} must be an integer from 1 to ${MAX_WORKERS}, got "${raw.slice(0, 40)}"`);
  }
  if (!env.DATABASE_URL?.trim()) {
    throw new EnvError(
      `${name} needs PostgreSQL: set DATABASE_URL (the embedded PGlite database belongs to one process)`,
    );
  }
  // Each worker would move a clock of its own (CH4).
  if (env.DEV_CLOCK_OFFSET_MS?.trim()) {
    throw new EnvError(`DEV_CLOCK_OFFSET_MS is refused with several processes (${name})`);
  }
  return value;
}

/**
 * How long to wait before starting again a worker that lived `uptimeMs` and had died `failures` times in a row
 * before (each soon after its start). A worker that ran for a while comes back at once; one that dies as it
 * starts (a database that refuses it, a bad deployment) waits 0.5, 1, 2 … up to 30 s, so the host is not busy
 * restarting it in a tight loop while the other workers serve.
 */
export function restartDelayMs(uptimeMs: number, failures: number): { delayMs: number; failures: number } {
  if (uptimeMs >= STABLE_AFTER_MS) return { delayMs: 0, failures: 0 };
  const next = failures + 1;
  return {
    delayMs: Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.min(next - 1, 16)),
    failures: next,
  };
}

/** What a worker tells the primary once it listens. */
export interface WorkerReady {
  type: 'tradekit:ready';
  port: number;
  demoUid: string | null;
}

/** Called by a worker once it listens: the primary prints the address when all have said so. */
export function announceReady(ready: Omit<WorkerReady, 'type'>): void {
  process.send?.({ type: 'tradekit:ready', ...ready } satisfies WorkerReady);
}

/** The lines `npm start` prints once the server listens (by the single process, or the primary). */
export function startLines(env: ServerEnv, port: number, demo: string | null, workers?: number): string[] {
  return [
    `TradeKit is running at http://localhost:${port}${workers ? ` (${workers} worker processes)` : ''}`,
    env.adminTokenGenerated
      ? `Admin token (generated for this run; set ADMIN_TOKEN to keep one): ${env.adminToken}`
      : 'Admin token: taken from ADMIN_TOKEN',
    ...(demo ? [demo] : []),
  ];
}

/**
 * The node options of the workers: the primary's, with tsx's loader when they run the TypeScript source and the
 * primary registered it by API; the bundle (TR64) needs none, and its stack traces read through its map.
 */
function workerExecArgv(): string[] {
  const argv = [...process.execArgv];
  if (!SERVER_ENTRY.endsWith('.ts')) {
    return argv.includes('--enable-source-maps') ? argv : [...argv, '--enable-source-maps'];
  }
  const hasTsx = argv.some(
    (arg, i) => arg === 'tsx' && (argv[i - 1] === '--import' || argv[i - 1] === '--loader'),
  );
  return hasTsx || argv.includes('--import=tsx') ? argv : [...argv, '--import', 'tsx'];
}

interface Slot {
  n: number;
  worker: Worker | null;
  startedAt: number;
  ready: boolean;
  failures: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * The primary: forks `workers` workers of the server (SERVER_ENTRY), each told CLUSTER=1 and the admin token (a
 * generated one must be the same in every worker), prints the address when all listen, starts a dead one again
 * (after a back-off when it keeps dying), and on SIGTERM / SIGINT relays SIGTERM to every worker and exits
 * when they have (a second signal kills them).
 */
export function runPrimary(workers: number, env: ServerEnv, demoLine: (uid: string) => string): void {
  cluster.setupPrimary({ exec: SERVER_ENTRY, args: [], execArgv: workerExecArgv() });
  const workerEnv = { CLUSTER: '1', ADMIN_TOKEN: env.adminToken };
  const slots: Slot[] = Array.from({ length: workers }, (_, n) => ({
    n: n + 1,
    worker: null,
    startedAt: 0,
    ready: false,
    failures: 0,
    timer: undefined,
  }));
  let announced = false;
  let stopping = false;
  let failed = false;

  const fork = (slot: Slot) => {
    slot.timer = undefined;
    slot.ready = false;
    slot.startedAt = Date.now();
    const worker = cluster.fork({ ...workerEnv, TK_WORKER: String(slot.n) });
    slot.worker = worker;
    console.log(`Worker ${slot.n} starting (pid ${worker.process.pid})`);
    worker.on('message', (message: WorkerReady) => {
      if (message?.type !== 'tradekit:ready') return;
      slot.ready = true;
      if (announced) console.log(`Worker ${slot.n} listening again (pid ${worker.process.pid})`);
      if (announced || !slots.every((s) => s.ready)) return;
      announced = true;
      const demo = message.demoUid ? demoLine(message.demoUid) : null;
      for (const line of startLines(env, message.port, demo, workers)) console.log(line);
    });
    worker.on('exit', (code, signal) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      if (stopping) {
        // Killed by the relayed SIGTERM before its own handler was set (still starting) is a clean stop too.
        if (code !== 0 && signal !== 'SIGTERM') failed = true;
        if (slots.every((s) => s.worker === null)) process.exit(failed ? 1 : 0);
        return;
      }
      // A worker that never listened before any did: the start itself fails (the port, the database). The
      // primary stops rather than start it again for ever; its output said why.
      if (!slot.ready && !announced) {
        console.error(`Worker ${slot.n} exited (${signal ?? `code ${code}`}) before the server listened`);
        stop('SIGTERM', 1);
        return;
      }
      const next = restartDelayMs(Date.now() - slot.startedAt, slot.failures);
      slot.failures = next.failures;
      console.error(
        `Worker ${slot.n} (pid ${worker.process.pid}) died (${signal ?? `code ${code}`}); ` +
          `starting it again${next.delayMs ? ` in ${next.delayMs} ms` : ''}`,
      );
      slot.timer = setTimeout(() => fork(slot), next.delayMs);
    });
  };

  const stop = (signal: NodeJS.Signals, code = 0) => {
    if (stopping) {
      // A second signal: stop waiting for a clean close.
      for (const slot of slots) slot.worker?.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    if (code !== 0) failed = true;
    for (const slot of slots) clearTimeout(slot.timer);
    for (const slot of slots) slot.worker?.process.kill('SIGTERM');
    if (slots.every((s) => s.worker === null)) process.exit(failed ? 1 : 0);
    setTimeout(() => {
      for (const slot of slots) slot.worker?.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    console.log(`Stopping the workers (${signal})`);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (const slot of slots) fork(slot);
}
