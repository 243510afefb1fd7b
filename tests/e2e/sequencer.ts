// The order of the test files.
//
// Unit and server files share one pool of workers, and a worker is kept for the next file only when the next
// file in the queue is of its own kind (a VM thread for unit files, a process that keeps its modules for server
// files, TR7): mixed in one queue, almost every file started a new worker and imported the app again. So the
// server files run first as one block, then the unit files, each in vitest's own order (TR19).
//
// The browser files that change their platform for every other file (its prices, a brand, the back office's
// queues, its clock) run one after the other in the lane (lane.e2e.ts), on a platform of their own, beside the
// files that run two at a time (TR60). The browsers keep real time, so the files that move the lane's clock run
// after its other files; the one that drops every market socket and RabbitMQ's connections runs alone at the end.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The lane's files that move its server clock, in the order they run after its other files. */
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

/** The lane's files that change its platform for the files after them without moving the clock: first. */
export const SERVER_CHANGERS = [
  // Pins BTCUSDT's price for most of the file: a file that waited for a BTCUSDT tick would wait in vain.
  'tests/e2e/money-arrivals.e2e.ts',
  // Changes Meridian's up colour and site title, which the files of the other platform check as seeded.
  'tests/e2e/brand-edit.e2e.ts',
  // Reads the newest row of the whole audit log and expects the deposit and withdrawal queues empty.
  'tests/e2e/backoffice.e2e.ts',
  // Expects the deposit queue empty.
  'tests/e2e/backoffice-theme.e2e.ts',
  // Pins EURUSD for up to two minutes.
  'tests/e2e/price-alerts.e2e.ts',
  // Waits for an ETHUSDT tick, which the trading journey pins on the other platform.
  'tests/e2e/stomp-external.e2e.ts',
];

/** The lane's files in the order they run (lane.e2e.ts): the server changers, then the clock movers. */
export const LANE_FILES = [...SERVER_CHANGERS, ...CLOCK_MOVERS];

/** The file that imports the lane's files: the one file of the project `e2e-lane`. */
export const LANE = 'tests/e2e/lane.e2e.ts';

/**
 * The browser files that run alone after all others (the project `e2e-serial`): they change what both platforms
 * share. The stale feed drops every market socket of the main platform and refuses reconnects, and suspends the
 * run's RabbitMQ node's listeners and closes its connections.
 */
export const ALONE_FILES = ['tests/e2e/stale-recovery.e2e.ts'];

/**
 * The projects in the order their files are queued; a project not named here comes after them. The lane before
 * the files that run two at a time, in the same group: its one long file takes one worker from the start while
 * the other worker goes through the rest (TR60).
 */
const PROJECT_ORDER = ['server', 'unit', 'lite', 'e2e-lane', 'e2e', 'e2e-serial'];

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

/** `files` in vitest's own order (failed first, then slowest) grouped by project in PROJECT_ORDER. */
export function orderFiles<F extends QueuedFile>(files: readonly F[]): F[] {
  return files
    .map((file, index) => ({ file, index, project: projectRank(file) }))
    .sort((a, b) => a.project - b.project || a.index - b.index)
    .map(({ file }) => file);
}

/** Vitest's sequencer of `npm test` (vitest.config.ts). */
export class SuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return orderFiles(await super.sort(files));
  }
}
