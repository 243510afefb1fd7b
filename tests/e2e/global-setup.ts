// Starts the reference platform (real app, throw-away data dir or PostgreSQL schema) and a second origin serving examples/,
// once for every end-to-end file.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startExamplesServer } from '../../examples/serve.mjs';
import { buildApp } from '../../server/src/app';
import { createTestClock } from '../../server/src/clock';
import { postgresBackend } from '../../server/src/db/testing';
import { readManifest } from '../fixtures/dist-graph';
import { startClockControl } from './clock-control';

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
  }
}

/** Vitest global setup: start both servers and provide their URLs; the returned function stops them. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
  const database = pgUrl ? await postgresBackend(pgUrl).create() : null;
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
  });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const examples = await startExamplesServer({ port: 0, platformOrigin: baseUrl });
  const control = await startClockControl(clock);
  project.provide('baseUrl', baseUrl);
  project.provide('examplesUrl', examples.url);
  project.provide('adminToken', adminToken);
  project.provide('clockUrl', control.url);
  return async () => {
    await control.close();
    await examples.close();
    await app.close();
    await database?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
