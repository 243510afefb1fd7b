import { describe, expect, it } from 'vitest';
import { slowestFiles, summarize } from './vitest-summary.mjs';

const file = (status: string, tests: string[]) => ({
  name: `/repo/${status}.test.ts`,
  status,
  assertionResults: tests.map((s) => ({ status: s })),
});

describe('summarize', () => {
  it('prints passed and failed counts and succeeds when nothing failed', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 0,
      testResults: [file('passed', ['passed', 'passed', 'passed'])],
    };
    expect(summarize(report, 0)).toMatchObject({ line: '3 passed, 0 failed', ok: true });
  });

  it('adds skipped and todo tests to the line', () => {
    const report = {
      numPassedTests: 2,
      numFailedTests: 0,
      numPendingTests: 1,
      numTodoTests: 1,
      testResults: [],
    };
    expect(summarize(report, 0).line).toBe('2 passed, 0 failed, 2 skipped');
  });

  it('counts a file that failed to load as one failure', () => {
    const report = { numPassedTests: 1, numFailedTests: 0, testResults: [file('failed', [])] };
    expect(summarize(report, 1)).toMatchObject({ failed: 1, ok: false });
  });

  it('counts a non-zero vitest exit without failed tests as one failure', () => {
    const report = { numPassedTests: 5, numFailedTests: 0, testResults: [] };
    expect(summarize(report, 1)).toMatchObject({ line: '5 passed, 1 failed', ok: false });
  });

  it('fails a run in which no test passed', () => {
    expect(summarize({ numPassedTests: 0, numFailedTests: 0, testResults: [] }, 0).ok).toBe(false);
  });

  it('fails when vitest wrote no report at all', () => {
    expect(summarize(null, 1)).toMatchObject({ line: '0 passed, 1 failed', ok: false });
  });

  it('lists files in which every test was skipped', () => {
    const report = {
      numPassedTests: 0,
      numPendingTests: 2,
      testResults: [file('passed', ['skipped', 'pending'])],
    };
    expect(summarize(report, 0).allSkippedFiles).toEqual(['/repo/passed.test.ts']);
  });
});

describe('slowestFiles', () => {
  const timed = (name: string, startTime: number, endTime: number) => ({ name, startTime, endTime });

  it('lists the slowest files first with their seconds, relative to the root, at most `count`', () => {
    const report = {
      testResults: [
        timed('/repo/a.test.ts', 0, 1500),
        timed('/repo/server/b.test.ts', 100, 74_100),
        timed('/repo/c.test.ts', 0, 20_250),
      ],
    };
    const { files, lines } = slowestFiles(report, '/repo', 2);
    expect(files).toEqual([
      { name: 'server/b.test.ts', seconds: 74 },
      { name: 'c.test.ts', seconds: 20.25 },
    ]);
    expect(lines).toEqual(['   74.0 s  server/b.test.ts', '   20.3 s  c.test.ts']);
  });

  it('lists the parts of a file that runs other files by their tests’ time (TR60)', () => {
    const test = (titles: string[], duration: number) => ({ ancestorTitles: titles, duration });
    const lane = {
      ...timed('/repo/tests/e2e/lane.e2e.ts', 0, 30_000),
      assertionResults: [
        test(['tests/e2e/a.e2e.ts', 'a journey'], 4_000),
        test(['tests/e2e/a.e2e.ts'], 2_500),
        test(['tests/e2e/b.e2e.ts', 'b'], 12_000),
        // A block that is not a file's path is not a part.
        test(['a block'], 20_000),
      ],
    };
    const { files } = slowestFiles({ testResults: [timed('/repo/c.test.ts', 0, 8_000), lane] }, '/repo');
    expect(files).toEqual([
      { name: 'tests/e2e/lane.e2e.ts', seconds: 30 },
      { name: 'tests/e2e/lane.e2e.ts › tests/e2e/b.e2e.ts', seconds: 12 },
      { name: 'c.test.ts', seconds: 8 },
      { name: 'tests/e2e/lane.e2e.ts › tests/e2e/a.e2e.ts', seconds: 6.5 },
    ]);
  });

  it('lists ten files by default and nothing without a report', () => {
    const report = {
      testResults: Array.from({ length: 12 }, (_, i) => timed(`/r/${i}.test.ts`, 0, i * 1000)),
    };
    expect(slowestFiles(report, '/r').files.map((f) => f.name)[0]).toBe('11.test.ts');
    expect(slowestFiles(report, '/r').lines).toHaveLength(10);
    expect(slowestFiles(null, '/r')).toEqual({ files: [], lines: [] });
  });
});
