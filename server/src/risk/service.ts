/**
 * The cache of the risk figures and its schedule (RW4): computed once when the server is ready, then every
 * `RISK_REFRESH_MS` on `app.clock` (a real timer in production; a test clock fires it when the test moves
 * time, so no test waits). A failed run keeps the figures of the last good one and tries again an interval
 * later: the warning keeps showing a figure at most a little older than ESMA's quarter.
 */
import type { FastifyInstance } from 'fastify';
import {
  RISK_MIN_ACCOUNTS,
  RISK_REFRESH_MS,
  RISK_WINDOW_MONTHS,
  type RiskFigure,
} from '../../../src/core/contract/risk';
import { atClockTime } from '../clock';
import { lossPercent, tallyLossShares, windowStart, type BrandTally } from './figure';

export interface RiskFigures {
  /** The brand's figure as last computed (null percent for a brand with too few accounts). */
  of(brandId: string): RiskFigure;
  /** Computes the figures now (and sets the next run an interval later). */
  refresh(): void;
  /** Arms the first run. */
  start(): void;
  /** Resolves once the run under way (if any) is done. */
  settled(): Promise<void>;
  close(): void;
}

interface Snapshot {
  computedAt: number;
  tallies: Map<string, BrandTally>;
}

export function createRiskFigures(app: FastifyInstance): RiskFigures {
  let snapshot: Snapshot | null = null;
  let cancel: () => void = () => undefined;
  let closed = false;
  let work: Promise<void> = Promise.resolve();

  const run = async () => {
    const now = app.clock.now();
    try {
      const tallies = await tallyLossShares(app.db, windowStart(now, RISK_WINDOW_MONTHS), now);
      snapshot = { computedAt: now, tallies };
    } finally {
      cancel();
      if (!closed) cancel = atClockTime(app.clock, now + RISK_REFRESH_MS, () => queue());
    }
  };
  const queue = () => {
    work = work
      .then(() => (closed ? undefined : run()))
      .catch((error: unknown) => app.log.warn({ err: error }, 'risk figure computation failed'));
  };

  return {
    of(brandId) {
      const tally = snapshot?.tallies.get(brandId) ?? { accounts: 0, losing: 0 };
      return {
        lossPercent: lossPercent(tally, RISK_MIN_ACCOUNTS),
        windowMonths: RISK_WINDOW_MONTHS,
        // Before the first run has succeeded (a database error at start) there is no figure: null, as of now.
        computedAtTs: snapshot?.computedAt ?? app.clock.now(),
      };
    },
    refresh: queue,
    start: queue,
    settled: () => work,
    close() {
      closed = true;
      cancel();
    },
  };
}
