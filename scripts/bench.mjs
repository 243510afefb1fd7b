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
import { mergeResults, renderTable, replaceBetweenMarkers } from './lib/bench-results.mjs';
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

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [];
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
 * Records a benchmark's figures for latest.json; a budget missed fails the run, a goal missed is reported.
 * `figures` may throw on a result it cannot read: the benchmark then counts as failed.
 */
function record(file, key, result, figuresOf, { judge = true } = {}) {
  let figures;
  try {
    figures = figuresOf(result);
  } catch (error) {
    console.error(`${file}: its result cannot be read (${error.message})`);
    run.benches[file] = { at: new Date().toISOString(), ok: false, key, error: error.message, figures: [] };
    failed = true;
    return;
  }
  run.benches[file] = { at: new Date().toISOString(), ok: true, key, figures, result };
  if (!judge) return;
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

if (selected('bench/quotes-size.ts')) console.log('\n> bench/quotes-size.ts');
if (selected('bench/quotes-size.ts'))
  try {
    const size = await runBench('bench/quotes-size.ts');
    rows.push([
      'tk-quotes gzip, first paint (entry + static chunks)',
      kb(size.quotesGzipBytes),
      `budget ${kb(size.budgetBytes)}`,
    ]);
    rows.push([
      'tk-quotes first paint: our own code',
      kb(size.ownGzipBytes),
      `budget ${kb(size.ownBudgetBytes)}`,
    ]);
    for (const second of size.secondWidgets)
      rows.push([
        `${second.tag} after tk-quotes`,
        kb(second.gzipBytes),
        `budget ${kb(size.secondWidgetBudgetBytes)}`,
      ]);
    rows.push([
      'React + ReactDOM alone (floor)',
      kb(size.reactFloorGzipBytes),
      `tk-quotes = ${(size.quotesGzipBytes / Math.max(1, size.reactFloorGzipBytes)).toFixed(2)}× floor`,
    ]);
    rows.push([
      `chunk carrying React (${size.reactChunks.length})`,
      kb(size.reactChunkGzipBytes),
      size.reactChunks.join(' '),
    ]);
    record('bench/quotes-size.ts', 'quotesSize', size, FIGURES['bench/quotes-size.ts']);
  } catch (error) {
    recordFailure('bench/quotes-size.ts', 'quotesSize', error);
  }

/** What a browser transfers and what compressing the JSON answers costs (issue #23): sizes are budgets. */
const wireBenches = [
  [
    'bench/transfer-size.ts',
    'transferSize',
    (r) =>
      r.pages.map((p) => [
        `${p.page}: transferred (first visit)`,
        kb(p.transferredBytes),
        `gzip -9 ${kb(p.floorBytes)}; raw ${kb(p.rawBytes)}; headers ${kb(p.headerBytes)}; ${p.requests} responses`,
      ]),
  ],
  [
    'bench/json-compression.ts',
    'jsonCompression',
    (r) => [
      ...r.answers.map((a) => [
        `JSON ${a.name}: ${a.servedEncoding}`,
        `${a.servedBytes} B`,
        `gzip -9 ${a.floorBytes} B; raw ${a.rawBytes} B; ${a.chosenMs.toFixed(3)} ms CPU`,
      ]),
      [
        'JSON compression, worst on the event loop',
        `${r.worstEventLoopMs.toFixed(3)} ms`,
        `goal <= ${r.goalMs} ms`,
      ],
    ],
  ],
];
/** How the quote table renders and what a phone's browser makes of the host (issue #23): goals, reported. */
const renderBenches = [
  [
    'bench/quotes-render.ts',
    'quotesRender',
    (r) => [
      [
        'quote table partial update React / hand-written',
        String(r.partialUpdate.ratio),
        `${r.partialUpdate.reactMs} ms against ${r.partialUpdate.vanillaMs} ms; goal <= ${r.partialUpdate.goal}`,
      ],
      [
        `${r.liveRows.rows} live rows, ${r.liveRows.perFrame} ticks per frame`,
        `${r.liveRows.longTasks} long tasks`,
        `longest ${r.liveRows.longestTaskMs} ms; goal 0`,
      ],
      ['tick -> painted, p99', `${r.tickToPaint.paintedMs.p99} ms`, `goal <= ${r.tickToPaint.goalP99Ms} ms`],
      [
        `watchlist of ${r.watchlist.listed.asked} symbols`,
        `${r.watchlist.listed.symbolsWithPrice} priced`,
        `${r.watchlist.listed.sockets} socket(s)`,
      ],
    ],
  ],
  [
    'bench/lighthouse.ts',
    'lighthouse',
    (r) =>
      Object.entries(r.lighthouse.pages).map(([page, f]) => [
        `Lighthouse mobile, ${page}`,
        String(f.score),
        `LCP ${(f.largestContentfulPaintMs / 1000).toFixed(2)} s; TBT ${Math.round(f.totalBlockingTimeMs)} ms; ` +
          `CLS ${f.cumulativeLayoutShift.toFixed(3)}; goal >= ${r.lighthouse.goals.score}`,
      ]),
  ],
];
for (const [file, key, toRows] of [...wireBenches, ...renderBenches]) {
  if (!selected(file)) continue;
  console.log(`\n> ${file}`);
  try {
    const result = await runBench(file);
    rows.push(...toRows(result));
    record(file, key, result, FIGURES[file]);
  } catch (error) {
    recordFailure(file, key, error);
  }
}

const fanout = 'bench/broker-fanout.ts';
if (!selected(fanout)) {
  // not asked for
} else if (existsSync(join(ROOT, fanout))) {
  console.log(`\n> ${fanout}`);
  try {
    const broker = await runBench(fanout);
    rows.push(['broker fan-out (STOMP)', `${Math.round(broker.brokerMsgsPerSec)} msg/s`, '']);
    rows.push(['raw WebSocket fan-out', `${Math.round(broker.rawMsgsPerSec)} msg/s`, '']);
    rows.push(['broker / raw', Number(broker.ratio).toFixed(2), '']);
    record(fanout, 'brokerFanout', broker, FIGURES[fanout]);
  } catch (error) {
    recordFailure(fanout, 'brokerFanout', error);
  }
} else {
  console.error(`\n${fanout} is missing: the broker fan-out benchmark was not run.`);
  failed = true;
}

/** Chart benchmarks (issue #5): each prints one JSON line; figures are reported against their goals. */
const chartBenches = [
  [
    'bench/chart-size.ts',
    'chartSize',
    (r) => [
      [
        'tk-chart gzip, first paint (entry + static chunks)',
        kb(r.firstLoadGzipBytes),
        `budget ${kb(r.budgetBytes)}; after it ${kb(r.lazyGzipBytes)}; klinecharts lazy: ${r.klinechartsLoadedLazily}`,
      ],
    ],
    (r) => r.withinBudget,
    'budget',
  ],
  [
    'bench/chart-init.ts',
    'chartInit',
    (r) => [
      ['chart init, 100,000 candles: widget', `${r.widgetMedianMs} ms`, ''],
      ['chart init, 100,000 candles: bare klinecharts', `${r.bareMedianMs} ms`, ''],
      ['chart init widget / bare', Number(r.ratio).toFixed(2), `goal <= ${r.goalRatio}`],
    ],
    (r) => r.withinGoal,
  ],
  [
    'bench/chart-update.ts',
    'chartUpdate',
    (r) => [['last-candle update at 1,000 ticks/s, p99', `${r.tickP99Ms} ms`, 'goal <= 1 ms']],
    (r) => r.withinGoal,
  ],
];
/** Trading benchmarks (issue #4), each against a baseline run side by side in the same run. */
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const tradingBenches = [
  [
    'bench/trigger-eval.ts',
    'triggerEval',
    (r) =>
      ['spread', 'concentrated'].flatMap((layout) => [
        [
          `trigger checks/s, 10,000 positions ${layout}: book`,
          fmt(r[layout].indexed.checksPerSec),
          `${fmt(r[layout].checksPerTick)} checks/tick; goal >= ${fmt(r.goalChecksPerSec)}/s per core`,
        ],
        [
          `trigger checks/s, 10,000 positions ${layout}: naive loop`,
          fmt(r[layout].naive.checksPerSec),
          `book / naive ${r[layout].ratio.toFixed(1)}x`,
        ],
      ]),
    (r) => r.withinGoal,
  ],
  [
    'bench/order-placement.ts',
    'orderPlacement',
    (r) => [
      [
        `order placement, ${r.clients} clients: server`,
        `${fmt(r.server.ordersPerSec)} orders/s`,
        `p99 ${r.server.p99Ms.toFixed(1)} ms`,
      ],
      [
        `order placement, ${r.clients} clients: SQL baseline`,
        `${fmt(r.baseline.ordersPerSec)} orders/s`,
        `p99 ${r.baseline.p99Ms.toFixed(1)} ms`,
      ],
      [
        'order placement server / baseline',
        Number(r.ratio).toFixed(2),
        `goal >= ${r.goalRatio}; ledger ok: ${r.ledgerOk}`,
      ],
    ],
    (r) => r.withinGoal,
    (r) => r.ledgerOk,
  ],
  [
    'bench/option-settle.ts',
    'optionSettle',
    (r) => [
      [
        `option settlement lag, ${fmt(r.options)} options ending in one second`,
        `p99 ${fmt(r.lag.p99Ms)} ms`,
        `p50 ${fmt(r.lag.p50Ms)} ms, max ${fmt(r.lag.maxMs)} ms; goal p99 <= ${r.goalP99Ms} ms`,
      ],
      ['option settlement: settler', `${fmt(r.settlerPerSec)} options/s`, `chunks of ${fmt(r.chunk)}`],
      ['option settlement: one-transaction baseline', `${fmt(r.baselinePerSec)} options/s`, ''],
      [
        'option settlement settler / baseline',
        Number(r.ratio).toFixed(2),
        `goal >= ${r.goalRatio}; ledger ok: ${r.ledgerOk}`,
      ],
    ],
    (r) => r.withinGoal,
    (r) => r.ledgerOk,
  ],
  [
    'bench/api-fuzz.ts',
    'apiFuzz',
    (r) => [
      [
        `API fuzz, ${fmt(r.calls)} calls over ${r.operations} operations`,
        `${fmt(r.callsPerSec)} calls/s`,
        `5xx ${r.fiveXx}; schema-invalid ${r.schemaInvalid}; other ${r.otherFailures}; ledger ok: ${r.ledgerOk}`,
      ],
    ],
    (r) => r.clean,
    'budget',
  ],
];
/**
 * `goal` is the figure a benchmark aims at; `valid` says whether the run measured what it says (its ledger
 * balanced). A budget (`valid` = 'budget': sizes, the fuzz run) fails the run when missed; a speed goal missed
 * on a shared machine is reported, not failed (SM5). A crash or too many refusals always fails.
 */
const budgetOrValid = (goal, valid) =>
  valid === 'budget' ? { budget: goal, valid: () => true } : { budget: null, valid: valid ?? (() => true) };
for (const [file, key, toRows, goal, validity] of [...chartBenches, ...tradingBenches]) {
  if (!selected(file)) continue;
  console.log(`\n> ${file}`);
  const { budget, valid } = budgetOrValid(goal, validity);
  try {
    const result = await runBench(file);
    rows.push(...toRows(result));
    // Pass or fail stays with the checks below (they also read what the table's rows do not show).
    record(file, key, result, FIGURES[file], { judge: false });
    if (budget && !budget(result)) {
      console.error(`${file}: over its budget`);
      failed = true;
    } else if (!valid(result)) {
      console.error(`${file}: the run is not valid (ledger check failed)`);
      failed = true;
    } else if (!budget && !goal(result)) {
      console.warn(`${file}: below its goal (reported, not failed)`);
    }
  } catch (error) {
    recordFailure(file, key, error);
  }
}

const width = Math.max(...rows.map((row) => row[0].length));
console.log('\nBenchmark results');
for (const [name, value, note] of rows)
  console.log(`  ${name.padEnd(width)}  ${value.padStart(14)}  ${note}`);

// Every benchmark file in the order of the table; a partial run merges into the last full one.
const ORDER = [
  'bench/quotes-size.ts',
  ...wireBenches.map(([file]) => file),
  ...renderBenches.map(([file]) => file),
  fanout,
  ...[...chartBenches, ...tradingBenches].map(([file]) => file),
];
mkdirSync(RESULTS_DIR, { recursive: true });
const latest = mergeResults(readLatest(), run, { full: only.length === 0, order: ORDER });
writeFileSync(LATEST, `${JSON.stringify(latest, null, 2)}\n`);
console.log(
  `\nWritten to bench/results/latest.json (${Object.keys(run.benches).length} benchmarks of this run)`,
);
await writeReadme(latest);
if (failed) console.error('\nnpm run bench FAILED: see the messages above.');
process.exit(failed ? 1 : 0);
