/**
 * The overdue sweep on the server's clock (decisions LC3): one timer set for the earliest repayment date of
 * the active loans; when the clock reaches it, the loans past their date are marked overdue and the timer is
 * set for the next date. An approval sets it again (its date may come first). On real time the timer is a
 * `setTimeout`; a test clock fires it when the test moves time past the date, so no test waits.
 */
import type { FastifyInstance } from 'fastify';
import { atClockTime } from '../clock';
import { markOverdue } from './repo';

export interface OverdueTimer {
  /** Reads the earliest repayment date again and sets the timer for it. */
  rearm(): void;
  /** Resolves once the sweep and re-arming under way (if any) are done. */
  settled(): Promise<void>;
  close(): void;
}

export function createOverdueTimer(app: FastifyInstance): OverdueTimer {
  let cancel: () => void = () => undefined;
  let closed = false;
  let work: Promise<void> = Promise.resolve();

  const arm = async () => {
    const { rows } = await app.db.query<{ due: string | null }>(
      'select min(repayment_ms)::text as due from loans where status = 1',
    );
    cancel();
    const due = rows[0]?.due;
    if (closed || due === null || due === undefined) return;
    cancel = atClockTime(app.clock, Number(due), () => queue(sweep));
  };
  const sweep = async () => {
    await markOverdue(app.db, app.clock.now());
    await arm();
  };
  const queue = (step: () => Promise<void>) => {
    work = work
      .then(() => (closed ? undefined : step()))
      .catch((error: unknown) => app.log.warn({ err: error }, 'loan overdue sweep failed'));
  };

  return {
    rearm: () => queue(arm),
    settled: () => work,
    close() {
      closed = true;
      cancel();
    },
  };
}
