import { mkdir } from 'node:fs/promises';
import { PGlite, types } from '@electric-sql/pglite';
import { createKeyedMutex } from './mutex';
import type { Db, Queryable } from './types';

const asText = (value: string) => value;

/**
 * PGlite parses NUMERIC as text already but INT8 as bigint; both are forced to text so that amounts and
 * ids read the same as on node-postgres. TIMESTAMPTZ stays a Date (the default of both drivers).
 */
const PARSERS = { [types.NUMERIC]: asText, [types.INT8]: asText };

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(conn: PgliteLike): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await conn.query<T>(sql, params)).rows }),
    exec: async (sql: string) => {
      await conn.exec(sql);
    },
  };
}

/**
 * Opens the embedded database in `dataDir` (created when missing; `memory://` for a throw-away one).
 * PGlite is one connection: it already queues queries behind an open transaction, so no extra lock is needed.
 */
export async function openPglite(dataDir: string): Promise<Db> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, { parsers: PARSERS });
  const runExclusive = createKeyedMutex();
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    exclusive: (key, fn) => runExclusive(key, fn),
    close: () => pg.close(),
  };
}
