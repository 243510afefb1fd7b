// The rows each benchmark adds to bench/results/latest.json and the README's table (EK11): its figure beside its
// floor (the baseline measured in the same run) and its budget or goal, read from the JSON line it printed.
import { figure } from './bench-results.mjs';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** The CPU slowdown Lighthouse's runs took (EK43): calibrated to the host's benchmark index, or as given. */
function cpuNote(cpu) {
  if (!cpu) return '';
  const basis = cpu.benchmarkIndex ? `for benchmark index ${Math.round(cpu.benchmarkIndex)}` : 'as given';
  return `; CPU ${cpu.multiplier}× ${basis}`;
}

/** The floor pages of a Lighthouse run (EK63), by the names bench/lighthouse.ts gives them; null before the floor. */
function lighthouseFloorPages(floor) {
  if (!floor) return null;
  const react = floor['React alone'];
  const plain = floor['no script'];
  // A floor without both pages is a bench that renamed them: say so rather than show rows without their floor.
  if (!react || !plain)
    throw new Error(
      `the Lighthouse floor has pages ${Object.keys(floor).join(', ')}, not "React alone" and "no script"`,
    );
  return { react, plain };
}

/** The floor column of a Lighthouse row: the React floor page's score (EK63). */
function lighthouseFloor(pages) {
  if (!pages) return {};
  return { floor: pages.react.score, floorLabel: 'a list of 40 rows rendered by React alone, same run' };
}

/** What the floor's pages measured beside the score: their blocking times, the machine's share of a page's. */
function lighthouseFloorNote(pages) {
  if (!pages) return '';
  return (
    `; floor TBT ${Math.round(pages.react.totalBlockingTimeMs)} ms (React alone), ` +
    `${Math.round(pages.plain.totalBlockingTimeMs)} ms (no script, score ${pages.plain.score})`
  );
}

/** Per benchmark file: its result → its figures. */
export const FIGURES = {
  'bench/quotes-size.ts': (r) => {
    const largest = [...r.secondWidgets].sort((a, b) => b.gzipBytes - a.gzipBytes)[0];
    return [
      figure({
        name: 'tk-quotes first paint, gzip -9',
        value: r.quotesGzipBytes,
        unit: 'B',
        floor: r.reactFloorGzipBytes,
        floorLabel: 'React + ReactDOM alone',
        limit: { kind: 'budget', max: r.budgetBytes },
      }),
      figure({
        name: 'tk-quotes first paint, our own code, gzip -9',
        value: r.ownGzipBytes,
        unit: 'B',
        limit: { kind: 'budget', max: r.ownBudgetBytes },
      }),
      figure({
        name: `largest second widget after tk-quotes: ${largest.tag}, gzip -9`,
        value: largest.gzipBytes,
        unit: 'B',
        limit: { kind: 'budget', max: r.secondWidgetBudgetBytes },
        note: `of ${r.secondWidgets.length} widgets`,
      }),
    ];
  },
  'bench/transfer-size.ts': (r) =>
    r.pages.map((p) =>
      figure({
        name: `${p.page}, first visit, bytes transferred`,
        value: p.transferredBytes,
        unit: 'B',
        floor: p.floorBytes,
        floorLabel: 'gzip -9 of the same responses',
        limit: { kind: 'budget', on: 'ratio', max: 1 },
        note:
          `${p.requests} responses, raw ${kb(p.rawBytes)}, + ${kb(p.headerBytes)} of headers` +
          (r.brotli11 ? '' : '; a test build, brotli below 11'),
      }),
    ),
  'bench/json-compression.ts': (r) => [
    ...r.answers.map((a) =>
      figure({
        name: `JSON answer, ${a.name}, sent as ${a.servedEncoding}`,
        value: a.servedBytes,
        unit: 'B',
        floor: a.floorBytes,
        floorLabel: 'gzip -9',
        limit: { kind: 'budget', on: 'ratio', max: 1 },
        note: `raw ${kb(a.rawBytes)}, ${a.chosenMs.toFixed(2)} ms CPU at brotli ${r.brotliQuality}`,
      }),
    ),
    figure({
      name: `JSON compression CPU per answer on the event loop, worst: ${r.worstAnswer}`,
      value: r.worstEventLoopMs,
      unit: 'ms',
      floor: r.worstStringifyMs,
      floorLabel: 'JSON.stringify of the same answer',
      limit: { kind: 'goal', max: r.goalMs },
      note: `answers up to ${kb(r.syncLimit)}`,
    }),
  ],
  'bench/quotes-render.ts': ({ quotesRender: r }) => {
    const { partialUpdate: pu, liveRows: lr, tickToPaint: tp, watchlist: w } = r;
    return [
      figure({
        name: `quote table partial update, ${pu.rows} rows, 1 in 10 moving: main thread per step`,
        value: pu.reactMs,
        unit: 'ms',
        floor: pu.vanillaMs,
        floorLabel: 'hand-written DOM update of the same rows',
        limit: { kind: 'goal', on: 'ratio', max: pu.goal },
        note: `CPU-time ratio ${pu.cpuRatio}; load average ${r.loadAverage.join(' → ')}`,
      }),
      figure({
        name: `${lr.rows} live rows, ${lr.perFrame} ticks per frame: long tasks (> 50 ms)`,
        value: lr.longTasks,
        unit: '',
        limit: { kind: 'goal', max: 0 },
        note: `longest ${lr.longestTaskMs} ms; frame p99 ${lr.frameMs.p99} ms`,
      }),
      figure({
        name: 'tick → painted on loopback, p99',
        value: tp.paintedMs.p99,
        unit: 'ms',
        floor: tp.floor?.paintedMs.p99 ?? null,
        floorLabel: tp.floor ? 'hand-written page of the same rows on the same socket' : null,
        limit: { kind: 'goal', max: tp.goalP99Ms },
        note: `p50 ${tp.paintedMs.p50} ms, p95 ${tp.paintedMs.p95} ms`,
      }),
      figure({
        name: `watchlist of ${w.listed.asked} symbols (symbols attribute) on one socket: symbols priced`,
        value: w.listed.symbolsWithPrice,
        unit: '',
        limit: { kind: 'goal', min: w.listed.asked },
        note: `${w.listed.sockets} socket(s), ${w.listed.subscribeFrames} SUBSCRIBE frames`,
      }),
    ];
  },
  'bench/lighthouse.ts': (r) => {
    const floor = lighthouseFloorPages(r.lighthouse.floor);
    return Object.entries(r.lighthouse.pages).flatMap(([page, f]) => [
      figure({
        name: `Lighthouse ${r.lighthouse.version} mobile, ${page}: performance`,
        value: f.score,
        unit: '',
        // The floor (EK63): the same list rendered by React alone, measured in the same run; a run from before
        // the floor has none.
        ...lighthouseFloor(floor),
        limit: { kind: 'goal', min: r.lighthouse.goals.score },
        note:
          `FCP ${(f.firstContentfulPaintMs / 1000).toFixed(2)} s, LCP ${(f.largestContentfulPaintMs / 1000).toFixed(2)} s, ` +
          `TBT ${Math.round(f.totalBlockingTimeMs)} ms, CLS ${f.cumulativeLayoutShift.toFixed(3)}; median of ${f.runs}` +
          cpuNote(r.lighthouse.cpu) +
          lighthouseFloorNote(floor) +
          // What the largest paint was (EK41): its selector's last three steps.
          (f.largestPaintElement
            ? `; largest paint: ${f.largestPaintElement.split(' > ').slice(-3).join(' > ')}`
            : ''),
      }),
    ]);
  },
  'bench/broker-fanout.ts': (r) => [
    figure({
      name: 'broker fan-out (STOMP)',
      value: r.brokerMsgsPerSec,
      unit: 'msg/s',
      floor: r.rawMsgsPerSec,
      floorLabel: 'raw WebSocket, same frames',
    }),
    // Issue #24's comparison with RabbitMQ Web-STOMP (RQ7): 1,000 subscribers, 4 KB bodies at 10 Hz, both in one
    // run; the goal is ours at 1.5× RabbitMQ's deliveries with a p99 of at most 50 ms.
    figure({
      name: `market deliveries, ${fmt(r.clients)} subscribers, 4 KB at ${r.paced.hz} Hz`,
      value: r.paced.ours.deliveriesPerSec,
      unit: 'msg/s',
      floor: r.paced.rabbitmq.deliveriesPerSec,
      floorLabel: 'RabbitMQ Web-STOMP, same load',
      limit: { kind: 'goal', on: 'ratio', min: 1.5 },
      note: `RabbitMQ p99 ${fmt(r.paced.rabbitmq.p99Ms)} ms`,
    }),
    figure({
      name: `market delivery p99, ${fmt(r.clients)} subscribers, 4 KB at ${r.paced.hz} Hz`,
      value: r.paced.ours.p99Ms,
      unit: 'ms',
      limit: { kind: 'goal', max: 50 },
      note: `p50 ${r.paced.ours.p50Ms} ms`,
    }),
  ],

  'bench/chart-size.ts': (r) => [
    figure({
      name: 'tk-chart first paint, gzip -9',
      value: r.firstLoadGzipBytes,
      unit: 'B',
      limit: { kind: 'budget', max: r.budgetBytes },
      note: `klinecharts after it: ${r.klinechartsLoadedLazily ? 'yes' : 'no'}`,
    }),
  ],
  'bench/chart-init.ts': (r) => [
    figure({
      name: `chart init, ${fmt(r.candles)} candles`,
      value: r.widgetMedianMs,
      unit: 'ms',
      floor: r.bareMedianMs,
      floorLabel: 'bare klinecharts',
      limit: { kind: 'goal', on: 'ratio', max: r.goalRatio },
    }),
  ],
  'bench/chart-update.ts': (r) => [
    figure({
      name: `last-candle update at ${fmt(r.ticksPerSecond)} ticks/s, p99`,
      value: r.tickP99Ms,
      unit: 'ms',
      limit: { kind: 'goal', max: r.goalP99Ms },
    }),
  ],
  'bench/trigger-eval.ts': (r) =>
    ['spread', 'concentrated'].map((layout) =>
      figure({
        name: `trigger checks, 10,000 positions ${layout}`,
        value: r[layout].indexed.checksPerSec,
        unit: 'checks/s',
        floor: r[layout].naive.checksPerSec,
        floorLabel: 'naive loop',
        limit: { kind: 'goal', min: r.goalChecksPerSec },
      }),
    ),
  'bench/alert-eval.ts': (r) =>
    ['spread', 'concentrated'].map((layout) =>
      figure({
        name: `price alerts, ${fmt(r[layout].alerts)} active ${layout}, per-tick evaluation p99`,
        value: r[layout].book.p99Us,
        unit: 'µs',
        floor: r[layout].naive.p99Us,
        floorLabel: 'naive loop',
        limit: { kind: 'goal', max: r.goalP99Us },
        note: `same fires as the naive loop on ${fmt(r[layout].verifiedTicks)} ticks`,
      }),
    ),
  'bench/order-placement.ts': (r) => [
    figure({
      name: `order placement, ${r.clients} clients`,
      value: r.server.ordersPerSec,
      unit: 'orders/s',
      floor: r.baseline.ordersPerSec,
      floorLabel: 'SQL baseline',
      limit: { kind: 'goal', on: 'ratio', min: r.goalRatio },
      note: `p99 ${r.server.p99Ms.toFixed(1)} ms`,
    }),
    // The real server as 1 and 3 worker processes on one PostgreSQL (MP20), beside the same baseline.
    ...(r.processes
      ? [1, 3].map((n) => {
          const p = n === 1 ? r.processes.one : r.processes.three;
          return figure({
            name: `order placement, ${r.clients} clients, ${n} server process${n === 1 ? '' : 'es'}`,
            value: p.ordersPerSec,
            unit: 'orders/s',
            floor: r.baseline.ordersPerSec,
            floorLabel: 'SQL baseline',
            limit: { kind: 'goal', on: 'ratio', min: r.goalRatio },
            note: `p99 ${p.p99Ms.toFixed(1)} ms`,
          });
        })
      : []),
  ],
  'bench/option-settle.ts': (r) => [
    figure({
      name: `option settlement lag, ${fmt(r.options)} options ending in one second, p99`,
      value: r.lag.p99Ms,
      unit: 'ms',
      limit: { kind: 'goal', max: r.goalP99Ms },
    }),
    figure({
      name: 'option settlement throughput',
      value: r.settlerPerSec,
      unit: 'options/s',
      floor: r.baselinePerSec,
      floorLabel: 'one-transaction baseline',
      limit: { kind: 'goal', on: 'ratio', min: r.goalRatio },
    }),
  ],
  'bench/api-fuzz.ts': (r) => [
    figure({
      name: `API fuzz, ${fmt(r.calls)} calls: 5xx, schema-invalid and other failures`,
      value: r.fiveXx + r.schemaInvalid + r.otherFailures,
      unit: 'failures',
      limit: { kind: 'budget', max: 0 },
      note: `${fmt(r.callsPerSec)} calls/s`,
    }),
  ],
  'bench/chaos.ts': (r) => [
    figure({
      name: `chaos, ${r.clients} clients × ${r.operationsPerClient} money operations: lost, duplicated, drift`,
      value: r.lost + r.duplicated + r.drift,
      unit: 'operations',
      limit: { kind: 'budget', max: 0 },
      note:
        `${fmt(r.operations)} answered, ${fmt(r.retries)} retries; ${r.faults.drop} replies dropped, ` +
        `${r.faults.cut} requests cut, ${r.faults.delay} delayed, ${r.faults.refused} refused while down; ` +
        `server ${r.restarts.server}× and PostgreSQL ${r.restarts.postgres}× restarted; ` +
        `${r.stuck} keys stuck processing; ${(r.durationMs / 1000).toFixed(1)} s`,
    }),
  ],
};
