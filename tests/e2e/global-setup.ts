// Starts the reference platform (real app, throw-away data dir or PostgreSQL schema) and a second origin serving examples/,
// once for every end-to-end file.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startExamplesServer } from '../../examples/serve.mjs';
import { buildApp } from '../../server/src/app';
import { createTestClock } from '../../server/src/clock';
import type { RabbitmqBroker } from '../../server/src/broker/rabbitmq/link';
import { postgresBackend } from '../../server/src/db/testing';
import {
  findRabbitmqBin,
  startTempRabbitmq,
  type RabbitmqControl,
} from '../../scripts/lib/temp-rabbitmq.mjs';
import { readManifest } from '../fixtures/dist-graph';
import { startClockControl } from './clock-control';
import { sharedSetup } from './shared-setup';
import { startTestPushService } from '../../server/src/webpush/test-push-service';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the platform under test, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** Origin of the examples server (another origin, as a brand's site would be). */
    examplesUrl: string;
    /** Bearer token of the admin API. */
    adminToken: string;
    /** Origin of the server clock's control (`GET /now`, `POST /advance?ms=N`), outside the app. */
    clockUrl: string;
    /** Origin of a second platform in RabbitMQ mode (RQ6): browsers' market socket is RabbitMQ's Web-STOMP. */
    rabbitBaseUrl: string;
    /** How to run rabbitmqctl against that platform's RabbitMQ node (tests/e2e/stale-recovery.e2e.ts). */
    rabbitControl: RabbitmqControl;
    /**
     * Origin of a push service of the tests (server/src/webpush/test-push-service.ts) that the platform may send
     * Web Push to: `GET /__messages/<path>` answers what arrived (tests/e2e/web-push.e2e.ts).
     */
    pushServiceUrl: string;
  }
}

/** The run's RabbitMQ node (TEST_RABBITMQ from scripts/test.mjs), else one of our own for a direct vitest run. */
async function rabbitmqNode() {
  const given = process.env.TEST_RABBITMQ;
  if (given) {
    const node = JSON.parse(given) as { url: string; publicUrl: string; control: RabbitmqControl };
    return { ...node, stop: () => undefined };
  }
  const binDir = findRabbitmqBin();
  if (!binDir) {
    throw new Error(
      'The RabbitMQ-mode suites need RabbitMQ. Install it (Debian: apt-get install rabbitmq-server).',
    );
  }
  return startTempRabbitmq(binDir);
}

/** Start both platforms, the examples server, the push service and the clock's control; `stop` stops them. */
async function start() {
  readManifest(); // fail fast with a hint when `vite build` has not run
  const dataDir = mkdtempSync(join(tmpdir(), 'tk-e2e-'));
  const adminToken = randomBytes(24).toString('hex');
  // Behind a "proxy": API-only steps of the suites give each made-up trader its own X-Forwarded-For, so the
  // per-IP limits on code sending stay real without one test run exhausting them for the next suite.
  // The server's clock follows real time; suites move it forward instead of waiting (tests/e2e/clock.ts).
  const clock = createTestClock();
  // On the run's PostgreSQL when there is one (always under `npm test`), in a schema of its own: the platform
  // then spends a third less CPU in the vitest process than on PGlite (TR21); PGlite for a direct vitest run.
  const pgUrl = process.env.TEST_DATABASE_URL;
  // The RabbitMQ node (when this run starts its own) boots while the first platform starts.
  const startingRabbit = rabbitmqNode();
  startingRabbit.catch(() => undefined);
  // A node of our own must not outlive a failed start of the first platform.
  const stopRabbit = () => startingRabbit.then((node) => node.stop()).catch(() => undefined);
  const push = await startTestPushService();
  const database = pgUrl
    ? await postgresBackend(pgUrl)
        .create()
        .catch(async (error: unknown) => {
          await stopRabbit();
          throw error;
        })
    : null;
  const app = await buildApp({
    clock,
    dataDir,
    databaseUrl: database?.databaseUrl,
    adminToken,
    logger: false,
    trustProxy: true,
    market: { seed: 7, backfillDays: 1 },
    // The suites sign up with codes read from the dev outbox: switched on explicitly, as `npm start` does.
    auth: { devOutbox: true },
    // Chromium's own push service is Google's, out of reach here: the tests' push service stands in for it.
    webPush: { origins: [push.origin] },
  }).catch(async (error: unknown) => {
    await stopRabbit();
    throw error;
  });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  // The same platform publishing to RabbitMQ, on its own schema: the quote suites run their cases against both
  // (RQ6). It has a clock of its own, following real time: no RabbitMQ-mode case moves time, and when the clock
  // movers jumped the shared clock 8 days (the overdue loan), this platform, which publishes every destination
  // (RQ4), caught up 8 days of candles into RabbitMQ and held the vitest process — the first platform and
  // Playwright's server with it — past the test's 120 s.
  const [rabbit, rabbitDatabase] = await Promise.all([
    startingRabbit,
    pgUrl ? postgresBackend(pgUrl).create() : null,
  ]);
  const rabbitDataDir = mkdtempSync(join(tmpdir(), 'tk-e2e-rmq-'));
  const rabbitApp = await buildApp({
    clock: createTestClock(),
    dataDir: rabbitDataDir,
    databaseUrl: rabbitDatabase?.databaseUrl,
    adminToken,
    logger: false,
    trustProxy: true,
    market: { seed: 7, backfillDays: 1 },
    broker: { rabbitmq: { url: rabbit.url, publicUrl: rabbit.publicUrl, reconnectDelayMs: 250 } },
    auth: { devOutbox: true },
  });
  const rabbitBaseUrl = await rabbitApp.listen({ host: '127.0.0.1', port: 0 });
  // Subscribed to RabbitMQ's binding events before a page subscribes: its first quotes are snapshots too.
  await (rabbitApp.broker as RabbitmqBroker).whenConnected();
  const examples = await startExamplesServer({ port: 0, platformOrigin: baseUrl });
  const control = await startClockControl(clock);
  const provided = {
    baseUrl,
    examplesUrl: examples.url,
    adminToken,
    clockUrl: control.url,
    rabbitBaseUrl,
    rabbitControl: rabbit.control,
    pushServiceUrl: push.origin,
  };
  const stop = async () => {
    await rabbitApp.close();
    await rabbitDatabase?.cleanup();
    rmSync(rabbitDataDir, { recursive: true, force: true });
    rabbit.stop();
    await control.close();
    await examples.close();
    await app.close();
    await database?.cleanup();
    await push.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { provided, stop };
}

/** Vitest global setup of both browser projects: one set of servers for the run, their URLs provided to each. */
export default sharedSetup('platform', start);
