import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';

/** `server/migrations`, next to `server/src`. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/**
 * `YYYYMMDDTHHMM_name.sql` (UTC, the time the migration was written). A time stamp instead of a running
 * number, so that two branches adding a migration each do not both take the next number.
 */
const MIGRATION_FILE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})_([a-z0-9]+(?:[_-][a-z0-9]+)*)\.sql$/;

/**
 * The names the migrations had while they were numbered (`NNN_name.sql`), as databases migrated then
 * recorded them. Their files now carry the stamp `20261121T00NN`, which keeps their order and sorts them
 * before any stamped one. Never extend this map: new migrations are stamped from the start.
 */
export const LEGACY_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  [
    'platform',
    'market',
    'klines',
    'identity',
    'ledger',
    'trading',
    'rate_limit_windows',
    'options',
    'brand_texts',
    'notifications',
    'ledger_statement_checks',
    'cashier',
    'wallets',
    'deposits',
    'withdrawals',
    'operators',
    'deposit_credit_target',
  ].map((name, index) => {
    const number = String(index + 1).padStart(3, '0');
    return [`${number}_${name}.sql`, `20261121T0${number}_${name}.sql`];
  }),
);

/** Result of one run: the files applied now, in order, and the legacy records renamed to their new names. */
export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
  renamed: string[];
}

function isRealTime(match: RegExpMatchArray): boolean {
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
}

/**
 * Names of the migration files in `dir`, in time-stamp order. Throws, naming the files, on a `.sql` file
 * whose name is not `YYYYMMDDTHHMM_name.sql` (a numbered file merged in from an older branch would otherwise
 * be skipped without a word), on two files with the same stamp (their order would be undefined) and on two
 * files with the same name after the stamp.
 */
export async function listMigrations(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const problems: string[] = [];
  const byStamp = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const file of names) {
    const match = file.match(MIGRATION_FILE);
    if (!match || !isRealTime(match)) {
      problems.push(`${file} is not named YYYYMMDDTHHMM_name.sql (UTC time, lower-case name)`);
      continue;
    }
    const stamp = file.slice(0, 13);
    const name = match[6] ?? '';
    const sameStamp = byStamp.get(stamp);
    if (sameStamp)
      problems.push(`${sameStamp} and ${file} have the same time stamp: their order is undefined`);
    const sameName = byName.get(name);
    if (sameName) problems.push(`${sameName} and ${file} have the same name`);
    byStamp.set(stamp, file);
    byName.set(name, file);
  }
  if (problems.length > 0) throw new Error(`Migrations in ${dir}:\n  ${problems.join('\n  ')}`);
  return names;
}

/** Renames the records of a database migrated under the numbered names, in one transaction. */
async function renameLegacyRecords(db: Db, recorded: string[]): Promise<string[]> {
  const legacy = recorded.filter((name) => Object.hasOwn(LEGACY_NAMES, name));
  if (legacy.length === 0) return [];
  await db.transaction(async (tx) => {
    for (const old of legacy) {
      await tx.query(
        'update schema_migrations set name = $2 where name = $1 and not exists (select 1 from schema_migrations where name = $2)',
        [old, LEGACY_NAMES[old]],
      );
      await tx.query('delete from schema_migrations where name = $1', [old]);
    }
  });
  return legacy;
}

/**
 * Applies every migration of `dir` not yet recorded in `schema_migrations`, in time-stamp order, each in its
 * own transaction with its record, all under one lock so that several processes starting together apply each
 * file once. Records of the numbered names are renamed first, so a database migrated then applies nothing
 * twice.
 */
export async function runMigrations(db: Db, dir: string = MIGRATIONS_DIR): Promise<MigrationReport> {
  const files = await listMigrations(dir);
  return db.exclusive('tradekit:migrations', async () => {
    await db.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const before = await db.query<{ name: string }>('select name from schema_migrations');
    const renamed = await renameLegacyRecords(
      db,
      before.rows.map((row) => row.name),
    );
    const { rows } = await db.query<{ name: string }>('select name from schema_migrations');
    const done = new Set(rows.map((row) => row.name));
    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      const sql = await readFile(join(dir, name), 'utf8');
      await db
        .transaction(async (tx) => {
          await tx.exec(sql);
          await tx.query('insert into schema_migrations (name) values ($1)', [name]);
        })
        .catch((error: Error) => {
          throw new Error(`Migration ${name} failed: ${error.message}`, { cause: error });
        });
      applied.push(name);
    }
    return { applied, alreadyApplied: done.size, renamed };
  });
}
