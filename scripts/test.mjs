// `npm test`: every suite (unit, server, end-to-end in real Chromium) against a throw-away PostgreSQL, the
// browser quote suites also against a throw-away RabbitMQ (RabbitMQ mode of the market, RQ1).
// Missing Chromium, PostgreSQL or RabbitMQ fails the run: a suite is never skipped silently.
// Extra arguments go to vitest, e.g. `npm test -- --project 'e2e*'` or `npm test -- server/src/db`.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, findPostgresBin } from './lib/find-tools.mjs';
import { runNode, signalChildren } from './lib/run.mjs';
import { startTempPostgres } from './lib/temp-postgres.mjs';
import { findRabbitmqBin, startTempRabbitmq } from './lib/temp-rabbitmq.mjs';
import { missingTool, testTools } from './lib/test-tools.mjs';
import { slowestFiles, summarize } from './lib/vitest-summary.mjs';

const started = Date.now();
const workDir = mkdtempSync(join(tmpdir(), 'tk-test-'));
let database = null;
let rabbitmq = null;

function cleanUp() {
  try {
    database?.stop();
  } catch (error) {
    console.error(`Could not stop the test PostgreSQL cleanly: ${error.message}`);
  }
  database = null;
  try {
    rabbitmq?.stop();
  } catch (error) {
    console.error(`Could not stop the test RabbitMQ cleanly: ${error.message}`);
  }
  rabbitmq = null;
  rmSync(workDir, { recursive: true, force: true });
}

function fail(message) {
  console.error(message);
  cleanUp();
  console.log('0 passed, 1 failed');
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    signalChildren(signal);
    cleanUp();
    process.exit(130);
  });
}
process.on('exit', cleanUp);

const tools = testTools(process.env, {
  chromium: findChromium,
  postgres: findPostgresBin,
  rabbitmq: findRabbitmqBin,
});
const missing = missingTool(tools);
if (missing) fail(missing);
const [chromium, postgresBin, rabbitmqBin] = tools.map((tool) => tool.found);
console.log(`Chromium: ${chromium}`);

// Brotli at quality 5 for the test build: the same files once decompressed, in under a second (EK2).
const env = { ...process.env, CHROMIUM_PATH: chromium, TK_REQUIRE_PG: '1', TK_BROTLI_QUALITY: '5' };
// RabbitMQ, the build and PostgreSQL start side by side: the node's boot (about 5 s) mostly waits on Erlang's
// own start, PostgreSQL's on initdb's writes, and the build takes 6 s of the two cores (TR66).
// The end-to-end suites' RabbitMQ-mode platform publishes to this node (tests/e2e/platform-set.ts); the server
// tests of RabbitMQ mode start a node of their own, so that two markets never publish to one node's topics.
// TEST_RABBITMQ: the JSON that startTempRabbitmq's node is described by, for a node started elsewhere.
const startingRabbitmq = process.env.TEST_RABBITMQ ? null : startTempRabbitmq(rabbitmqBin);
// Each settles before it is read: a failed build still stops what started beside it.
const settled = (promise) =>
  promise?.then(
    (value) => ({ value }),
    (error) => ({ error }),
  );
const rabbitmqStart = settled(startingRabbitmq);
console.log('\n> vite build');
const building = runNode('vite/bin/vite.js', ['build', '--logLevel', 'warn'], { env });
const postgresStart = settled(process.env.TEST_DATABASE_URL ? null : startTempPostgres(postgresBin));
const buildCode = await building;
const [postgresResult, rabbitmqResult] = await Promise.all([postgresStart, rabbitmqStart]);
database = postgresResult?.value ?? null;
rabbitmq = rabbitmqResult?.value ?? null;
if (buildCode !== 0) fail('vite build failed: the end-to-end suites need dist/.');

if (!postgresResult) {
  console.log('PostgreSQL: TEST_DATABASE_URL from the environment');
} else if (postgresResult.error) {
  fail(`Could not start a throw-away PostgreSQL from ${postgresBin}:\n${postgresResult.error.message}`);
} else {
  env.TEST_DATABASE_URL = database.url;
  console.log(`PostgreSQL: throw-away cluster from ${postgresBin} at ${database.url}`);
}

if (!rabbitmqResult) {
  console.log('RabbitMQ: TEST_RABBITMQ from the environment');
} else if (rabbitmqResult.error) {
  fail(`Could not start a throw-away RabbitMQ from ${rabbitmqBin}:\n${rabbitmqResult.error.message}`);
} else {
  const { url, publicUrl, control } = rabbitmq;
  env.TEST_RABBITMQ = JSON.stringify({ url, publicUrl, control });
  console.log(
    `RabbitMQ: throw-away node ${rabbitmq.nodeName} at ${publicUrl} (started in ${rabbitmq.startMs} ms)`,
  );
}

const reportFile = join(workDir, 'vitest.json');
console.log('\n> vitest run');
const exitCode = await runNode(
  'vitest/vitest.mjs',
  [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
    ...process.argv.slice(2),
  ],
  { env },
);

let report = null;
try {
  report = JSON.parse(readFileSync(reportFile, 'utf8'));
  // TK_TEST_REPORT keeps vitest's JSON report (per-file and per-test times) for comparing runs.
  if (process.env.TK_TEST_REPORT) copyFileSync(reportFile, process.env.TK_TEST_REPORT);
} catch {
  console.error(`vitest wrote no JSON report (exit ${exitCode}).`);
}
cleanUp();

const summary = summarize(report, exitCode);
for (const name of summary.allSkippedFiles) console.error(`Every test was skipped in ${name}`);
if (summary.passed === 0) console.error('No test passed: zero tests ran or all of them failed.');
const slowest = slowestFiles(report, process.cwd());
if (slowest.lines.length > 0)
  console.log(`\nSlowest ${slowest.lines.length} test files:\n${slowest.lines.join('\n')}`);
console.log(`\nnpm test finished in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(summary.line);
process.exit(summary.ok ? 0 : 1);
