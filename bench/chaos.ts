/**
 * Chaos benchmark (issue #24, "Faults, with nothing lost"): 20 clients × 70 money operations through the fault
 * proxy (lost answers, cut requests, delays), the server SIGKILLed and started again and PostgreSQL restarted in
 * the middle (tests/chaos/run.ts). Prints the one line of figures, then one JSON line. A run that lost or
 * duplicated an operation, left a view out of step with the database, left an operation unanswered or a key
 * "processing", or failed the ledger check exits non-zero: `npm run bench` then fails.
 */
import { formatChaos, runChaos } from '../tests/chaos/run';

const CLIENTS = 20;
const OPERATIONS = 70;
const seed = Number(process.env.CHAOS_SEED ?? 2_024);
const report = await runChaos({
  clients: CLIENTS,
  operations: OPERATIONS,
  seed,
  log: (line) => console.log(line),
});
console.log(formatChaos(report));
for (const problem of report.problems.slice(0, 20)) console.log(`  problem: ${problem}`);
const clean =
  report.lost === 0 &&
  report.duplicated === 0 &&
  report.drift === 0 &&
  report.unresolved === 0 &&
  // No key left "processing" (IK1, IK2).
  report.stuck === 0 &&
  report.ledgerOk &&
  report.problems.length === 0;
console.log(
  JSON.stringify({
    seed,
    clients: report.clients,
    operationsPerClient: OPERATIONS,
    operations: report.operations,
    succeeded: report.succeeded,
    byKind: report.byKind,
    codes: report.codes,
    retries: report.retries,
    unresolved: report.unresolved,
    stuck: report.stuck,
    faults: report.faults,
    restarts: report.restarts,
    clock: report.clock,
    finalCloses: report.finalCloses,
    lost: report.lost,
    duplicated: report.duplicated,
    drift: report.drift,
    ledgerOk: report.ledgerOk,
    ledgerSums: report.ledgerSums,
    durationMs: Math.round(report.durationMs),
    clean,
  }),
);
if (!clean) {
  console.error(
    `chaos: FAILED: lost ${report.lost}, duplicated ${report.duplicated}, drift ${report.drift}, unresolved ` +
      `${report.unresolved}, stuck ${report.stuck}, ledger ${report.ledgerOk ? 'ok' : 'FAILS'}, ${report.problems.length} problems`,
  );
  process.exit(1);
}
process.exit(0);
