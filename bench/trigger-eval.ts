/**
 * Trigger evaluation per tick with POSITIONS open positions, each with a stop loss and a take profit (two
 * armed levels each), spread over the catalogue's 38 symbols or all on one symbol. The trigger book of the
 * engine runs side by side with a naive baseline that tests every position of the ticked symbol.
 *
 * A "check" is one position whose trigger condition a tick decides: every position of the ticked symbol,
 * for both evaluators (the book decides the untouched ones by looking at the top of its heaps). Both see
 * the same tick stream and re-open what fires identically; a recorded prefix proves they fire the same.
 * One thread, so the figures are per core.
 *
 *   npx tsx bench/trigger-eval.ts   env: BENCH_POSITIONS (10000) BENCH_TICKS (2000000) BENCH_BUDGET_MS (3000)
 */
import { indexedEvaluator, naiveEvaluator, type Run } from './trigger/evaluators';
import { openPositions, tickStream } from './trigger/scenario';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 10_000);
const TICKS = Number(process.env.BENCH_TICKS ?? 2_000_000);
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 3000);
const VERIFY_TICKS = 20_000;
const GOAL_CHECKS_PER_SEC = 1_000_000;

const rate = (run: Run) => run.checks / run.seconds;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Runs one layout: verify agreement on a prefix, then time each evaluator on fresh positions. */
function scenario(layout: 'spread' | 'concentrated') {
  const ticks = tickStream(TICKS, layout);
  const verifyIndexed = indexedEvaluator(openPositions(POSITIONS, layout)).run(
    ticks,
    VERIFY_TICKS,
    1e9,
    true,
  );
  const verifyNaive = naiveEvaluator(openPositions(POSITIONS, layout)).run(ticks, VERIFY_TICKS, 1e9, true);
  const agree = JSON.stringify(verifyIndexed.log) === JSON.stringify(verifyNaive.log);
  if (!agree) throw new Error(`${layout}: the trigger book and the naive loop fired differently`);

  const indexed = indexedEvaluator(openPositions(POSITIONS, layout)).run(ticks, TICKS, BUDGET_MS);
  const naive = naiveEvaluator(openPositions(POSITIONS, layout)).run(ticks, TICKS, BUDGET_MS);
  const result = {
    layout,
    positions: POSITIONS,
    armedLevels: 2 * POSITIONS,
    checksPerTick: indexed.checks / indexed.ticks,
    verifiedTicks: VERIFY_TICKS,
    verifiedFires: verifyIndexed.fired,
    indexed: {
      ticks: indexed.ticks,
      fired: indexed.fired,
      seconds: indexed.seconds,
      checksPerSec: rate(indexed),
    },
    naive: { ticks: naive.ticks, fired: naive.fired, seconds: naive.seconds, checksPerSec: rate(naive) },
    ratio: rate(indexed) / rate(naive),
  };
  console.log(
    `${layout.padEnd(12)} ${fmt(result.checksPerTick)} checks/tick; fired ${verifyIndexed.fired} in the first ` +
      `${fmt(VERIFY_TICKS)} ticks, identically by both`,
  );
  console.log(
    `  trigger book ${fmt(rate(indexed))} checks/s (${fmt(indexed.ticks / indexed.seconds)} ticks/s, ` +
      `${fmt(indexed.ticks)} ticks, ${indexed.fired} fired)`,
  );
  console.log(
    `  naive loop   ${fmt(rate(naive))} checks/s (${fmt(naive.ticks / naive.seconds)} ticks/s, ` +
      `${fmt(naive.ticks)} ticks, ${naive.fired} fired)`,
  );
  console.log(`  book / naive ${result.ratio.toFixed(1)}×`);
  return result;
}

const spread = scenario('spread');
const concentrated = scenario('concentrated');
const worst = Math.min(spread.indexed.checksPerSec, concentrated.indexed.checksPerSec);
console.log(
  JSON.stringify({
    spread,
    concentrated,
    goalChecksPerSec: GOAL_CHECKS_PER_SEC,
    withinGoal: worst >= GOAL_CHECKS_PER_SEC,
  }),
);
