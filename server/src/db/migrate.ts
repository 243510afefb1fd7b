import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';

/** `server/migrations`, next to `server/src`. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

const MIGRATION_FILE = /^\d+_[\w-]+\.sql$/;

/** Result of one run: the files applied now, in order. */
export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

/** Names of the migration files in `dir`, in file-name order. */
export async function listMigrations(dir: string): Promise<string[]> {
  const names = await readdir(dir);
  return names.filter((name) => MIGRATION_FILE.test(name)).sort();
}

/**
 * Applies every migration of `dir` not yet recorded in `schema_migrations`, each in its own transaction with
 * its record, all under one lock so that several processes starting together apply each file once.
 */
export async function runMigrations(db: Db, dir: string = MIGRATIONS_DIR): Promise<MigrationReport> {
  const files = await listMigrations(dir);
  return db.exclusive('tradekit:migrations', async () => {
    await db.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
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
    return { applied, alreadyApplied: done.size };
  });
}
