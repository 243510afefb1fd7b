/**
 * The cache of the risk figures and its schedule (RW4): computed once when the server is ready, then every
 * `RISK_REFRESH_MS` on `app.clock` (a real timer in production; a test clock fires it when the test moves
 * time, so no test waits). A failed run keeps the figures of the last good one and tries again an interval
 * later: the warning keeps showing a figure at most a little older than ESMA's quarter.
 *
 * Several processes (MP8): each computes its first figure before it answers; the hourly runs are the job of
 * the lease `risk`, whose holder sends the tallies to the others (`risk:figures`). A new holder runs at once
 * when the last figure is older than an interval.
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

const FIGURES_CHANNEL = 'risk:figures';
/** Tallies above this size are not sent: the others compute their own (`{ computedAt }` alone). */
const MAX_SENT_BYTES = 7_000;

/** One brand's tally on the bus: brand id, accounts, losing. */
type WireTally = [string, number, number];

function received(body: unknown): Snapshot | 'compute' | null {
  const message = body as { computedAt?: unknown; tallies?: unknown } | null;
  if (!Number.isSafeInteger(message?.computedAt)) return null;
  if (message?.tallies === undefined) return 'compute';
  if (!Array.isArray(message.tallies)) return null;
  const tallies = new Map<string, BrandTally>();
  for (const item of message.tallies as unknown[]) {
    if (!Array.isArray(item) || typeof item[0] !== 'string') return null;
    const [brand, accounts, losing] = item as WireTally;
    if (!Number.isSafeInteger(accounts) || !Number.isSafeInteger(losing)) return null;
    tallies.set(brand, { accounts, losing });
  }
  return { computedAt: message.computedAt as number, tallies };
}

export function createRiskFigures(app: FastifyInstance): RiskFigures {
  let snapshot: Snapshot | null = null;
  let cancel: () => void = () => undefined;
  let closed = false;
  let held = false;
  let work: Promise<void> = Promise.resolve();
  const { bus, leases, shared } = app.cluster;

  const send = (computed: Snapshot) => {
    const tallies: WireTally[] = [...computed.tallies].map(([brand, t]) => [brand, t.accounts, t.losing]);
    const full = { computedAt: computed.computedAt, tallies };
    const body = JSON.stringify(full).length <= MAX_SENT_BYTES ? full : { computedAt: computed.computedAt };
    bus.publish(FIGURES_CHANNEL, body).catch((error: unknown) => {
      app.log.warn({ err: error }, 'risk figures not sent');
    });
  };

  /** `schedule`: this process holds the job (the hourly runs and telling the others). */
  const run = async (schedule: boolean) => {
    const now = app.clock.now();
    try {
      const tallies = await tallyLossShares(app.db, windowStart(now, RISK_WINDOW_MONTHS), now);
      snapshot = { computedAt: now, tallies };
      if (schedule && shared) send(snapshot);
    } finally {
      if (schedule) {
        cancel();
        if (!closed && held) cancel = atClockTime(app.clock, now + RISK_REFRESH_MS, () => queue());
      }
    }
  };
  const queue = (schedule = held) => {
    work = work
      .then(() => (closed ? undefined : run(schedule)))
      .catch((error: unknown) => app.log.warn({ err: error }, 'risk figure computation failed'));
  };

  const unsubscribe = bus.subscribe(FIGURES_CHANNEL, (body) => {
    const figures = received(body);
    if (figures === 'compute') queue(false);
    else if (figures && figures.computedAt >= (snapshot?.computedAt ?? Number.NEGATIVE_INFINITY))
      snapshot = figures;
  });
  leases.hold('risk', {
    start() {
      held = true;
      // Alone on its database the first run is at ready (`start`), as it always was.
      if (!shared) return;
      const due = (snapshot?.computedAt ?? Number.NEGATIVE_INFINITY) + RISK_REFRESH_MS;
      if (due <= app.clock.now()) queue(true);
      else cancel = atClockTime(app.clock, due, () => queue());
    },
    stop() {
      held = false;
      cancel();
    },
  });

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
    refresh: () => queue(),
    // The first figure of every process; the holder's run also sets the next one.
    start: () => queue(held),
    settled: () => work,
    close() {
      closed = true;
      held = false;
      unsubscribe();
      cancel();
    },
  };
}
