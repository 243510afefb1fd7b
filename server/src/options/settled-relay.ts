/**
 * Settlements across several server processes (MP8): the settler runs in one process (the lease
 * `options-settler`) while the owner's exchange socket may be on another. The settler's process tells the
 * others which options it settled (`options:settled`, ids only); each re-reads the rows as committed and calls
 * its own settlement listeners, so every process pushes to the sockets it holds.
 */
import type { FastifyInstance } from 'fastify';
import { OPTION_COLUMNS, type OptionRow } from './repo';

export const SETTLED_CHANNEL = 'options:settled';
/** Ids per message: well under the bus's size limit. */
const IDS_PER_MESSAGE = 400;

export interface SettledRelay {
  /** Tells the other processes (nothing for a process alone). */
  announce(rows: readonly OptionRow[]): void;
  close(): Promise<void>;
}

const isIds = (value: unknown): value is string[] =>
  Array.isArray(value) &&
  value.length <= IDS_PER_MESSAGE &&
  value.every((id) => typeof id === 'string' && /^\d{1,19}$/.test(id));

export function relaySettled(app: FastifyInstance, tell: (rows: OptionRow[]) => void): SettledRelay {
  const { bus, shared } = app.cluster;
  let chain: Promise<void> = Promise.resolve();
  const off = bus.subscribe(SETTLED_CHANNEL, (body) => {
    const ids = (body as { ids?: unknown } | null)?.ids;
    if (!isIds(ids)) return;
    chain = chain
      .then(async () => {
        const { rows } = await app.db.query<OptionRow>(
          `select ${OPTION_COLUMNS} from option_orders where id = any($1::bigint[]) order by id`,
          [ids],
        );
        if (rows.length > 0) tell(rows);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'option settlement relay failed'));
  });
  return {
    announce(rows) {
      if (!shared) return;
      for (let i = 0; i < rows.length; i += IDS_PER_MESSAGE) {
        const ids = rows.slice(i, i + IDS_PER_MESSAGE).map((row) => row.id);
        bus.publish(SETTLED_CHANNEL, { ids }).catch((error: unknown) => {
          app.log.error({ err: error }, 'option settlement not announced');
        });
      }
    },
    async close() {
      off();
      await chain;
    },
  };
}
