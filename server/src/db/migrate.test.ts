import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, MIGRATIONS_DIR, runMigrations } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { describeOnBackends, type TestDatabase } from './testing';
import type { Db } from './types';

function open(database: TestDatabase): Promise<Db> {
  return database.databaseUrl
    ? openPostgres(database.databaseUrl)
    : openPglite(database.dataDir ?? 'memory://');
}

async function recorded(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('select name from schema_migrations order by name');
  return rows.map((row) => row.name);
}

describe('listMigrations', () => {
  it('lists only NNN_name.sql files in file-name order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tk-mig-'));
    for (const name of ['010_late.sql', '002_b.sql', 'README.md', 'notes.sql', '001_a.sql']) {
      await writeFile(join(dir, name), 'select 1;');
    }
    await expect(listMigrations(dir)).resolves.toEqual(['001_a.sql', '002_b.sql', '010_late.sql']);
    await rm(dir, { recursive: true });
  });
});

describeOnBackends('runMigrations', { on: 'both' }, (backend) => {
  let database: TestDatabase;
  let db: Db;
  let dir: string;

  beforeAll(async () => {
    database = await backend.create();
    db = await open(database);
    dir = await mkdtemp(join(tmpdir(), 'tk-mig-'));
    await writeFile(
      join(dir, '001_accounts.sql'),
      'create table accounts (id int primary key, balance numeric);',
    );
    await writeFile(
      join(dir, '002_seed.sql'),
      "insert into accounts values (1, '10.50');\ninsert into accounts values (2, '0.01');",
    );
  });
  afterAll(async () => {
    await db?.close();
    await database?.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies every file in order and records each one', async () => {
    const report = await runMigrations(db, dir);
    expect(report.applied).toEqual(['001_accounts.sql', '002_seed.sql']);
    expect(await recorded(db)).toEqual(['001_accounts.sql', '002_seed.sql']);
    const { rows } = await db.query<{ applied_at: unknown }>('select applied_at from schema_migrations');
    expect(rows[0]?.applied_at).toBeInstanceOf(Date);
  });

  it('applies nothing the second time', async () => {
    const report = await runMigrations(db, dir);
    expect(report).toEqual({ applied: [], alreadyApplied: 2 });
    const { rows } = await db.query<{ c: number }>('select count(*)::int as c from accounts');
    expect(rows[0]?.c).toBe(2);
  });

  it('applies only a file added later', async () => {
    await writeFile(join(dir, '003_limit.sql'), 'alter table accounts add column credit_limit numeric;');
    expect((await runMigrations(db, dir)).applied).toEqual(['003_limit.sql']);
  });

  it('rolls back a failing file, does not record it and names it in the error', async () => {
    await writeFile(
      join(dir, '004_broken.sql'),
      'create table audit (id int);\nselect * from no_such_table;',
    );
    await expect(runMigrations(db, dir)).rejects.toThrow(/004_broken\.sql/);
    expect(await recorded(db)).not.toContain('004_broken.sql');
    const { rows } = await db.query<{ t: string | null }>("select to_regclass('audit')::text as t");
    expect(rows[0]?.t).toBeNull();
    await rm(join(dir, '004_broken.sql'));
  });

  it('applies each file once when several runs start together', async () => {
    await writeFile(join(dir, '005_orders.sql'), 'create table toy_orders (id int primary key);');
    const other = database.databaseUrl ? await openPostgres(database.databaseUrl) : db;
    const reports = await Promise.all([
      runMigrations(db, dir),
      runMigrations(other, dir),
      runMigrations(db, dir),
    ]);
    if (other !== db) await other.close();
    expect(reports.flatMap((report) => report.applied)).toEqual(['005_orders.sql']);
  });

  it('creates the platform tables from server/migrations', async () => {
    await runMigrations(db, MIGRATIONS_DIR);
    expect(await recorded(db)).toContain('001_platform.sql');
    const { rows } = await db.query<{ t: string | null }>(
      "select to_regclass('brands')::text as t union all select to_regclass('banners')::text",
    );
    expect(rows.map((row) => row.t)).toEqual(['brands', 'banners']);
  });
});
