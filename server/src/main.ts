import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from './app';
import { DEMO_USER, ensureDemoUser } from './demo-user';
import { EnvError, readEnv } from './env';

const CLOSE_TIMEOUT_MS = 10_000;

/** Reads the environment, builds the app, listens and closes it cleanly on SIGINT / SIGTERM. */
async function main(): Promise<void> {
  const env = readEnv();
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
    ...(env.idempotencyLeaseMs === undefined ? {} : { idempotencyLeaseMs: env.idempotencyLeaseMs }),
  });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1); // a second signal: stop waiting
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
  const demoUid = !env.devOutbox
    ? null
    : await ensureDemoUser(app).catch((error: unknown) => {
        app.log.warn({ err: error }, 'demo login could not be prepared');
        return null;
      });
  await app.listen({ port: env.port, host: env.host });
  const { port } = app.server.address() as AddressInfo;
  console.log(`TradeKit is running at http://localhost:${port}`);
  console.log(
    env.adminTokenGenerated
      ? `Admin token (generated for this run; set ADMIN_TOKEN to keep one): ${env.adminToken}`
      : 'Admin token: taken from ADMIN_TOKEN',
  );
  if (demoUid) console.log(`Demo login: ${DEMO_USER.email} / ${DEMO_USER.password} (uid ${demoUid})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
