// The order of the test files. The browser files share one server. Most of them run two at a time (the `e2e`
// project); those that change the server for everyone run one at a time after them (the `e2e-serial` project,
// TR14 in docs/decisions.md): the four that move its clock forward (the account journey to the next TOTP step,
// the option journey past each expiry, the partner session past a token's lifetime, the overdue loan past its
// repayment date), the one that drops every market connection, and the back office's, which reads the whole
// audit log and the empty review queues.
// The browsers keep real time, so a file that compares a countdown on the page with the server's times (the
// trading journey's close lock) must not run after a move: the clock movers run last of all (CK7).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Browser files that move the shared server clock, in the order they run after every other file. */
export const CLOCK_MOVERS = [
  'tests/e2e/auth-journey.e2e.ts',
  'tests/e2e/option-journey.e2e.ts',
  // Moves the clock past an access token's 15 minutes.
  'tests/e2e/partner-session.e2e.ts',
  // Moves the clock 8 days, past a loan's repayment date: last of all.
  'tests/e2e/loan-overdue.e2e.ts',
];

/** Browser files that must not share the server with another file: see the head of this file. */
export const SERIAL_E2E = ['tests/e2e/stale-recovery.e2e.ts', 'tests/e2e/backoffice.e2e.ts', ...CLOCK_MOVERS];

/**
 * The longest browser files of a clean run, longest first: two at a time, they start first so that the last
 * minute is not one long file alone (a clean clone has no timings of an earlier run for vitest to sort by).
 */
export const LONGEST_E2E = [
  'tests/e2e/layout-matrix.e2e.ts',
  'tests/e2e/chart.e2e.ts',
  'tests/e2e/top-bar-glance.e2e.ts',
  'tests/e2e/cashier-journey.e2e.ts',
  'tests/e2e/money-arrivals.e2e.ts',
];

const endsWith = (moduleId: string, file: string) => moduleId.replaceAll('\\', '/').endsWith(file);

/** Rank of a file: 0 for every other file, then the clock movers in their order. */
export function clockRank(moduleId: string): number {
  return CLOCK_MOVERS.findIndex((file) => endsWith(moduleId, file)) + 1;
}

/** Rank among the files that run side by side: the longest ones first, in their order, then the rest. */
export function lengthRank(moduleId: string): number {
  const index = LONGEST_E2E.findIndex((file) => endsWith(moduleId, file));
  return index === -1 ? LONGEST_E2E.length : index;
}

/** Vitest's own order (failed first, then slowest), the longest browser files first, the clock movers last. */
export class ClockAwareSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, index) => ({
        spec,
        index,
        clock: clockRank(spec.moduleId),
        length: lengthRank(spec.moduleId),
      }))
      .sort((a, b) => a.clock - b.clock || a.length - b.length || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
