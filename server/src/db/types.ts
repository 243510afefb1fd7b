/**
 * The database seen by every module. Both backends return NUMERIC and BIGINT columns as decimal strings
 * (money is never a JS number) and timestamptz columns as `Date` objects; jsonb comes back parsed.
 */

/** Something that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  /** One statement with `$1…$n` parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** Which engine is behind `app.db`. */
export type DbKind = 'pglite' | 'postgres';

/** The database handle decorated as `app.db`. */
export interface Db extends Queryable {
  readonly kind: DbKind;
  /**
   * Runs `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws. Inside `fn` use only `tx`:
   * on PGlite (one connection) a call on `app.db` waits for the transaction and would deadlock.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` while holding the lock `key`: a PostgreSQL session advisory lock scoped to the current schema
   * (so several processes serialise), or a process-local mutex on PGlite (a data dir has one process).
   */
  exclusive<T>(key: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
