import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import * as shimModule from './typebox-shim';
import { Type as Shim } from './typebox-shim';

const here = dirname(fileURLToPath(import.meta.url));

describe('typebox shim of browser builds', () => {
  it('has every builder the contract calls, so that no browser bundle meets an undefined function', () => {
    const used = new Set<string>();
    for (const file of readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      for (const match of readFileSync(join(here, file), 'utf8').matchAll(/\b(?:T|Type)\.([A-Z]\w*)\(/g)) {
        used.add(match[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used].filter((name) => typeof (Shim as Record<string, unknown>)[name] !== 'function');
    expect(missing).toEqual([]);
  });

  it('answers undefined for every builder', () => {
    for (const builder of Object.values(Shim)) expect(builder({ type: 'object' })).toBeUndefined();
  });

  it('loads every contract module as the browser builds run it: with the shim, no schema is read at load', async () => {
    // A schema is undefined in the browser: `...Schema.properties` at module level broke the back office once.
    vi.resetModules();
    vi.doMock('typebox', () => shimModule);
    const failures: string[] = [];
    const files = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const file of files) {
      try {
        await import(/* @vite-ignore */ join(here, file));
      } catch (error) {
        failures.push(`${file}: ${(error as Error).message}`);
      }
    }
    vi.doUnmock('typebox');
    expect(files.length).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });
});
