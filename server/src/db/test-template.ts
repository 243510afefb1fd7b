/**
 * vitest globalSetup of the server project: migrates one PGlite database once per run and writes its dump to
 * a temporary folder, beside the dump of an empty one for the migration tests; every test worker's
 * `memory://` databases then start from them (see ./test-setup.ts).
 * Opening PGlite from a dump skips initdb and the migrations, about half of what a fresh one costs.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runMigrations } from './migrate';
import { dumpPreparedMemoryDatabase } from './pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File of the migrated PGlite dump, or '' when the template is switched off. */
    pgliteTemplate: string;
    /** File of an empty (initdb only) PGlite dump for the migration tests, or '' when switched off. */
    pgliteEmptyTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // TK_PGLITE_TEMPLATE=0 measures or debugs the suites without the template (each database runs initdb).
  if (process.env.TK_PGLITE_TEMPLATE === '0') {
    project.provide('pgliteTemplate', '');
    project.provide('pgliteEmptyTemplate', '');
    return async () => undefined;
  }
  const dir = await mkdtemp(join(tmpdir(), 'tk-pglite-template-'));
  const write = async (name: string, dump: Blob) => {
    const file = join(dir, name);
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
    return file;
  };
  const migrated = await write(
    'migrated.tar',
    await dumpPreparedMemoryDatabase(async (db) => void (await runMigrations(db))),
  );
  const empty = await write('empty.tar', await dumpPreparedMemoryDatabase(async () => undefined));
  project.provide('pgliteTemplate', migrated);
  project.provide('pgliteEmptyTemplate', empty);
  return () => rm(dir, { recursive: true, force: true });
}
