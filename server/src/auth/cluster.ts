/**
 * Sessions across the processes of one database (MP12): a revocation made in one process reaches every other
 * one's `onRevoke` listeners (the session cache, the exchange sockets of those sessions), published with the
 * revoking transaction so that it leaves at COMMIT; a bus that was cut empties the session cache, since a
 * revocation of the gap may have been missed.
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import type { SessionCache } from './session-cache';
import type { RevokeEvent } from './sessions';

const REVOKE = 'auth:revoke';
/** Session ids per message: 32 hex characters each, well under the bus's limit. */
const IDS_PER_MESSAGE = 100;

const isRevokeEvent = (body: unknown): body is RevokeEvent => {
  const event = body as Partial<RevokeEvent> | null;
  return (
    typeof event?.userId === 'string' &&
    typeof event.reason === 'string' &&
    Array.isArray(event.sessionIds) &&
    event.sessionIds.every((id) => typeof id === 'string')
  );
};

/**
 * Listens to the other processes' revocations (told to `notify`, as this process's own are) and answers what
 * shares this process's; undefined for a process alone on its database.
 */
export function shareRevocations(
  app: FastifyInstance,
  notify: (event: RevokeEvent) => void,
  sessionChecks: SessionCache,
): ((event: RevokeEvent, q: Queryable) => Promise<void>) | undefined {
  const { bus } = app.cluster;
  if (!bus.shared) return undefined;
  const stop = [
    bus.subscribe(REVOKE, (body) => {
      if (isRevokeEvent(body)) notify(body);
    }),
    bus.onResume(() => sessionChecks.clear()),
  ];
  app.addHook('onClose', async () => {
    for (const unsubscribe of stop) unsubscribe();
  });
  return async (event, q) => {
    for (let i = 0; i < event.sessionIds.length; i += IDS_PER_MESSAGE) {
      await bus.publish(REVOKE, { ...event, sessionIds: event.sessionIds.slice(i, i + IDS_PER_MESSAGE) }, q);
    }
  };
}

/**
 * Runs `sweep` every `everyMs` in the one process holding lease `name` (at once in a process alone): the
 * sweeps delete what has expired, work that one process does for all.
 */
export function sweepUnderLease(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  sweep: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  app.cluster.leases.hold(name, {
    start() {
      if (timer) return;
      timer = setInterval(() => void sweep(), everyMs);
      timer.unref();
    },
    stop,
  });
  app.addHook('onClose', async () => stop());
}
