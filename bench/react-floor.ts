// What React alone costs a page: react + react-dom/client built on their own (production, minified like our
// build, every export kept), gzip level 9. It is the floor under any React widget, whatever our chunking.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, loadConfigFromFile, type Rollup } from 'vite';

const RESULTS_DIR = resolve(import.meta.dirname, 'results');
const PROJECT_CONFIG = resolve(import.meta.dirname, '..', 'vite.config.ts');

/**
 * The scripts Vite builds of one entry's source with the host's build settings (production, the project's minifier,
 * es2022), in memory; `name` names its scratch folder under bench/results. The floors of the size and Lighthouse
 * benchmarks are built by it.
 */
export async function buildLikeHost(
  name: string,
  source: string,
  output: Rollup.OutputOptions = {},
  preserveEntrySignatures: 'strict' | false = false,
): Promise<Rollup.OutputChunk[]> {
  const workDir = join(RESULTS_DIR, name);
  mkdirSync(workDir, { recursive: true });
  const entry = join(workDir, 'entry.js');
  writeFileSync(entry, `${source}\n`);
  // Vite's production build sets NODE_ENV in this process; what the benchmark starts next (a platform) must not see it.
  const nodeEnv = process.env.NODE_ENV;
  try {
    const project = await loadConfigFromFile({ command: 'build', mode: 'production' }, PROJECT_CONFIG);
    const { minify = true, terserOptions } = project?.config.build ?? {};
    const result = await build({
      configFile: false,
      root: workDir,
      logLevel: 'silent',
      mode: 'production',
      build: {
        write: false,
        minify,
        terserOptions,
        target: 'es2022',
        rollupOptions: { input: entry, preserveEntrySignatures, output },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
    return outputs
      .flatMap((built) => built.output)
      .filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Gzip bytes of React and ReactDOM's client built alone. */
export async function reactFloorGzipBytes(): Promise<number> {
  // Both packages are CommonJS: keep their whole export objects alive, as a widget that renders would.
  const source = [
    "import * as React from 'react';",
    "import * as ReactDOMClient from 'react-dom/client';",
    'globalThis.__tkReactFloor = [React, ReactDOMClient];',
  ];
  const chunks = await buildLikeHost('.react-floor', source.join('\n'), {}, 'strict');
  return chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
}
