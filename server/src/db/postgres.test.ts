import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, statementName } from './postgres';
import { describeOnBackends, type TestDatabase } from './testing';
import type { Db } from './types';

describe('statementName', () => {
  it('names one text the same way every time and two texts differently', () => {
    const a = statementName('select $1::int as a');
    expect(a).toMatch(/^tk_[0-9a-f]{20}$/);
    expect(statementName('select $1::int as a')).toBe(a);
    expect(statementName('select $1::int as b')).not.toBe(a);
  });
});

describeOnBackends(
  'a connection PostgreSQL ends while it is checked out',
  { on: 'postgresOnly' },
  (backend) => {
    let database: TestDatabase;
    let db: Db;
    const errors: Error[] = [];
    let reported: () => void = () => undefined;

    beforeAll(async () => {
      database = await backend.create();
      db = await openPostgres(database.databaseUrl as string, {
        onError: (error) => {
          errors.push(error);
          reported();
        },
      });
    });
    afterAll(async () => {
      await db?.close();
      await database?.cleanup();
    });

    // A PostgreSQL restart ended a connection held by a transaction between two queries: the 'error' it emitted
    // had no listener and killed the server (the chaos run, issue #24).
    it('reports the error, fails the transaction and keeps serving on new connections', async () => {
      const ended = new Promise<void>((resolve) => (reported = resolve));
      const transaction = db.transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
        await db.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        await ended;
        await tx.query('select 1');
      });
      await expect(transaction).rejects.toThrow();
      expect(errors.map((error) => (error as { code?: string }).code)).toContain('57P01');
      expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    });
  },
);
