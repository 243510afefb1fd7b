import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { backendsFor, type BackendChoice } from './testing';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CHOICES: BackendChoice[] = ['pglite', 'postgres', 'postgresOnly', 'both', 'any'];
const NPM_TEST_ENV = { TEST_DATABASE_URL: 'postgres://x', TK_REQUIRE_PG: '1' };

function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** Each `describeOnBackends(` call of a server test file with the backend choice it declares. */
function declarations(): Map<string, BackendChoice[]> {
  const found = new Map<string, BackendChoice[]>();
  for (const file of [...testFiles('server'), ...testFiles('tests/integration')]) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const calls = text.match(/^describeOnBackends\(/gm)?.length ?? 0;
    if (calls === 0) continue;
    const choices = [...text.matchAll(/^describeOnBackends\(\s*'[^']*',\s*\{ on: '(\w+)' \}/gm)].map(
      (m) => m[1] as BackendChoice,
    );
    expect(choices, `${file} declares where each describeOnBackends runs`).toHaveLength(calls);
    found.set(file, choices);
  }
  return found;
}

describe('where the server suites run', () => {
  it('runs every choice on at least one database under npm test and both for `both`', () => {
    for (const on of CHOICES) expect(backendsFor(on, NPM_TEST_ENV).length).toBeGreaterThan(0);
    expect(backendsFor('both', NPM_TEST_ENV)).toEqual(['pglite', 'postgres']);
    expect(backendsFor('postgres', NPM_TEST_ENV)).toEqual(['postgres']);
    expect(backendsFor('postgresOnly', NPM_TEST_ENV)).toEqual(['postgres']);
    expect(backendsFor('pglite', NPM_TEST_ENV)).toEqual(['pglite']);
    expect(backendsFor('any', NPM_TEST_ENV)).toEqual(['postgres']);
  });

  it('runs `any` on PGlite when the run has no PostgreSQL, instead of skipping it', () => {
    expect(backendsFor('any', {})).toEqual(['pglite']);
    expect(backendsFor('any', { TK_REQUIRE_PG: '1' })).toEqual(['pglite']);
  });

  it('runs every suite on PGlite alone in test:fast, but those PGlite cannot run at all (TR32)', () => {
    for (const on of CHOICES) {
      expect(backendsFor(on, { ...NPM_TEST_ENV, TK_TEST_BACKENDS: 'pglite' })).toEqual(
        on === 'postgresOnly' ? [] : ['pglite'],
      );
    }
    // Without test:fast's variable a suite PGlite cannot run still asks for PostgreSQL (skipped or failing, TR3).
    expect(backendsFor('postgresOnly', {})).toEqual(['postgres']);
  });

  it('has each suite declare a valid choice, and the migrations and the db layer run on both', () => {
    const found = declarations();
    expect(found.size).toBeGreaterThanOrEqual(39);
    for (const [file, choices] of found) {
      for (const choice of choices) expect(CHOICES, file).toContain(choice);
    }
    for (const file of ['server/src/db/migrate.test.ts', 'server/src/db/db.test.ts']) {
      const choices = found.get(file) ?? [];
      expect(choices.length, file).toBeGreaterThan(0);
      for (const choice of choices) expect(choice, file).toBe('both');
    }
  });
});
