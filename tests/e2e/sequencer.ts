// The order of the test files. The browser files share one server, and some of them move its clock forward
// (the account journey to the next TOTP step, the option journey past each expiry, the partner session past a
// token's lifetime, the overdue loan past its repayment date). The browsers keep real time, so a file that
// compares a countdown on the page with the server's times (the trading journey's close lock) must not run after
// a move: the files that move the clock run last (the option journey's own countdown starts from the page's clock
// at placement, so it holds after the account journey's moves). docs/decisions.md CK7.
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

/** Rank of a file: 0 for every other file, then the clock movers in their order. */
export function clockRank(moduleId: string): number {
  const index = CLOCK_MOVERS.findIndex((file) => moduleId.replaceAll('\\', '/').endsWith(file));
  return index + 1;
}

/** Vitest's own order (failed first, then slowest), with the files that move the clock moved to the end. */
export class ClockAwareSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, index) => ({ spec, index, rank: clockRank(spec.moduleId) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
