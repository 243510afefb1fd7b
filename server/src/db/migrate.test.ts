import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_NAMES, listMigrations, MIGRATIONS_DIR, runMigrations } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { describeOnBackends, type TestDatabase } from './testing';
import type { Db } from './types';

function open(database: TestDatabase): Promise<Db> {
  return database.databaseUrl
    ? openPostgres(database.databaseUrl)
    : openPglite(database.dataDir ?? 'memory://', { template: false });
}

async function recorded(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('select name from schema_migrations order by name');
  return rows.map((row) => row.name);
}

describe('listMigrations', () => {
  async function dirWith(names: string[]): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'tk-mig-'));
    for (const name of names) await writeFile(join(dir, name), 'select 1;');
    return dir;
  }

  it('lists the YYYYMMDDTHHMM_name.sql files in time order and leaves other files alone', async () => {
    const dir = await dirWith([
      '20261201T0900_late.sql',
      '20261130T2359_b.sql',
      'README.md',
      '20261130T0800_a.sql',
    ]);
    await expect(listMigrations(dir)).resolves.toEqual([
      '20261130T0800_a.sql',
      '20261130T2359_b.sql',
      '20261201T0900_late.sql',
    ]);
    await rm(dir, { recursive: true });
  });

  it.each([
    ['two files with the same time stamp', ['20261130T0800_a.sql', '20261130T0800_b.sql'], /same time stamp/],
    ['two files with the same name', ['20261130T0800_fees.sql', '20261201T0900_fees.sql'], /same name/],
    [
      'a numbered file (the old naming)',
      ['20261130T0800_a.sql', '018_fees.sql'],
      /018_fees\.sql is not named/,
    ],
    ['a stray .sql file', ['notes.sql'], /notes\.sql is not named/],
    ['a stamp that is no real time', ['20261131T0800_a.sql'], /20261131T0800_a\.sql is not named/],
    ['an hour past 23', ['20261130T2400_a.sql'], /is not named/],
    ['an upper-case name', ['20261130T0800_Fees.sql'], /is not named/],
  ])('refuses %s', async (_name, files, message) => {
    const dir = await dirWith(files);
    await expect(listMigrations(dir)).rejects.toThrow(message);
    await rm(dir, { recursive: true });
  });

  it('lists server/migrations without a collision, the numbered files first in their old order', async () => {
    const files = await listMigrations(MIGRATIONS_DIR);
    const legacy = Object.entries(LEGACY_NAMES);
    expect(legacy.map(([old]) => old)).toEqual(legacy.map(([old]) => old).sort());
    expect(files.slice(0, legacy.length)).toEqual(legacy.map(([, stamped]) => stamped));
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
      join(dir, '20261130T0801_accounts.sql'),
      'create table accounts (id int primary key, balance numeric);',
    );
    await writeFile(
      join(dir, '20261130T0802_seed.sql'),
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
    expect(report.applied).toEqual(['20261130T0801_accounts.sql', '20261130T0802_seed.sql']);
    expect(await recorded(db)).toEqual(['20261130T0801_accounts.sql', '20261130T0802_seed.sql']);
    const { rows } = await db.query<{ applied_at: unknown }>('select applied_at from schema_migrations');
    expect(rows[0]?.applied_at).toBeInstanceOf(Date);
  });

  it('applies nothing the second time', async () => {
    const report = await runMigrations(db, dir);
    expect(report).toEqual({ applied: [], alreadyApplied: 2, renamed: [] });
    const { rows } = await db.query<{ c: number }>('select count(*)::int as c from accounts');
    expect(rows[0]?.c).toBe(2);
  });

  it('applies only a file added later', async () => {
    await writeFile(
      join(dir, '20261130T0803_limit.sql'),
      'alter table accounts add column credit_limit numeric;',
    );
    expect((await runMigrations(db, dir)).applied).toEqual(['20261130T0803_limit.sql']);
  });

  it('rolls back a failing file, does not record it and names it in the error', async () => {
    await writeFile(
      join(dir, '20261130T0804_broken.sql'),
      'create table audit (id int);\nselect * from no_such_table;',
    );
    await expect(runMigrations(db, dir)).rejects.toThrow(/20261130T0804_broken\.sql/);
    expect(await recorded(db)).not.toContain('20261130T0804_broken.sql');
    const { rows } = await db.query<{ t: string | null }>("select to_regclass('audit')::text as t");
    expect(rows[0]?.t).toBeNull();
    await rm(join(dir, '20261130T0804_broken.sql'));
  });

  it('applies each file once when several runs start together', async () => {
    await writeFile(join(dir, '20261130T0805_orders.sql'), 'create table toy_orders (id int primary key);');
    const other = database.databaseUrl ? await openPostgres(database.databaseUrl) : db;
    const reports = await Promise.all([
      runMigrations(db, dir),
      runMigrations(other, dir),
      runMigrations(db, dir),
    ]);
    if (other !== db) await other.close();
    expect(reports.flatMap((report) => report.applied)).toEqual(['20261130T0805_orders.sql']);
  });

  it('creates the platform tables from server/migrations', async () => {
    await runMigrations(db, MIGRATIONS_DIR);
    expect(await recorded(db)).toContain('20261121T0001_platform.sql');
    const { rows } = await db.query<{ t: string | null }>(
      "select to_regclass('brands')::text as t union all select to_regclass('banners')::text",
    );
    expect(rows.map((row) => row.t)).toEqual(['brands', 'banners']);
  });
});

/** Numbered names as the migrator before time stamps listed them (`NNN_name.sql`, in file-name order). */
const NUMBERED_FILE = /^\d+_[\w-]+\.sql$/;

/**
 * The previous migrator's code path, kept here as it was: it lists `NNN_name.sql` files, applies each one not
 * yet recorded and records its numbered name. It builds the database that a data dir of an earlier version has.
 */
async function migrateAsBefore(db: Db, dir: string): Promise<void> {
  const files = (await readdir(dir)).filter((name) => NUMBERED_FILE.test(name)).sort();
  await db.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const { rows } = await db.query<{ name: string }>('select name from schema_migrations');
  const done = new Set(rows.map((row) => row.name));
  for (const name of files) {
    if (done.has(name)) continue;
    const sql = await readFile(join(dir, name), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
    });
  }
}

async function tables(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ t: string }>(
    'select table_name as t from information_schema.tables where table_schema = current_schema() order by 1',
  );
  return rows.map((row) => row.t);
}

describeOnBackends(
  'runMigrations on a database migrated under the numbered names',
  { on: 'both' },
  (backend) => {
    const databases: TestDatabase[] = [];
    const dbs: Db[] = [];
    let numbered: string;

    async function fresh(): Promise<Db> {
      const database = await backend.create();
      databases.push(database);
      const db = await open(database);
      dbs.push(db);
      return db;
    }

    beforeAll(async () => {
      numbered = await mkdtemp(join(tmpdir(), 'tk-mig-old-'));
      for (const [old, stamped] of Object.entries(LEGACY_NAMES)) {
        await copyFile(join(MIGRATIONS_DIR, stamped), join(numbered, old));
      }
    });
    afterAll(async () => {
      for (const db of dbs) await db.close();
      for (const database of databases) await database.cleanup();
      await rm(numbered, { recursive: true, force: true });
    });

    it('applies nothing again, renames the records, and ends with the schema of a fresh database', async () => {
      const old = await fresh();
      await migrateAsBefore(old, numbered);
      const before = await old.query<{ name: string; applied_at: Date }>(
        'select name, applied_at from schema_migrations order by name',
      );
      expect(before.rows.map((row) => row.name)).toEqual(Object.keys(LEGACY_NAMES));

      const report = await runMigrations(old, MIGRATIONS_DIR);
      const stampedFiles = await listMigrations(MIGRATIONS_DIR);
      expect(report.renamed).toEqual(Object.keys(LEGACY_NAMES));
      expect(report.applied).toEqual(stampedFiles.slice(Object.keys(LEGACY_NAMES).length));
      expect(await recorded(old)).toEqual(stampedFiles);
      const after = await old.query<{ name: string; applied_at: Date }>(
        'select name, applied_at from schema_migrations order by name',
      );
      // The renamed records keep their times (they sort first); files stamped since are applied now.
      expect(after.rows.slice(0, before.rows.length).map((row) => row.applied_at.getTime())).toEqual(
        before.rows.map((row) => row.applied_at.getTime()),
      );
      expect(after.rows).toHaveLength(stampedFiles.length);
      expect(await runMigrations(old, MIGRATIONS_DIR)).toEqual({
        applied: [],
        alreadyApplied: stampedFiles.length,
        renamed: [],
      });

      const clean = await fresh();
      await runMigrations(clean, MIGRATIONS_DIR);
      expect(await tables(old)).toEqual(await tables(clean));
    });

    it('applies the numbered files a partly migrated database still lacks, under their new names', async () => {
      const partial = await mkdtemp(join(tmpdir(), 'tk-mig-part-'));
      const olds = Object.keys(LEGACY_NAMES);
      for (const old of olds.slice(0, 5)) await copyFile(join(numbered, old), join(partial, old));
      const db = await fresh();
      await migrateAsBefore(db, partial);
      await rm(partial, { recursive: true });

      const report = await runMigrations(db, MIGRATIONS_DIR);
      expect(report.renamed).toEqual(olds.slice(0, 5));
      const stampedFiles = await listMigrations(MIGRATIONS_DIR);
      expect(report.applied).toEqual(stampedFiles.slice(5));
      expect(report.applied.slice(0, olds.length - 5)).toEqual(olds.slice(5).map((old) => LEGACY_NAMES[old]));
      expect(await recorded(db)).toEqual(stampedFiles);
    });
  },
);
