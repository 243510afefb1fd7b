/**
 * The lite `<tk-quotes>` (`widgets/lite/tk-quotes.js`, decision EK14): the same widget code built on preact/compat
 * instead of React, for partners' marketing pages that show quotes and nothing else. React and ReactDOM are most
 * of a React widget's first paint (about 67 KB of its 99 KB gzip); Preact with its React layer is under 10 KB, so
 * the lite element paints first with under 40 KB.
 *
 * It is a build of its own, run when the widgets' build is written (as the host's and the back office's, TR27): the
 * React widgets' chunks never change because of it. It writes `dist/widgets/lite/tk-quotes.js`, its chunks under
 * `dist/widgets/lite/chunks/` and its manifest as `dist/.vite/lite-manifest.json`, and splits its chunks by the
 * widgets' own rules (the stack's libraries apart, the platform's first paint in one chunk, one chunk per locale
 * file), taken from the widgets' build so the two never drift apart; the `react` group becomes a `preact` one.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Alias, type Plugin } from 'vite';
import { preloadHelperPlugin } from './vite-preload-helper';
import { stripDocsPlugin } from './vite-strip-docs';

const ROOT = resolve(import.meta.dirname, '..');

/** The lite element's entry: the React build's own (src/widgets/quotes/quotes.element.ts). */
export const LITE_ENTRY = resolve(ROOT, 'src/widgets/quotes/quotes.element.ts');
/** Where the lite build writes its manifest, relative to dist/ (beside the widgets' `.vite/manifest.json`). */
export const LITE_MANIFEST = '.vite/lite-manifest.json';

/**
 * What the widget code imports of React, answered by Preact's React layer. The JSX runtimes go through
 * src/lite/jsx-runtime.ts, which adds React 19's hoisted styles (hoisted-styles.ts) before any component module
 * runs: every one of them imports it. Exact names only: `react-dom/client` must not become
 * `preact/compat/client` through the `react-dom` rule. `react-dom/test-utils` serves Testing Library in the
 * `lite` test project.
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-(?:dev-)?runtime$/, replacement: resolve(ROOT, 'src/lite/jsx-runtime.ts') },
  { find: /^react(?:-dom)?$/, replacement: 'preact/compat' },
];

/** The chunk of Preact (the core, its hooks, its React layer and ours in src/lite): the lite build's `react` group. */
const PREACT_GROUP = { name: 'preact', test: /[\\/](?:node_modules[\\/]preact|src[\\/]lite)[\\/]/ };

/** One chunking group of rolldown's `output.codeSplitting` (what the rule below copies). */
interface ChunkGroup {
  name: unknown;
  test?: unknown;
  [option: string]: unknown;
}

/** The widgets' chunk groups with the `react` group replaced by the Preact one; throws if they have none. */
export function liteChunkGroups(groups: readonly ChunkGroup[]): ChunkGroup[] {
  if (!groups.some((group) => group.name === 'react')) {
    throw new Error('The widgets build has no `react` chunk group for the lite build to replace by Preact.');
  }
  return groups.map((group) => (group.name === 'react' ? PREACT_GROUP : group));
}

/** The chunk groups of a resolved build's `output.codeSplitting`, or an empty list. */
function chunkGroupsOf(output: unknown): ChunkGroup[] {
  const first = (Array.isArray(output) ? output[0] : output) as
    { codeSplitting?: { groups?: ChunkGroup[] } | boolean } | undefined;
  const splitting = first?.codeSplitting;
  return typeof splitting === 'object' ? (splitting.groups ?? []) : [];
}

/** Builds the lite `<tk-quotes>` into `<outDir>/widgets/lite` once the widgets' build has closed its bundle. */
export function liteBuildPlugin(outDir: string): Plugin {
  let groups: ChunkGroup[] = [];
  return {
    name: 'tradekit-lite-build',
    apply: 'build',
    configResolved(config) {
      groups = chunkGroupsOf(config.build.rollupOptions.output);
    },
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        root: resolve(ROOT, 'src/widgets'),
        publicDir: false,
        // The widgets' build's own plugins: the entry drops its documentation and uses the small preload helper.
        plugins: [react(), stripDocsPlugin(), preloadHelperPlugin()],
        resolve: {
          alias: [
            ...PREACT_ALIASES,
            // The contract's schemas serve the server; the browser gets builders that answer undefined.
            { find: /^typebox$/, replacement: resolve(ROOT, 'src/core/contract/typebox-shim.ts') },
          ],
        },
        build: {
          outDir,
          // The widgets' build has just written dist/ (and emptied it first).
          emptyOutDir: false,
          manifest: LITE_MANIFEST,
          target: 'es2022',
          sourcemap: false,
          rollupOptions: {
            input: { 'tk-quotes': LITE_ENTRY },
            output: {
              entryFileNames: 'widgets/lite/[name].js',
              chunkFileNames: 'widgets/lite/chunks/[name]-[hash].js',
              codeSplitting: { groups: liteChunkGroups(groups) as never },
            },
          },
        },
        experimental: {
          // Partners' pages are on other origins: chunks resolve against the module URL, as the widgets' do.
          renderBuiltUrl: () => ({ relative: true }),
        },
      });
    },
  };
}
