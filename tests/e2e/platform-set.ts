// The servers a set of browser files runs against: the reference platform (real app, throw-away PostgreSQL schema or
// data dir) with its clock's control and a second origin serving examples/, and for the main set its RabbitMQ-mode
// twin and the tests' push service. The global setups start one set for the browser files that run two at a time
// and one for the lane (TR60).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProvidedContext } from 'vitest';
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
import type { Started } from './shared-setup';
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

/** What a set has beside its platform, its clock's control and its examples' origin. */
export interface SetParts {
  /** The platform's RabbitMQ-mode twin on the run's RabbitMQ node (`rabbitBaseUrl`, `rabbitControl`). */
  rabbitmq: boolean;
  /** The tests' push service, which the platform may send Web Push to (`pushServiceUrl`). */
  push: boolean;
}

/** Start a set's servers; `stop` stops them. A start that fails stops what it had started. */
export async function startPlatformSet(parts: SetParts): Promise<Started> {
  readManifest(); // fail fast with a hint when `vite build` has not run
  // What has started, stopped in the reverse order.
  const stops: Array<() => unknown> = [];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step();
  };
  // The RabbitMQ node (when this run starts its own) boots while the first platform starts.
  const startingRabbit = parts.rabbitmq ? rabbitmqNode() : null;
  startingRabbit?.catch(() => undefined);
  // A node of our own must not outlive a failed start of the first platform.
  if (startingRabbit) stops.push(() => startingRabbit.then((node) => node.stop()).catch(() => undefined));
  try {
    const adminToken = randomBytes(24).toString('hex');
    // On the run's PostgreSQL when there is one (always under `npm test`), in a schema of its own: the platform
    // then spends a third less CPU in the vitest process than on PGlite (TR21); PGlite for a direct vitest run.
    const pgUrl = process.env.TEST_DATABASE_URL;
    /** A throw-away database: a schema of the run's PostgreSQL, else a data directory for PGlite. */
    const database = async (prefix: string) => {
      const dataDir = mkdtempSync(join(tmpdir(), prefix));
      stops.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const schema = pgUrl ? await postgresBackend(pgUrl).create() : null;
      if (schema) stops.push(() => schema.cleanup());
      return { dataDir, databaseUrl: schema?.databaseUrl };
    };
    const push = parts.push ? await startTestPushService() : null;
    if (push) stops.push(() => push.close());
    // What the platform and its RabbitMQ-mode twin are both started with.
    const common = {
      adminToken,
      logger: false,
      // Behind a "proxy": API-only steps of the suites give each made-up trader its own X-Forwarded-For, so the
      // per-IP limits on code sending stay real without one test run exhausting them for the next suite.
      trustProxy: true,
      market: { seed: 7, backfillDays: 1 },
      // The suites sign up with codes read from the dev outbox: switched on explicitly, as `npm start` does.
      auth: { devOutbox: true },
    } as const;
    // The server's clock follows real time; suites move it forward instead of waiting (tests/e2e/clock.ts).
    const clock = createTestClock();
    const app = await buildApp({
      ...common,
      clock,
      ...(await database('tk-e2e-')),
      // Chromium's own push service is Google's, out of reach here: the tests' push service stands in for it.
      ...(push ? { webPush: { origins: [push.origin] } } : {}),
    });
    stops.push(() => app.close());
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const provided: Partial<ProvidedContext> = { baseUrl, adminToken };
    if (push) provided.pushServiceUrl = push.origin;
    if (startingRabbit) {
      // The same platform publishing to RabbitMQ, on its own schema: the quote suites run their cases against both
      // (RQ6). It has a clock of its own, following real time: no RabbitMQ-mode case moves time, and when the clock
      // movers (then on this set) jumped the shared clock 8 days (the overdue loan), this platform, which publishes
      // every destination (RQ4), caught up 8 days of candles into RabbitMQ and held the vitest process — the first
      // platform and Playwright's server with it — past the test's 120 s.
      const [rabbit, rabbitDatabase] = await Promise.all([startingRabbit, database('tk-e2e-rmq-')]);
      const rabbitApp = await buildApp({
        ...common,
        clock: createTestClock(),
        ...rabbitDatabase,
        broker: { rabbitmq: { url: rabbit.url, publicUrl: rabbit.publicUrl, reconnectDelayMs: 250 } },
      });
      stops.push(() => rabbitApp.close());
      provided.rabbitBaseUrl = await rabbitApp.listen({ host: '127.0.0.1', port: 0 });
      provided.rabbitControl = rabbit.control;
      // Subscribed to RabbitMQ's binding events before a page subscribes: its first quotes are snapshots too.
      await (rabbitApp.broker as RabbitmqBroker).whenConnected();
    }
    const examples = await startExamplesServer({ port: 0, platformOrigin: baseUrl });
    stops.push(() => examples.close());
    provided.examplesUrl = examples.url;
    const control = await startClockControl(clock);
    stops.push(() => control.close());
    provided.clockUrl = control.url;
    return { provided, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
