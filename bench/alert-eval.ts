/**
 * Price-alert evaluation per tick with ALERTS active alerts (issue #25: 100,000, p99 ≤ 20 µs per tick), of
 * every condition, spread over the catalogue's 38 symbols or all on one symbol. The server's alert book
 * (server/src/alerts/book.ts) runs beside a naive baseline that tests every alert of the ticked symbol; both
 * see the same ticks and set what fires again identically, and a recorded prefix proves they fire the same.
 * The figure is the 99th percentile of one tick's evaluation time. One thread, so the figures are per core.
 *
 *   npx tsx bench/alert-eval.ts   env: BENCH_ALERTS (100000) BENCH_TICKS (400000) BENCH_BUDGET_MS (3000)
 */
import { bookEvaluator, naiveEvaluator, type Run } from './alert/evaluators';
import { activeAlerts, tickStream } from './alert/scenario';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const TICKS = Number(process.env.BENCH_TICKS ?? 400_000);
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 3000);
/** Ticks both evaluators must fire the same on: fewer when every alert is on the ticked symbol (naive is slow). */
const VERIFY_TICKS = { spread: 20_000, concentrated: 2_000 } as const;
const GOAL_P99_US = 20;

/** The q-quantile of the per-tick times, in microseconds. */
function quantileUs(run: Run, q: number): number {
  const sorted = Float64Array.from(run.tickNs).sort();
  const index = Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
  return (sorted[Math.max(0, index)] as number) / 1000;
}

const stats = (run: Run) => ({
  ticks: run.ticks,
  fired: run.fired,
  p50Us: quantileUs(run, 0.5),
  p99Us: quantileUs(run, 0.99),
  maxUs: quantileUs(run, 1),
});

/** Runs one layout: verify agreement on a prefix, then time each evaluator on fresh alerts. */
function scenario(layout: 'spread' | 'concentrated') {
  const ticks = tickStream(TICKS, layout);
  const verifyTicks = VERIFY_TICKS[layout];
  const verifyBook = bookEvaluator(activeAlerts(ALERTS, layout)).run(ticks, verifyTicks, 1e9, true);
  const verifyNaive = naiveEvaluator(activeAlerts(ALERTS, layout)).run(ticks, verifyTicks, 1e9, true);
  if (JSON.stringify(verifyBook.log) !== JSON.stringify(verifyNaive.log)) {
    throw new Error(`${layout}: the alert book and the naive loop fired differently`);
  }
  const book = stats(bookEvaluator(activeAlerts(ALERTS, layout)).run(ticks, TICKS, BUDGET_MS));
  const naive = stats(naiveEvaluator(activeAlerts(ALERTS, layout)).run(ticks, TICKS, BUDGET_MS));
  const result = {
    layout,
    alerts: ALERTS,
    verifiedTicks: verifyTicks,
    verifiedFires: verifyBook.fired,
    book,
    naive,
    ratio: naive.p99Us / book.p99Us,
  };
  const us = (n: number) => `${n.toFixed(2)} µs`;
  console.log(
    `${layout.padEnd(12)} fired ${verifyBook.fired} in the first ${verifyTicks.toLocaleString('en-US')} ticks, ` +
      'identically by both',
  );
  console.log(
    `  alert book  p50 ${us(book.p50Us)}  p99 ${us(book.p99Us)}  max ${us(book.maxUs)}  ` +
      `(${book.ticks.toLocaleString('en-US')} ticks, ${book.fired} fired)`,
  );
  console.log(
    `  naive loop  p50 ${us(naive.p50Us)}  p99 ${us(naive.p99Us)}  max ${us(naive.maxUs)}  ` +
      `(${naive.ticks.toLocaleString('en-US')} ticks, ${naive.fired} fired)`,
  );
  console.log(`  naive / book at p99 ${result.ratio.toFixed(1)}×`);
  return result;
}

const spread = scenario('spread');
const concentrated = scenario('concentrated');
const worst = Math.max(spread.book.p99Us, concentrated.book.p99Us);
console.log(
  JSON.stringify({ spread, concentrated, goalP99Us: GOAL_P99_US, withinGoal: worst <= GOAL_P99_US }),
);
