/**
 * The API fuzz suite (issue #9 item 6): every operation of the generated OpenAPI document, valid and invalid
 * inputs (malformed multipart bodies on the multipart routes too), without and with a token; no 5xx, envelopes as declared, code-0 answers valid against their schema,
 * other codes from the catalogue, and the ledger balanced afterwards. Deterministic: FUZZ_SEED replays a run.
 */
import { describe, expect, it } from 'vitest';
import { MULTIPART_KINDS } from '../fuzz/multipart';
import { DEFAULT_SEED, formatReport, runApiFuzz } from '../fuzz/run';

const CALLS = 4_000;
const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);

describe('API fuzz from the OpenAPI document', () => {
  it(`answers ${CALLS} generated calls without a 5xx or an answer outside its schema (seed ${seed})`, async () => {
    const report = await runApiFuzz({ calls: CALLS, seed });
    console.log(formatReport(report));
    const failures = report.failures.map((f) => JSON.stringify(f)).join('\n');
    const context = `seed ${seed} (replay: FUZZ_SEED=${seed})\n${failures}`;
    expect(report.calls, context).toBeGreaterThanOrEqual(2_000);
    expect(report.fiveXx, context).toBe(0);
    expect(report.schemaInvalid, context).toBe(0);
    expect(report.otherFailures, context).toBe(0);
    expect(report.ledgerOk, context).toBe(true);
    // Every operation was called, and some inputs got past validation (the generator makes valid ones).
    for (const [id, figures] of Object.entries(report.operations))
      expect(figures.calls, id).toBeGreaterThan(0);
    const successes = Object.values(report.operations).reduce((sum, f) => sum + f.successes, 0);
    expect(successes).toBeGreaterThan(report.calls / 20);
    // The multipart routes got every malformed multipart kind, without and with a token (issue #19).
    for (const id of ['POST /v1/waa/user/deposit', 'POST /v1/waa/user/info/submit'])
      expect(report.operations[id]?.calls, id).toBeGreaterThanOrEqual(2 * MULTIPART_KINDS.length);
  }, 180_000);
});
