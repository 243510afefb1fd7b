/**
 * API fuzz benchmark (issue #10 "fuzz figures"): 10,000 generated calls over every operation of the OpenAPI
 * document with the checks of tests/integration/api-fuzz.test.ts; prints the table, then one JSON line.
 */
import { DEFAULT_SEED, formatReport, runApiFuzz } from '../tests/fuzz/run';

const CALLS = 10_000;
const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const report = await runApiFuzz({ calls: CALLS, seed, log: (line) => console.log(line) });
console.log(formatReport(report));
for (const failure of report.failures.slice(0, 20)) console.log(JSON.stringify(failure));
const perOperation = Object.fromEntries(
  Object.entries(report.operations).map(([id, f]) => [
    id,
    { calls: f.calls, fiveXx: f.fiveXx, schemaInvalid: f.schemaInvalid, successes: f.successes },
  ]),
);
console.log(
  JSON.stringify({
    seed,
    calls: report.calls,
    fiveXx: report.fiveXx,
    schemaInvalid: report.schemaInvalid,
    otherFailures: report.otherFailures,
    callsPerSec: Math.round(report.callsPerSec),
    durationMs: Math.round(report.durationMs),
    operations: Object.keys(report.operations).length,
    ledgerOk: report.ledgerOk,
    clean: report.fiveXx === 0 && report.schemaInvalid === 0 && report.otherFailures === 0 && report.ledgerOk,
    perOperation,
  }),
);
process.exit(0);
