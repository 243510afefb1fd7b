import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { describeOnBackends, type TestDatabase } from './testing';
import type { Db } from './types';

function open(database: TestDatabase): Promise<Db> {
  return database.databaseUrl
    ? openPostgres(database.databaseUrl)
    : openPglite(database.dataDir ?? 'memory://');
}

describeOnBackends('db', { on: 'both' }, (backend) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await backend.create();
    db = await open(database);
    await db.exec(
      'create table ledger (id bigserial primary key, amount numeric not null, at timestamptz default now())',
    );
  });
  afterAll(async () => {
    await db?.close();
    await database?.cleanup();
  });

  describe('query', () => {
    it('reports which engine it runs on', () => {
      expect(db.kind).toBe(backend.name);
    });

    it('returns numeric as a string that keeps its scale and precision', async () => {
      const { rows } = await db.query<{ n: unknown; big: unknown }>(
        "select 0.10::numeric as n, '123456789012345678901234.000000001'::numeric as big",
      );
      expect(rows[0]).toEqual({ n: '0.10', big: '123456789012345678901234.000000001' });
    });

    it('returns bigint as a string, also beyond 2^53', async () => {
      const { rows } = await db.query<{ b: unknown }>('select 9007199254740993::bigint as b');
      expect(rows[0]?.b).toBe('9007199254740993');
    });

    it('returns timestamptz as a Date and jsonb parsed', async () => {
      const { rows } = await db.query<{ t: unknown; j: unknown }>(
        `select '2024-03-01T12:00:00Z'::timestamptz as t, '{"a":[1,"x"]}'::jsonb as j`,
      );
      expect(rows[0]?.t).toEqual(new Date('2024-03-01T12:00:00Z'));
      expect(rows[0]?.j).toEqual({ a: [1, 'x'] });
    });

    it('binds and returns bytea as a Buffer: empty, a view into a larger buffer, and 9 MB', async () => {
      const outer = Buffer.from([9, 0, 1, 254, 255, 9]);
      const view = new Uint8Array(outer.buffer, outer.byteOffset + 1, 4);
      const large = Buffer.alloc(9_000_000);
      for (let i = 0; i < large.length; i += 1) large[i] = (i * 7919) % 256;
      for (const bytes of [new Uint8Array(0), view, large]) {
        const { rows } = await db.query<{ b: unknown; n: number }>(
          'select $1::bytea as b, length($1::bytea) as n',
          [bytes],
        );
        expect(Buffer.isBuffer(rows[0]?.b)).toBe(true);
        expect(rows[0]?.n).toBe(bytes.length);
        expect(Buffer.compare(rows[0]?.b as Buffer, Buffer.from(bytes))).toBe(0);
      }
    });

    it('binds parameters', async () => {
      const { rows } = await db.query<{ s: string }>('select ($1::numeric + $2::numeric)::text as s', [
        '0.1',
        '0.2',
      ]);
      expect(rows[0]?.s).toBe('0.3');
    });
  });

  describe('transaction', () => {
    it('commits when the callback resolves', async () => {
      const id = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          'insert into ledger (amount) values ($1) returning id',
          ['5.25'],
        );
        return rows[0]?.id;
      });
      const { rows } = await db.query<{ amount: string }>('select amount from ledger where id = $1', [id]);
      expect(rows).toEqual([{ amount: '5.25' }]);
    });

    it('rolls back every statement when the callback throws', async () => {
      const before = await db.query<{ c: number }>('select count(*)::int as c from ledger');
      await expect(
        db.transaction(async (tx) => {
          await tx.query('insert into ledger (amount) values ($1)', ['1']);
          throw new Error('business failure');
        }),
      ).rejects.toThrow('business failure');
      const after = await db.query<{ c: number }>('select count(*)::int as c from ledger');
      expect(after.rows[0]?.c).toBe(before.rows[0]?.c);
    });

    it('rolls back when a statement fails and leaves the database usable', async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.query('insert into ledger (amount) values ($1)', ['2']);
          await tx.query('insert into ledger (amount) values (null)');
        }),
      ).rejects.toThrow();
      const { rows } = await db.query<{ c: number }>(
        "select count(*)::int as c from ledger where amount = '2'",
      );
      expect(rows[0]?.c).toBe(0);
    });
  });

  describe('exclusive', () => {
    it('runs callbacks for the same key one at a time', async () => {
      const events: string[] = [];
      const job = (name: string) =>
        db.exclusive('test:lock', async () => {
          events.push(`${name}:start`);
          await new Promise((resolve) => setTimeout(resolve, 30));
          events.push(`${name}:end`);
        });
      await Promise.all([job('a'), job('b')]);
      // One after the other, whichever took the lock first: on PostgreSQL each job connects on its own, and
      // under load the second job's connection may open first.
      const [first] = events[0]!.split(':');
      const second = first === 'a' ? 'b' : 'a';
      expect(events).toEqual([`${first}:start`, `${first}:end`, `${second}:start`, `${second}:end`]);
    });

    it('releases the lock when the callback throws', async () => {
      await expect(db.exclusive('test:lock', async () => Promise.reject(new Error('boom')))).rejects.toThrow(
        'boom',
      );
      await expect(db.exclusive('test:lock', async () => 'next')).resolves.toBe('next');
    });
  });
});
