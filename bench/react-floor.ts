// What React alone costs a page: react + react-dom/client built on their own (production, minified like our
// build, every export kept), gzip level 9. It is the floor under any React widget, whatever our chunking.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, loadConfigFromFile, type Rollup } from 'vite';

const WORK_DIR = resolve(import.meta.dirname, 'results', '.react-floor');
const PROJECT_CONFIG = resolve(import.meta.dirname, '..', 'vite.config.ts');

/** Gzip bytes of React and ReactDOM's client built alone. */
export async function reactFloorGzipBytes(): Promise<number> {
  mkdirSync(WORK_DIR, { recursive: true });
  const entry = join(WORK_DIR, 'entry.js');
  // Both packages are CommonJS: keep their whole export objects alive, as a widget that renders would.
  const source = [
    "import * as React from 'react';",
    "import * as ReactDOMClient from 'react-dom/client';",
    'globalThis.__tkReactFloor = [React, ReactDOMClient];',
  ];
  writeFileSync(entry, `${source.join('\n')}\n`);
  const project = await loadConfigFromFile({ command: 'build', mode: 'production' }, PROJECT_CONFIG);
  const { minify = true, terserOptions } = project?.config.build ?? {};
  const result = await build({
    configFile: false,
    root: WORK_DIR,
    logLevel: 'silent',
    mode: 'production',
    build: {
      write: false,
      minify,
      terserOptions,
      target: 'es2022',
      rollupOptions: { input: entry, preserveEntrySignatures: 'strict' },
    },
  });
  rmSync(WORK_DIR, { recursive: true, force: true });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs
    .flatMap((output) => output.output)
    .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
    .reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
}
