import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const TABLE_ROW = /^\|\s*([\d.A-Z*]+)\s*\|(.*)\|\s*(done|partial|missing|measured)\s*\|$/;

interface Row {
  id: string;
  where: string;
  test: string;
  state: string;
}

function rows(): Row[] {
  const text = readFileSync(join(ROOT, 'docs/spec-coverage.md'), 'utf8');
  return text.split('\n').flatMap((line) => {
    const match = TABLE_ROW.exec(line.trim());
    if (!match) return [];
    const cells = (match[2] ?? '').split('|').map((cell) => cell.trim());
    return [{ id: match[1]!, where: cells.at(-2) ?? '', test: cells.at(-1) ?? '', state: match[3]! }];
  });
}

/** Every file name under the source folders, for cells that name a test file without its folder. */
function fileNames(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else names.add(entry.name);
    }
  };
  for (const dir of ['src', 'server', 'tests', 'scripts']) walk(join(ROOT, dir));
  return names;
}

/** A path from the table exists; `*` in its last segment matches any characters. */
function exists(path: string): boolean {
  if (!path.includes('*')) return existsSync(join(ROOT, path));
  const dir = join(ROOT, dirname(path));
  const pattern = new RegExp(`^${path.split('/').at(-1)!.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
  return existsSync(dir) && readdirSync(dir).some((name) => pattern.test(name));
}

describe('docs/spec-coverage.md', () => {
  const table = rows();
  const names = fileNames();

  it('has rows for the spec sections it covers', () => {
    expect(table.length).toBeGreaterThan(100);
  });

  it('names a test for every item it marks done', () => {
    const untested = table.filter((row) => row.state === 'done' && (!row.test || row.test === '—'));
    expect(untested.map((row) => row.id)).toEqual([]);
  });

  it('names an existing benchmark for every item it marks measured (a figure of npm run bench)', () => {
    const measured = table.filter((row) => row.state === 'measured');
    expect(measured.length).toBeGreaterThan(0);
    const unnamed = measured.filter((row) => {
      const benches = row.where.split(/,\s*/).filter((path) => path.startsWith('bench/'));
      return benches.length === 0 || !benches.every((path) => exists(path));
    });
    expect(unnamed.map((row) => row.id)).toEqual([]);
  });

  it('names only tests that exist', () => {
    const missing = table.flatMap((row) =>
      row.test
        .split(/,\s*|\s+and\s+/)
        .map((token) => token.replace(/`/g, '').split(' ')[0]!.trim())
        .filter((token) => /\.(test|e2e)\.tsx?$|\/$|\*/.test(token) || token.includes('/'))
        .filter((token) => (token.includes('/') ? !exists(token) : !names.has(token)))
        .map((token) => `${row.id}: ${token}`),
    );
    expect(missing).toEqual([]);
  });
});
