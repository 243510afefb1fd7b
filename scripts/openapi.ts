/**
 * Generates docs/openapi.json from the running app's routes (every route's schema comes from its contract
 * declaration). `npx tsx scripts/openapi.ts` writes the file; `--check` exits 1 when the committed file differs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp } from '../server/src/app';
import { createTestClock } from '../server/src/clock';
import { openApiDocumentOf } from '../server/src/docs/openapi';

const ROOT = resolve(import.meta.dirname, '..');
/** The committed document. */
export const OPENAPI_PATH = resolve(ROOT, 'docs/openapi.json');

/** The document as the server generates it, in the committed file's text form. */
export async function generateOpenApi(): Promise<string> {
  const app = await buildApp({
    dataDir: 'memory://',
    adminToken: 'openapi-generation',
    // The routes do not depend on the price history: a few minutes of it instead of the default 30 days, which
    // took most of the check's minute.
    market: { seed: 1, autostart: false, backfillDays: 0.005 },
    // The development outbox is documented too (as what it is): switched on here, off by default.
    auth: { devOutbox: true },
    // So is the movable clock's route (DEV_CLOCK_OFFSET_MS, CH4).
    movableClock: createTestClock(),
    logger: false,
  });
  try {
    await app.ready();
    return `${JSON.stringify(openApiDocumentOf(app), null, 2)}\n`;
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const text = await generateOpenApi();
  if (process.argv.includes('--check')) {
    const committed = existsSync(OPENAPI_PATH) ? readFileSync(OPENAPI_PATH, 'utf8') : '';
    if (committed !== text) {
      console.error('docs/openapi.json is stale: run `npx tsx scripts/openapi.ts` and commit the result.');
      process.exit(1);
    }
    console.log('docs/openapi.json is up to date.');
    return;
  }
  writeFileSync(OPENAPI_PATH, text);
  console.log(`Wrote ${OPENAPI_PATH}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
