/**
 * The overdue sweep on the server's clock (decisions LC3): one timer set for the earliest repayment date of
 * the active loans; when the clock reaches it, the loans past their date are marked overdue and the timer is
 * set for the next date. An approval sets it again (its date may come first). On real time the timer is a
 * `setTimeout`; a test clock fires it when the test moves time past the date, so no test waits.
 *
 * Several processes (MP8): the timer runs in the holder of the lease `loans-overdue`, which reads the earliest
 * date at its start (a date passed while nobody held the lease is swept at once). An approval in another
 * process asks the holder to read the dates again (`loans:rearm`).
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

const REARM_CHANNEL = 'loans:rearm';

export function createOverdueTimer(app: FastifyInstance): OverdueTimer {
  let cancel: () => void = () => undefined;
  let closed = false;
  let held = false;
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
    if (!held) return;
    await markOverdue(app.db, app.clock.now());
    await arm();
  };
  const queue = (step: () => Promise<void>) => {
    work = work
      .then(() => (closed || !held ? undefined : step()))
      .catch((error: unknown) => app.log.warn({ err: error }, 'loan overdue sweep failed'));
  };

  const { bus, leases, shared } = app.cluster;
  const unsubscribe = bus.subscribe(REARM_CHANNEL, () => queue(arm));
  leases.hold('loans-overdue', {
    start() {
      held = true;
      // Alone on its database the process arms at ready (the plugin's onReady), as it always did.
      if (shared) queue(arm);
    },
    stop() {
      held = false;
      cancel();
    },
  });

  return {
    rearm() {
      if (held) queue(arm);
      else if (shared) {
        bus.publish(REARM_CHANNEL, {}).catch((error: unknown) => {
          app.log.warn({ err: error }, 'loan overdue rearm not announced');
        });
      }
    },
    settled: () => work,
    close() {
      closed = true;
      held = false;
      unsubscribe();
      cancel();
    },
  };
}
