/**
 * A tick job that acts only in the holder of a lease (MP8): the trigger checks (`triggers`) and the price
 * alerts (`alerts`) see every tick in every process, so each can take over at once, but only the holder acts.
 */
import type { FastifyInstance } from 'fastify';
import type { Tick } from './price-source';

/** A tick job registered with its lease. */
export interface TickJob {
  /** Stops acting and following the ticks, then runs the job's `onStop` (preClose). */
  close(): Promise<void>;
}

/**
 * Holds the lease `name` and passes each tick to `check` while this process holds it; `onStop` runs when the
 * lease is lost and at close. At a takeover in a cluster, every instrument's current quote is checked before
 * the next tick: a level the price is beyond now acts at once rather than on the symbol's next tick; a level
 * crossed and left again during the gap without a holder (about a second) is not replayed.
 */
export function holdTickJob(
  app: FastifyInstance,
  name: string,
  check: (tick: Tick) => void,
  onStop?: () => Promise<void>,
): TickJob {
  let held = false;
  app.cluster.leases.hold(name, {
    start() {
      held = true;
      // Alone on its database the process starts as it always did: the next tick is the first checked.
      if (!app.cluster.shared) return;
      for (const instrument of app.market.instruments) {
        const quote = app.market.source.current(instrument.productCode);
        if (quote) check(quote);
      }
    },
    async stop() {
      held = false;
      await onStop?.();
    },
  });
  const unsubscribe = app.market.source.onTick((tick) => {
    if (held) check(tick);
  });
  return {
    async close() {
      held = false;
      unsubscribe();
      await onStop?.();
    },
  };
}
