/**
 * The server project runs its files without isolation (TR7 in docs/decisions.md): a worker keeps the modules
 * it imported for the next file. A module mock, a stubbed global or a file-wide fake clock would then leak
 * into whatever file runs next in that worker, so none may appear in a server test file; environment
 * variables are stubbed only with vi.stubEnv and restored in the same file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_FREE_BYTES, ramScratchDir } from '../../scripts/lib/scratch-dir';

const ROOT = resolve(import.meta.dirname, '..', '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const FILES = [...testFiles(join(ROOT, 'server')), ...testFiles(join(ROOT, 'tests', 'integration'))].map(
  (path) => ({ name: relative(ROOT, path), text: readFileSync(path, 'utf8') }),
);

describe('server test files share their worker’s modules', () => {
  it('finds the server test files', () => {
    expect(FILES.length).toBeGreaterThan(100);
  });

  it('mock no module and stub no global', () => {
    const found = FILES.filter(({ text }) => /\bvi\.(mock|doMock|stubGlobal|hoisted)\(/.test(text)).map(
      ({ name }) => name,
    );
    expect(found).toEqual([]);
  });

  it('restore the real timers and environment in every file that fakes or stubs them', () => {
    const leaking = FILES.filter(
      ({ text }) =>
        (/\bvi\.useFakeTimers\(/.test(text) && !/\bvi\.useRealTimers\(/.test(text)) ||
        (/\bvi\.stubEnv\(/.test(text) && !/\bvi\.unstubAllEnvs\(/.test(text)) ||
        /process\.env\.[A-Z_]+\s*=[^=]/.test(text),
    ).map(({ name }) => name);
    expect(leaking).toEqual([]);
  });
});

describe('the server project’s workers', () => {
  it('keep WebAssembly (PGlite) on V8’s baseline compiler (TR52)', () => {
    expect(process.execArgv).toContain('--liftoff-only');
  });

  it('write their throw-away files on tmpfs when the machine has room (TR56)', () => {
    // The config looked when the run started; with twice its margin free now, there was room then.
    if (ramScratchDir({ minFreeBytes: 2 * MIN_FREE_BYTES })) expect(tmpdir()).toBe('/dev/shm');
    else expect(tmpdir()).not.toBe('/dev/shm');
  });
});
