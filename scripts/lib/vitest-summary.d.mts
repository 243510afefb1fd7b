/** The counts CI reads, and whether the run succeeded. */
export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  /** `N passed, M failed` plus `, K skipped` when any were skipped. */
  line: string;
  ok: boolean;
  /** Test files in which every test was skipped. */
  allSkippedFiles: string[];
}

/** Reduce a vitest JSON report and vitest's exit code to the closing summary. */
export declare function summarize(report: unknown, exitCode: number): Summary;

/** The slowest test files of a report (`seconds` from each file's start and end time), slowest first. */
export declare function slowestFiles(
  report: unknown,
  root: string,
  count?: number,
): { files: Array<{ name: string; seconds: number }>; lines: string[] };
