// `npm run bench`: the widget size budget and the broker fan-out benchmark, as one table and
// bench/results/latest.json. Never part of `npm test`. `npm run bench -- order-placement broker` runs only
// the benchmarks whose file name contains one of the words (one at a time, as always).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from './lib/build.mjs';
import { ROOT, binOf } from './lib/run.mjs';

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
const results = { at: new Date().toISOString(), node: process.version, cpus: availableParallelism() };
let failed = false;

const only = process.argv.slice(2);
const selected = (file) => only.length === 0 || only.some((word) => file.includes(word));
if (['bench/quotes-size.ts', 'bench/chart-'].some(selected)) await ensureBuild();

if (selected('bench/quotes-size.ts')) console.log('\n> bench/quotes-size.ts');
if (selected('bench/quotes-size.ts'))
  try {
    const size = await runBench('bench/quotes-size.ts');
    results.quotesSize = size;
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
    if (!size.withinBudget) {
      console.error(`tk-quotes is over its budget: ${kb(size.quotesGzipBytes)} > ${kb(size.budgetBytes)}`);
      failed = true;
    }
    if (!size.ownWithinBudget) {
      console.error(
        `tk-quotes' own code is over its budget: ${kb(size.ownGzipBytes)} > ${kb(size.ownBudgetBytes)}`,
      );
      failed = true;
    }
    for (const second of size.secondWidgets.filter((s) => s.gzipBytes > size.secondWidgetBudgetBytes)) {
      console.error(`${second.tag} after tk-quotes is over its budget: ${kb(second.gzipBytes)}`);
      failed = true;
    }
  } catch (error) {
    console.error(error.message);
    failed = true;
  }

const fanout = 'bench/broker-fanout.ts';
if (!selected(fanout)) {
  // not asked for
} else if (existsSync(join(ROOT, fanout))) {
  console.log(`\n> ${fanout}`);
  try {
    const broker = await runBench(fanout);
    results.brokerFanout = broker;
    rows.push(['broker fan-out (STOMP)', `${Math.round(broker.brokerMsgsPerSec)} msg/s`, '']);
    rows.push(['raw WebSocket fan-out', `${Math.round(broker.rawMsgsPerSec)} msg/s`, '']);
    rows.push(['broker / raw', Number(broker.ratio).toFixed(2), '']);
  } catch (error) {
    console.error(error.message);
    failed = true;
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
    results[key] = result;
    rows.push(...toRows(result));
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
    console.error(error.message);
    failed = true;
  }
}

const width = Math.max(...rows.map((row) => row[0].length));
console.log('\nBenchmark results');
for (const [name, value, note] of rows)
  console.log(`  ${name.padEnd(width)}  ${value.padStart(14)}  ${note}`);

mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
const out = only.length === 0 ? 'latest.json' : 'partial.json';
writeFileSync(join(ROOT, 'bench', 'results', out), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nWritten to bench/results/${out}`);
if (failed) console.error('\nnpm run bench FAILED: see the messages above.');
process.exit(failed ? 1 : 0);
