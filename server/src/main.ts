import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createTestClock } from './clock';
import { DEMO_USER, ensureDemoUser } from './demo-user';
import { announceReady, runPrimary, startLines, workersOf } from './cluster';
import { EnvError, readEnv } from './env';

const CLOSE_TIMEOUT_MS = 10_000;

const demoLine = (uid: string) => `Demo login: ${DEMO_USER.email} / ${DEMO_USER.password} (uid ${uid})`;

/**
 * Reads the environment, builds the app, listens and closes it cleanly on SIGINT / SIGTERM. With `--workers N`
 * (WORKERS) this process is the primary of N workers (cluster/launcher.ts), each of which runs this again.
 */
async function main(): Promise<void> {
  const env = readEnv();
  const workers = cluster.isPrimary ? workersOf(process.argv.slice(2)) : undefined;
  if (workers !== undefined) return runPrimary(workers, env, demoLine);
  // Loaded here, not at the top: a primary only forks and watches its workers. Importing the app (Fastify, every
  // route and schema) took a fifth of its start's CPU through tsx (1.9 s → 1.5 s here, TR63). In the server's bundle
  // (TR64) the packages load with the bundle, but the app's own modules still run only here.
  const { buildApp } = await import('./app');
  // The first start simulates the price history the charts need before it can serve; say so, not just wait.
  if (!env.databaseUrl && !existsSync(join(env.dataDir, 'pglite'))) {
    console.log('First start: preparing the database and 30 days of price history (about a minute)…');
  }
  const app = await buildApp({
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl,
    databasePoolMax: env.databasePoolMax,
    adminToken: env.adminToken,
    logger: { level: env.logLevel },
    publicOrigin: env.publicOrigin,
    allowedOrigins: env.allowedOrigins,
    defaultBrand: env.brand,
    trustProxy: env.trustProxy,
    broker: { maxConnectionsPerAddress: env.marketWsMaxPerIp, rabbitmq: env.marketBroker },
    exchangeWs: { maxConnectionsPerAddress: env.exchangeWsMaxPerIp },
    market: env.marketSeed === undefined ? {} : { seed: env.marketSeed },
    auth: { devOutbox: env.devOutbox },
    webPush: env.webPush,
    cluster: { enabled: env.cluster },
    ...(env.devClockOffsetMs === undefined
      ? {}
      : { movableClock: createTestClock({ start: Date.now() + env.devClockOffsetMs }) }),
    ...(env.idempotencyLeaseMs === undefined ? {} : { idempotencyLeaseMs: env.idempotencyLeaseMs }),
  });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    // A second signal: stop waiting. Not in a worker: Ctrl-C reaches it and its primary relays a SIGTERM too;
    // the primary kills its workers on a second signal of its own.
    if (closing && cluster.isWorker) return;
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), CLOSE_TIMEOUT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  // Prepared before listening, through the app's own routes, so the printed login works at once.
  await app.ready();
  // The demo registers through the dev outbox's code: only where the outbox is switched on (never production).
  // Several workers start at once: one at a time prepares it, the others find it made (exclusive).
  const demoUid = !env.devOutbox
    ? null
    : await app.db
        .exclusive('tradekit:demo-user', () => ensureDemoUser(app))
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'demo login could not be prepared');
          return null;
        });
  await app.listen({ port: env.port, host: env.host });
  const { port } = app.server.address() as AddressInfo;
  // A worker's primary prints the address once all its workers listen.
  if (cluster.isWorker) return announceReady({ port, demoUid });
  for (const line of startLines(env, port, demoUid ? demoLine(demoUid) : null)) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
