/**
 * vitest globalSetup of the server project: migrates one PGlite database and writes its dump, beside the dump
 * of an empty one for the migration tests; every test worker's `memory://` databases then start from them (see
 * ./test-setup.ts). Opening PGlite from a dump skips initdb and the migrations, about half of what a fresh one
 * costs.
 *
 * The two dumps are kept between runs in `node_modules/.cache/tk-pglite-template/<key>/` (TR57), where the key
 * hashes everything they are made of: the migrations, this folder's code (how a database is opened, migrated
 * and dumped) and the lockfile (PGlite's version). A run whose inputs changed makes them again (about 7 s on two
 * cores); an unchanged one reads them.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, runMigrations } from './migrate';
import { dumpPreparedMemoryDatabase } from './pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File of the migrated PGlite dump, or '' when the template is switched off. */
    pgliteTemplate: string;
    /** File of an empty (initdb only) PGlite dump for the migration tests, or '' when switched off. */
    pgliteEmptyTemplate: string;
  }
}

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
/** Where the dumps of each key are kept (git-ignored with node_modules). */
export const TEMPLATE_CACHE = join(ROOT, 'node_modules', '.cache', 'tk-pglite-template');

/** The inputs of the dumps: the migrations' folder, this folder's code and the lockfile (PGlite's version). */
export interface TemplateInputs {
  migrations: string;
  code: string;
  lockfile: string;
}

const INPUTS: TemplateInputs = {
  migrations: MIGRATIONS_DIR,
  code: import.meta.dirname,
  lockfile: join(ROOT, 'package-lock.json'),
};

/** A hash of every input of the dumps: each migration, the code folder's non-test files and the lockfile. */
export async function templateKey(inputs: TemplateInputs = INPUTS): Promise<string> {
  const hash = createHash('sha256');
  const add = async (dir: string, names: string[]) => {
    for (const name of names.sort()) {
      hash.update(`${name}\0`);
      hash.update(await readFile(join(dir, name)));
    }
  };
  await add(
    inputs.migrations,
    (await readdir(inputs.migrations)).filter((name) => name.endsWith('.sql')),
  );
  const code = (await readdir(inputs.code)).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
  );
  await add(inputs.code, code);
  hash.update(await readFile(inputs.lockfile));
  return hash.digest('hex').slice(0, 24);
}

const exists = (file: string) =>
  stat(file).then(
    (found) => found.isFile(),
    () => false,
  );

/** A draft older than this was left by a run that stopped while writing it. */
const DRAFT_LEFT_MS = 10 * 60_000;

/**
 * Key folders kept: the current one and the one used before it, which a run started earlier (another branch's
 * migrations) may still be reading.
 */
const KEYS_KEPT = 2;

const complete = async (dir: string) =>
  (await exists(join(dir, 'migrated.tar'))) && (await exists(join(dir, 'empty.tar')));

/** Writes the two dumps into a draft folder and renames it to `dir`. */
async function makeDumps(cache: string, key: string, dir: string): Promise<void> {
  await mkdir(cache, { recursive: true });
  const draft = await mkdtemp(join(cache, `.draft-${key}-`));
  const write = async (name: string, dump: Blob) =>
    writeFile(join(draft, name), new Uint8Array(await dump.arrayBuffer()));
  await write('migrated.tar', await dumpPreparedMemoryDatabase(async (db) => void (await runMigrations(db))));
  await write('empty.tar', await dumpPreparedMemoryDatabase(async () => undefined));
  try {
    await rename(draft, dir);
  } catch {
    // Another run put the same key in place first (its dumps are the same), or a folder of this key lost a file.
    if (!(await complete(dir))) {
      await rm(dir, { recursive: true, force: true });
      await rename(draft, dir);
    }
  } finally {
    await rm(draft, { recursive: true, force: true });
  }
}

/**
 * The folder holding `migrated.tar` and `empty.tar` for the current inputs: the kept one, or a new one made
 * now. A new folder is written as a draft beside the kept ones and renamed into place, so a run that stops
 * half-way or a second run at the same time never leaves a partial one. The current folder is marked used; of
 * the other keys' folders only the last used one is kept, and drafts of a run that stopped are removed.
 */
export async function templateDir(cache = TEMPLATE_CACHE, inputs: TemplateInputs = INPUTS): Promise<string> {
  const key = await templateKey(inputs);
  const dir = join(cache, key);
  if (!(await complete(dir))) await makeDumps(cache, key, dir);
  const now = new Date();
  await utimes(dir, now, now);
  const keys: { path: string; used: number }[] = [];
  for (const name of await readdir(cache)) {
    const path = join(cache, name);
    const used = (await stat(path).catch(() => null))?.mtimeMs;
    if (used === undefined) continue;
    if (!name.startsWith('.draft-')) keys.push({ path, used });
    // Another run's draft is left alone while it may still be written.
    else if (now.getTime() - used >= DRAFT_LEFT_MS) await rm(path, { recursive: true, force: true });
  }
  keys.sort((a, b) => b.used - a.used);
  for (const { path } of keys.slice(KEYS_KEPT)) await rm(path, { recursive: true, force: true });
  return dir;
}

export default async function setup(project: TestProject): Promise<void> {
  // TK_PGLITE_TEMPLATE=0 measures or debugs the suites without the template (each database runs initdb).
  if (process.env.TK_PGLITE_TEMPLATE === '0') {
    project.provide('pgliteTemplate', '');
    project.provide('pgliteEmptyTemplate', '');
    return;
  }
  const dir = await templateDir();
  project.provide('pgliteTemplate', join(dir, 'migrated.tar'));
  project.provide('pgliteEmptyTemplate', join(dir, 'empty.tar'));
}
