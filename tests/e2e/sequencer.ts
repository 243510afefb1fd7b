// The order of the test files.
//
// Unit and server files share one pool of workers, and a worker is kept for the next file only when the next
// file in the queue is of its own kind (a VM thread for unit files, a process that keeps its modules for server
// files, TR7): mixed in one queue, almost every file started a new worker and imported the app again. So the
// server files run first as one block, then the unit files, each in vitest's own order (TR19).
//
// The browser files share one server, and some of them move its clock forward (the account journey to the next
// TOTP step, the option journey past each expiry, the partner session past a token's lifetime, the overdue loan
// past its repayment date). The browsers keep real time, so a file that compares a countdown on the page with the
// server's times (the trading journey's close lock) must not run after a move: the files that move the clock run
// last (the option journey's own countdown starts from the page's clock at placement, so it holds after the
// account journey's moves). docs/decisions.md CK7.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Browser files that move the shared server clock, in the order they run after every other file. */
export const CLOCK_MOVERS = [
  // Moves the clock 3 minutes past a position's close lock, and its page's clock with it: first, while the
  // server's clock is still the browser's.
  'tests/e2e/keyboard-journey.e2e.ts',
  // Moves the clock 3 minutes past a position's close lock for a partial close (issue #25).
  'tests/e2e/order-tools.e2e.ts',
  'tests/e2e/auth-journey.e2e.ts',
  'tests/e2e/option-journey.e2e.ts',
  // Moves the clock past an access token's 15 minutes.
  'tests/e2e/partner-session.e2e.ts',
  // Moves the clock to the next forex session when the forex market is closed (a weekend: up to two days), so its
  // forex steps run on every day of the week (CK8).
  'tests/e2e/cashier-journey.e2e.ts',
  // Moves the clock 8 days, past a loan's repayment date: last of all.
  'tests/e2e/loan-overdue.e2e.ts',
];

/**
 * Browser files that change the shared servers for every other file without moving the clock: each runs alone
 * (the `e2e-serial` project, after the files that run two at a time), before the clock movers. TR40.
 */
export const SERVER_CHANGERS = [
  // Drops every market socket and refuses reconnects; suspends RabbitMQ's listeners and closes its connections.
  'tests/e2e/stale-recovery.e2e.ts',
  // Pins BTCUSDT's price for most of the file: the files that wait for a BTCUSDT tick would wait in vain.
  'tests/e2e/money-arrivals.e2e.ts',
  // Changes Meridian's up colour and site title, which other files check as seeded.
  'tests/e2e/brand-edit.e2e.ts',
  // Reads the newest row of the whole audit log and expects the deposit and withdrawal queues empty.
  'tests/e2e/backoffice.e2e.ts',
  // Expects the deposit queue empty.
  'tests/e2e/backoffice-theme.e2e.ts',
  // Pins EURUSD for up to two minutes. No other file waits on a EURUSD tick since the notifications' "while you
  // were away" case moved to LTCUSDT; left here, not measured beside the others.
  'tests/e2e/price-alerts.e2e.ts',
  // Waits for an ETHUSDT tick, which the trading journey pins.
  'tests/e2e/stomp-external.e2e.ts',
];

/** The browser files that run one at a time after the others: the server changers, then the clock movers. */
export const SERIAL_FILES = [...SERVER_CHANGERS, ...CLOCK_MOVERS];

/** Rank of a file: 0 for every other file, then the clock movers in their order. */
export function clockRank(moduleId: string): number {
  const index = CLOCK_MOVERS.findIndex((file) => moduleId.replaceAll('\\', '/').endsWith(file));
  return index + 1;
}

/** The projects in the order their files are queued; a project not named here comes after them. */
const PROJECT_ORDER = ['server', 'unit', 'lite', 'e2e', 'e2e-serial'];

/** What the order reads of a test file. */
export interface QueuedFile {
  moduleId: string;
  project: { name: string };
}

/** Rank of a file's project in PROJECT_ORDER. */
function projectRank(file: QueuedFile): number {
  const index = PROJECT_ORDER.indexOf(file.project.name);
  return index === -1 ? PROJECT_ORDER.length : index;
}

/**
 * `files` in vitest's own order (failed first, then slowest) grouped by project in PROJECT_ORDER, with the
 * files that move the clock at the end of theirs.
 */
export function orderFiles<F extends QueuedFile>(files: readonly F[]): F[] {
  return files
    .map((file, index) => ({ file, index, project: projectRank(file), clock: clockRank(file.moduleId) }))
    .sort((a, b) => a.project - b.project || a.clock - b.clock || a.index - b.index)
    .map(({ file }) => file);
}

/** Vitest's sequencer of `npm test` (vitest.config.ts). */
export class SuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return orderFiles(await super.sort(files));
  }
}
