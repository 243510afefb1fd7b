// `npm run bench`: the size budgets, what a browser transfers, JSON compression, broker fan-out, chart, trigger,
// order and option-settlement benchmarks, as one table on the console, bench/results/latest.json (each figure
// beside its floor and its budget or goal, EK11) and the table of README.md. Never part of `npm test`.
// `npm run bench -- order-placement broker` runs only the benchmarks whose file name contains one of the words
// (one at a time, as always) and merges them into latest.json; `npm run bench -- --readme` only writes the
// README's table again from latest.json.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from './lib/build.mjs';
import { FIGURES } from './lib/bench-figures.mjs';
import { consoleRows, mergeResults, renderTable, replaceBetweenMarkers } from './lib/bench-results.mjs';
import { ROOT, binOf } from './lib/run.mjs';

const RESULTS_DIR = join(ROOT, 'bench', 'results');
const LATEST = join(RESULTS_DIR, 'latest.json');
const README = join(ROOT, 'README.md');

function readLatest() {
  try {
    return JSON.parse(readFileSync(LATEST, 'utf8'));
  } catch {
    return null;
  }
}

/** Writes the README's bench table from `results`, formatted as `prettier --check` expects it. */
async function writeReadme(results) {
  const { format, resolveConfig } = await import('prettier');
  const text = replaceBetweenMarkers(readFileSync(README, 'utf8'), renderTable(results));
  const options = (await resolveConfig(README)) ?? {};
  writeFileSync(README, await format(text, { ...options, filepath: README }));
  console.log('README.md: bench table written');
}

if (process.argv.includes('--readme') && process.argv.slice(2).every((arg) => arg.startsWith('--'))) {
  const latest = readLatest();
  if (!latest) {
    console.error('bench/results/latest.json is missing: run npm run bench first.');
    process.exit(1);
  }
  await writeReadme(latest);
  process.exit(0);
}

/** Run a TypeScript benchmark with tsx, echo its output and return the JSON object on its last line. */
function runBench(file) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binOf('tsx/dist/cli.mjs'), file], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0) {
        reject(
          new Error(`${file} FAILED (exit ${code}): it crashed or refused too much; see its output above`),
        );
        return;
      }
      try {
        resolve(JSON.parse(last));
      } catch (error) {
        reject(new Error(`${file} did not finish with a JSON line (${error.message})`));
      }
    });
  });
}

const run = {
  at: new Date().toISOString(),
  node: process.version,
  cpus: availableParallelism(),
  benches: {},
};
let failed = false;

const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const selected = (file) => only.length === 0 || only.some((word) => file.includes(word));
if (
  [
    'bench/quotes-size.ts',
    'bench/transfer-size.ts',
    'bench/chart-',
    'bench/quotes-render',
    'bench/lighthouse',
  ].some(selected)
)
  await ensureBuild();

/**
 * Every benchmark, in the order of the table: its file, its key in latest.json and, where the run itself can be
 * void, what makes it valid (its ledger balanced). What it measured is its FIGURES (bench-figures.mjs), which also
 * say what the console and the README show. A budget missed (sizes, bytes, the fuzz run's failures) fails the run;
 * a goal missed is reported, not failed (speed on a shared machine, SM5); a crash, too many refusals or an invalid
 * run always fails.
 */
const ledgerOk = (r) => r.ledgerOk;
const BENCHES = [
  ['bench/quotes-size.ts', 'quotesSize'],
  // What a browser transfers and what compressing the JSON answers costs (issue #23).
  ['bench/transfer-size.ts', 'transferSize'],
  ['bench/json-compression.ts', 'jsonCompression'],
  // How the quote table renders and what a phone's browser makes of the host (issue #23).
  ['bench/quotes-render.ts', 'quotesRender'],
  ['bench/lighthouse.ts', 'lighthouse'],
  ['bench/broker-fanout.ts', 'brokerFanout'],
  // The chart (issue #5).
  ['bench/chart-size.ts', 'chartSize'],
  ['bench/chart-init.ts', 'chartInit'],
  ['bench/chart-update.ts', 'chartUpdate'],
  // Trading (issue #4), each against a baseline run side by side in the same run.
  ['bench/trigger-eval.ts', 'triggerEval'],
  // Price alerts (issue #25): 100,000 active alerts, p99 of one tick's evaluation beside a naive loop.
  ['bench/alert-eval.ts', 'alertEval'],
  ['bench/order-placement.ts', 'orderPlacement', ledgerOk],
  ['bench/option-settle.ts', 'optionSettle', ledgerOk],
  ['bench/api-fuzz.ts', 'apiFuzz', ledgerOk],
  // Faults with nothing lost (issue #24): a run with anything lost, doubled or out of step exits non-zero.
  ['bench/chaos.ts', 'chaos', ledgerOk],
];

/** Records a benchmark's figures for latest.json and judges them; a result its figures cannot read fails it. */
function record(file, key, result, valid) {
  let figures;
  try {
    figures = FIGURES[file](result);
  } catch (error) {
    recordFailure(file, key, new Error(`${file}: its result cannot be read (${error.message})`));
    return;
  }
  run.benches[file] = { at: new Date().toISOString(), ok: true, key, figures, result };
  if (valid && !valid(result)) {
    console.error(`${file}: the run is not valid (ledger check failed)`);
    failed = true;
  }
  for (const row of figures.filter((f) => f.met === false)) {
    if (row.limit.kind === 'budget') {
      console.error(`${file}: ${row.name} is over its budget`);
      failed = true;
    } else console.warn(`${file}: ${row.name} is below its goal (reported, not failed)`);
  }
}

/** A benchmark that crashed or refused too much: a row saying so in latest.json and the README. */
function recordFailure(file, key, error) {
  console.error(error.message);
  run.benches[file] = { at: new Date().toISOString(), ok: false, key, error: error.message, figures: [] };
  failed = true;
}

for (const [file, key, valid] of BENCHES) {
  if (!selected(file)) continue;
  if (!existsSync(join(ROOT, file))) {
    recordFailure(file, key, new Error(`\n${file} is missing: it was not run.`));
    continue;
  }
  console.log(`\n> ${file}`);
  try {
    record(file, key, await runBench(file), valid);
  } catch (error) {
    recordFailure(file, key, error);
  }
}

const rows = Object.entries(run.benches).flatMap(([file, bench]) =>
  bench.ok ? consoleRows(bench.figures) : [[file, 'FAILED', bench.error.trim()]],
);
const width = Math.max(...rows.map((row) => row[0].length));
console.log('\nBenchmark results');
for (const [name, value, note] of rows)
  console.log(`  ${name.padEnd(width)}  ${value.padStart(14)}  ${note}`);

// A partial run merges into the last full one.
const ORDER = BENCHES.map(([file]) => file);
mkdirSync(RESULTS_DIR, { recursive: true });
const latest = mergeResults(readLatest(), run, { full: only.length === 0, order: ORDER });
writeFileSync(LATEST, `${JSON.stringify(latest, null, 2)}\n`);
console.log(
  `\nWritten to bench/results/latest.json (${Object.keys(run.benches).length} benchmarks of this run)`,
);
await writeReadme(latest);
if (failed) console.error('\nnpm run bench FAILED: see the messages above.');
process.exit(failed ? 1 : 0);
