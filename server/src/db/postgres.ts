import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, Queryable } from './types';

/** Connections of the pool when none is given. */
export const DEFAULT_POOL_MAX = 20;

interface ClientLike {
  query(sql: string | pg.QueryConfig, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Most distinct statements prepared by name; texts beyond these run unnamed (parsed and planned each time). */
export const MAX_PREPARED_STATEMENTS = 1000;
const statementNames = new Map<string, string>();

/**
 * The prepared-statement name of a parameterised SQL text. Our statements are fixed texts with `$n`
 * parameters, so each connection parses and plans one once and then only binds and executes it: the
 * long statements of the ledger and of order placement cost PostgreSQL more to plan than to run.
 */
export function statementName(sql: string): string | undefined {
  const known = statementNames.get(sql);
  if (known || statementNames.size >= MAX_PREPARED_STATEMENTS) return known;
  const name = `tk_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
  statementNames.set(sql, name);
  return name;
}

function wrap(conn: ClientLike): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[]) => {
      const name = params && params.length > 0 ? statementName(sql) : undefined;
      const result = await (name ? conn.query({ name, text: sql, values: params }) : conn.query(sql, params));
      return { rows: result.rows as T[] };
    },
    exec: async (sql: string) => {
      // Without parameters node-postgres uses the simple protocol, which accepts several statements.
      await conn.query(sql);
    },
  };
}

/** Options of the PostgreSQL pool beyond the connection string. */
export interface PostgresOptions {
  /**
   * Pool size (default 20: more than the usual count of concurrent requests, so none waits for a connection
   * while PostgreSQL is idle); `exclusive` holds one connection while its callback uses others.
   */
  max?: number;
  /** Where connection errors go, idle or checked out (a dropped connection must not crash the process). */
  onError?: (error: Error) => void;
}

/** Locks are scoped to the schema so that test suites (one schema each) and tenants do not block each other. */
const LOCK = "select pg_advisory_lock(hashtextextended($1 || ':' || current_schema(), 0))";
const UNLOCK = "select pg_advisory_unlock(hashtextextended($1 || ':' || current_schema(), 0))";

/**
 * Connects a pool to `databaseUrl` (its `options` parameter may set e.g. `-c search_path=…`). node-postgres
 * already returns NUMERIC and INT8 as strings and TIMESTAMPTZ as Date, the same as our PGlite setup.
 */
export async function openPostgres(databaseUrl: string, options: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.max ?? DEFAULT_POOL_MAX });
  pool.on('error', (error) => options.onError?.(error));
  // The pool listens for errors on idle connections only. A checked-out one between two queries (a transaction
  // waiting on its callback, the lock connection of `exclusive`) that PostgreSQL ends — a restart, an
  // administrator's terminate — emitted 'error' with no listener, which killed the process (the chaos run,
  // issue #24). Its next query fails anyway and the connection is then released broken.
  pool.on('connect', (client) => client.on('error', (error) => options.onError?.(error)));
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        client.release();
        return result;
      } catch (error) {
        // A failed ROLLBACK means the connection is broken: destroy it instead of returning it to the pool.
        await client.query('ROLLBACK').then(
          () => client.release(),
          (rollbackError: Error) => client.release(rollbackError),
        );
        throw error;
      }
    },
    async exclusive(key, fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query(LOCK, [key]).catch((error: Error) => {
          broken = error;
          throw error;
        });
        try {
          return await fn();
        } finally {
          await client.query(UNLOCK, [key]).catch((error: Error) => {
            broken = error;
          });
        }
      } finally {
        // Releasing with an error destroys the connection, which also drops any lock it still holds.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
