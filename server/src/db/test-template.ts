/**
 * vitest globalSetup of the server project: migrates one PGlite database once per run and writes its dump to
 * a temporary folder; every test worker's `memory://` databases then start from it (see ./test-setup.ts).
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
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // TK_PGLITE_TEMPLATE=0 measures or debugs the suites without the template (each database runs initdb).
  if (process.env.TK_PGLITE_TEMPLATE === '0') {
    project.provide('pgliteTemplate', '');
    return async () => undefined;
  }
  const dir = await mkdtemp(join(tmpdir(), 'tk-pglite-template-'));
  const dump = await dumpPreparedMemoryDatabase(async (db) => {
    await runMigrations(db);
  });
  const file = join(dir, 'migrated.tar');
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
