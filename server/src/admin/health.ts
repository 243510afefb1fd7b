/**
 * `GET /admin/v1/health`: what an operator (or a monitor polling with the admin token) watches on one
 * process — its database (a timed `select 1`), the market socket's broker, and lag: the event loop's delay,
 * the age of the market's last tick and how long the oldest due option has waited for its settlement. Each
 * figure past its threshold is named in `problems` and makes the status `degraded` (decision HL1); in RabbitMQ
 * mode a lost link to it is the problem `broker` (RQ2). With several processes on one database `cluster` says
 * which process answered and which background jobs (leases) it runs (MP18). It reads other modules only through
 * their decorations (`app.broker`, `app.market`, `app.optionMode`, `app.cluster`), present or not.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { AdminHealth, type HealthProblem } from '../../../src/core/contract/admin';
import { ok } from '../http/envelope';
import { route } from '../http/route';

/** Past these the figure is a problem (ms). */
export const HEALTH_LIMITS = {
  /** A request waits this long behind other work: the process is overloaded. */
  eventLoopMaxMs: 200,
  /** Cryptos tick around the clock several times a second: half a minute without one is a stalled feed. */
  lastTickAgeMs: 30_000,
  /** The settler looks every 200 ms and at each expiry: 10 s late is a stuck settler. */
  overdueSettlementMs: 10_000,
} as const;

/** How often the loop sampler runs (ms). */
const LOOP_SAMPLE_MS = 50;

/**
 * The event loop's longest stall: a timer every LOOP_SAMPLE_MS notes how late it ran. `take()` answers the
 * worst since the previous take, the gap still open counted too (a report right after a stall sees it), and
 * starts a new window. Real time on purpose: a stall is the processor's, not the server clock's.
 */
function loopSampler() {
  let last = performance.now();
  let worst = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const note = () => {
    const at = performance.now();
    worst = Math.max(worst, at - last - LOOP_SAMPLE_MS);
    last = at;
  };
  return {
    start() {
      last = performance.now();
      timer = setInterval(note, LOOP_SAMPLE_MS);
      timer.unref();
    },
    stop: () => clearInterval(timer),
    take() {
      note();
      const stall = worst;
      worst = 0;
      return Math.max(0, Math.round(stall));
    },
  };
}

/** The figures `healthProblems` judges. */
export interface HealthFigures {
  databaseOk: boolean;
  eventLoopMaxMs: number;
  lastTickAgeMs: number | null;
  overdueSettlementMs: number | null;
  /** RabbitMQ mode: whether the server's link to it is up (null: the embedded broker or none). */
  brokerLinkOk?: boolean | null;
}

/** What is wrong with `figures`, in HEALTH_PROBLEMS order (null figures: the module is absent, not a problem). */
export function healthProblems(figures: HealthFigures): HealthProblem[] {
  const problems: HealthProblem[] = [];
  const over = (value: number | null, limit: number) => value !== null && value > limit;
  if (!figures.databaseOk) problems.push('database');
  if (over(figures.eventLoopMaxMs, HEALTH_LIMITS.eventLoopMaxMs)) problems.push('event_loop');
  if (over(figures.lastTickAgeMs, HEALTH_LIMITS.lastTickAgeMs)) problems.push('market');
  if (over(figures.overdueSettlementMs, HEALTH_LIMITS.overdueSettlementMs)) problems.push('settlement');
  if (figures.brokerLinkOk === false) problems.push('broker');
  return problems;
}

/** This process among its database's (a process without the cluster module is alone). */
function clusterOf(app: FastifyInstance) {
  if (!app.hasDecorator('cluster'))
    return { shared: false, processId: '', pid: process.pid, members: 1, held: [] };
  const { held, members } = app.cluster.leases.report();
  return {
    shared: app.cluster.shared,
    processId: app.cluster.bus.processId,
    pid: process.pid,
    members,
    held: [...held].sort(),
  };
}

/** Registers the health route (called by the admin plugin). */
export function registerHealth(app: FastifyInstance): void {
  const now = () => app.clock.now();
  const loop = loopSampler();
  // Until the first tick, the market's age counts from when the process was ready.
  let lastTick: number | null = null;
  let unlisten: (() => void) | undefined;
  app.addHook('onReady', async () => {
    loop.start();
    if (app.hasDecorator('market')) {
      lastTick = now();
      unlisten = app.market.source.onTick((tick) => {
        lastTick = Math.max(lastTick ?? 0, tick.time);
      });
    }
  });
  app.addHook('onClose', async () => {
    loop.stop();
    unlisten?.();
  });

  route(app, AdminHealth, async () => {
    const started = performance.now();
    let migrations: string[] = [];
    let databaseOk = true;
    let overdueSettlementMs: number | null = null;
    try {
      const { rows } = await app.db.query<{ name: string }>(
        'select name from schema_migrations order by name',
      );
      migrations = rows.map((row) => row.name);
      if (app.hasDecorator('optionMode')) {
        const due = await app.optionMode.settler.oldestDue();
        overdueSettlementMs = due === null ? 0 : Math.max(0, now() - due);
      }
    } catch (error) {
      databaseOk = false;
      app.log.error({ err: error }, 'health: database query failed');
    }
    const latencyMs = Math.round(performance.now() - started);
    const eventLoopMaxMs = loop.take();
    const lastTickAgeMs = lastTick === null ? null : Math.max(0, now() - lastTick);
    const stats = app.hasDecorator('broker') ? app.broker.stats() : null;
    const link = (app.hasDecorator('broker') && app.broker.link?.()) || null;
    const problems = healthProblems({
      databaseOk,
      eventLoopMaxMs,
      lastTickAgeMs,
      overdueSettlementMs,
      brokerLinkOk: link ? link.connected : null,
    });
    return ok({
      status: problems.length === 0 ? ('ok' as const) : ('degraded' as const),
      db: app.db.kind,
      migrations,
      uptimeSec: Math.floor(process.uptime()),
      database: { ok: databaseOk, latencyMs },
      broker:
        stats &&
        (link
          ? {
              kind: link.kind,
              connections: null,
              subscriptions: null,
              slowConsumersDisconnected: null,
              refusedUpgrades: null,
              link: {
                url: link.url,
                connected: link.connected,
                reconnects: link.reconnects,
                error: link.error,
              },
            }
          : {
              kind: 'embedded' as const,
              connections: stats.connections,
              subscriptions: stats.subscriptions,
              slowConsumersDisconnected: stats.slowConsumersDisconnected,
              refusedUpgrades: stats.refusedUpgrades,
              link: null,
            }),
      lag: { eventLoopMaxMs, lastTickAgeMs, overdueSettlementMs },
      cluster: clusterOf(app),
      problems,
    });
  });
}
