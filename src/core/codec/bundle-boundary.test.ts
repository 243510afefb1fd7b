/**
 * DESIGN.md: crypto-js lives in one module, loaded on demand, never in the quote or chart bundles. Two
 * checks: the static import graph of the widget entries (source), and — when a build exists that already
 * knows the codec — the static chunk graph of `widgets/tk-quotes.js` in the Vite manifest.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const CODEC = 'src/core/codec/field-codec.ts';
// Matches `import x from '…'`, `import '…'`, `export … from '…'`; type-only imports are erased.
const STATIC = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, resolve(base, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** Files and packages reachable from `entry` through static imports only. */
export function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [resolve(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, spec] of source.matchAll(STATIC)) {
      if (spec!.startsWith('.')) {
        const next = resolveLocal(file, spec!);
        if (next) queue.push(next);
      } else packages.add(spec!);
    }
  }
  return { files: new Set([...files].map((f) => relative(ROOT, f))), packages };
}

describe('the field codec stays out of the widget entries', () => {
  it('walks a real graph: the codec itself reaches crypto-js and <tk-quotes> reaches React', () => {
    expect([...staticGraph(CODEC).packages].some((p) => p.startsWith('crypto-js'))).toBe(true);
    expect(staticGraph('src/widgets/quotes/quotes.element.ts').packages).toContain('react');
  });

  it.each([
    'src/widgets/quotes/quotes.element.ts',
    'src/widgets/auth/auth.element.ts',
    'src/core/session/session.ts',
  ])('%s does not statically reach crypto-js or the codec', (entry) => {
    const graph = staticGraph(entry);
    expect([...graph.packages].filter((p) => p.startsWith('crypto-js'))).toEqual([]);
    expect(graph.files.has(CODEC)).toBe(false);
  });

  const manifestPath = resolve(ROOT, 'dist/.vite/manifest.json');
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
        string,
        { file: string; name?: string; imports?: string[] }
      >)
    : null;
  const codecKey = manifest && Object.keys(manifest).find((key) => key.endsWith('core/codec/field-codec.ts'));

  it.skipIf(!manifest || !codecKey)('the built tk-quotes.js loads no chunk with crypto-js', () => {
    const entry = Object.keys(manifest!).find((key) => manifest![key]!.name === 'tk-quotes')!;
    const closure = new Set<string>();
    const queue = [entry];
    while (queue.length > 0) {
      const key = queue.pop()!;
      if (closure.has(key)) continue;
      closure.add(key);
      queue.push(...(manifest![key]?.imports ?? []));
    }
    expect(closure.has(codecKey!)).toBe(false);
    for (const key of closure) {
      // A string crypto-js throws with survives minification.
      const code = readFileSync(resolve(ROOT, 'dist', manifest![key]!.file), 'utf8');
      expect({ chunk: manifest![key]!.file, cryptoJs: code.includes('Malformed UTF-8 data') }).toEqual({
        chunk: manifest![key]!.file,
        cryptoJs: false,
      });
    }
    const codec = readFileSync(resolve(ROOT, 'dist', manifest![codecKey!]!.file), 'utf8');
    expect(codec.includes('Malformed UTF-8 data')).toBe(true);
  });
});
