// The server project's template dumps are kept between runs under a key of their inputs (TR57).
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { templateDir, templateKey, type TemplateInputs } from './test-template';

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A scratch folder with a migration, code beside its test, and a lockfile. */
async function inputs(): Promise<TemplateInputs> {
  const root = await mkdtemp(join(tmpdir(), 'tk-template-inputs-'));
  made.push(root);
  const migrations = join(root, 'migrations');
  const code = join(root, 'db');
  await mkdir(migrations);
  await mkdir(code);
  await writeFile(join(migrations, '20261201T0000_a.sql'), 'create table a (id int);');
  await writeFile(join(code, 'migrate.ts'), 'export const x = 1;');
  await writeFile(join(code, 'migrate.test.ts'), 'it();');
  await writeFile(join(root, 'package-lock.json'), '{"version": 1}');
  return { migrations, code, lockfile: join(root, 'package-lock.json') };
}

describe('the kept template dumps', () => {
  it('change key with a migration, a code file or the lockfile, and with nothing else', async () => {
    const given = await inputs();
    const first = await templateKey(given);
    expect(await templateKey(given)).toBe(first);
    // A test file and a file that is no migration are not inputs.
    await writeFile(join(given.code, 'migrate.test.ts'), 'it("changed");');
    await writeFile(join(given.migrations, 'README.md'), 'notes');
    expect(await templateKey(given)).toBe(first);

    const keys = new Set([first]);
    await writeFile(join(given.migrations, '20261201T0000_a.sql'), 'create table a (id bigint);');
    keys.add(await templateKey(given));
    await writeFile(join(given.migrations, '20261202T0000_b.sql'), 'create table b (id int);');
    keys.add(await templateKey(given));
    await writeFile(join(given.code, 'pglite.ts'), 'export const y = 2;');
    keys.add(await templateKey(given));
    await writeFile(given.lockfile, '{"version": 2}');
    keys.add(await templateKey(given));
    expect(keys.size).toBe(5);
  });

  it('reads the current key’s folder as it is, keeps the key used before it and no other, and a stopped run’s draft goes', async () => {
    const given = await inputs();
    const cache = await mkdtemp(join(tmpdir(), 'tk-template-cache-'));
    made.push(cache);
    const key = await templateKey(given);
    await mkdir(join(cache, key));
    for (const name of ['migrated.tar', 'empty.tar']) await writeFile(join(cache, key, name), name);
    const before = (await stat(join(cache, key, 'migrated.tar'))).mtimeMs;
    const ago = async (name: string, ms: number) => {
      await mkdir(join(cache, name));
      const then = new Date(Date.now() - ms);
      await utimes(join(cache, name), then, then);
    };
    // Two keys used an hour and two hours ago, a draft left an hour ago and a draft another run writes now.
    await ago('key-used-before', 3_600_000);
    await ago('key-used-earlier', 7_200_000);
    await ago('.draft-stopped', 3_600_000);
    await ago('.draft-running', 0);

    expect(await templateDir(cache, given)).toBe(join(cache, key));
    expect((await stat(join(cache, key, 'migrated.tar'))).mtimeMs).toBe(before);
    expect((await readdir(cache)).sort()).toEqual(['.draft-running', key, 'key-used-before'].sort());
    // The current folder is marked used: the next key keeps it as the one used before.
    expect((await stat(join(cache, key))).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
  });
});
