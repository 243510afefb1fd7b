/**
 * Reduce a vitest JSON report (Jest-compatible shape) to the closing line CI reads:
 * `N passed, M failed` plus `, K skipped` when any were skipped or todo.
 * A test file that failed outside its tests (import error, failing hook) counts as one failure, and so does
 * a vitest run that exited non-zero without any failure in the report (errors outside tests).
 */
export function summarize(report, exitCode) {
  if (!report) {
    return { passed: 0, failed: 1, skipped: 0, line: '0 passed, 1 failed', ok: false, allSkippedFiles: [] };
  }
  const files = report.testResults ?? [];
  const passed = report.numPassedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  let failed = report.numFailedTests ?? 0;
  for (const file of files) {
    const tests = file.assertionResults ?? [];
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) failed += 1;
  }
  if (exitCode !== 0 && failed === 0) failed = 1;
  const allSkippedFiles = files
    .filter((file) => {
      const tests = file.assertionResults ?? [];
      return (
        tests.length > 0 &&
        tests.every((t) => t.status === 'pending' || t.status === 'skipped' || t.status === 'todo')
      );
    })
    .map((file) => file.name);
  const line = `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
  return { passed, failed, skipped, line, ok: failed === 0 && passed > 0, allSkippedFiles };
}

/** A top-level block named by a test file's path: a file that runs others as its parts (tests/e2e/lane.e2e.ts). */
const PART = /^[\w./-]+\.(?:e2e|test)\.tsx?$/;

/**
 * The `count` slowest test files of a vitest JSON report, slowest first, as `{ name, seconds }` with names
 * relative to `root`, and the lines `npm test` prints before its closing summary line. A file whose top-level
 * blocks are named by test files' paths (the browser lane, TR60) also lists each of those parts, as
 * `<file> › <part>`, by the time of its tests (its hooks not counted).
 */
export function slowestFiles(report, root, count = 10) {
  const relative = (name) =>
    root && name.startsWith(root) ? name.slice(root.length).replace(/^[\\/]/, '') : name;
  const entries = [];
  for (const file of report?.testResults ?? []) {
    const name = relative(file.name);
    entries.push({ name, seconds: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)) / 1000 });
    const parts = new Map();
    for (const test of file.assertionResults ?? []) {
      const part = test.ancestorTitles?.[0];
      if (part && PART.test(part)) parts.set(part, (parts.get(part) ?? 0) + (test.duration ?? 0));
    }
    for (const [part, ms] of parts) entries.push({ name: `${name} › ${part}`, seconds: ms / 1000 });
  }
  const files = entries.sort((a, b) => b.seconds - a.seconds).slice(0, count);
  const lines = files.map((file) => `${file.seconds.toFixed(1).padStart(7)} s  ${file.name}`);
  return { files, lines };
}
