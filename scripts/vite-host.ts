/**
 * The reference host (`/`, src/host) is built on its own, after the widgets' build has written dist/ (TR27).
 *
 * The widgets' build splits their code finely so that a partner's page loads only what its widgets paint first
 * (the size budgets). Built with them, the host paid for that: a cold load of `/` asked for 122 scripts, and
 * each request costs the browser, the server and the network more than its bytes. The host is one site that
 * paints much of its code at once, so its own build puts the code of its first load in a few chunks: `vendor`
 * (the libraries), `app` (our code), one chunk of strings per language, one of server messages per language.
 * The libraries it needs only on some screens (the chart engine, photo conversion, phone numbers), the modules
 * that import them and the pages' own code (a chunk per page and what only pages use, loaded with its page: EK19) stay lazy chunks of
 * their own. The host then never changes how the widgets' chunks are cut, nor they the host's.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from '../src/core/contract/csp';
import { pagePreloadsPlugin } from './page-preloads';
import { stripDocsPlugin } from './vite-strip-docs';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * Libraries the host loads when a screen needs them, not in its first load. libphonenumber-js (the phone field's
 * country rules, 195 KB minified with its full metadata) was a third of the lazy code inside `app` (EK16).
 */
const LAZY_LIBRARIES =
  /[\\/]node_modules[\\/](?:klinecharts|heic-to|browser-image-compression|libphonenumber-js)[\\/]/;

/** The module whose dynamic imports are the pages, one chunk each (EK19). */
const PAGE_REGISTRY = /[\\/]src[\\/]host[\\/]pages[\\/]registry\.ts$/;

/**
 * The modules whose dynamic imports are code the first load does not run: the pages, and the desktop shell,
 * loaded only where it shows (EK28). The desktop shell is no page: what it shares with one page goes with the
 * bundler's own split, not into the pages' common chunk, which a phone's first page loads.
 */
const SPLIT_POINTS = /[\\/]src[\\/]host[\\/](?:pages[\\/]registry|shells[\\/]desktop-loader)\.ts$/;

/** A library's module. */
const LIBRARY = /[\\/]node_modules[\\/]/;

/** A widget's own module (not `_shared`). */
const WIDGET = /[\\/]src[\\/]widgets[\\/](?!_shared[\\/])[\w-]+[\\/]/;

/** What the chunking rule may ask of a module (rolldown's ModuleInfo). */
interface ModuleGraph {
  getModuleInfo(id: string): {
    importedIds: readonly string[];
    importers: readonly string[];
    dynamicImporters: readonly string[];
    isEntry: boolean;
  } | null;
}

/** The language and namespace of a locale file `src/core/i18n/locales/<lang>/<namespace>.json`; null for others. */
export function localeFileOf(id: string): { lang: string; namespace: string } | null {
  const match = /[\\/]src[\\/]core[\\/]i18n[\\/]locales[\\/]([\w-]+)[\\/]([\w-]+)\.json$/.exec(id);
  return match ? { lang: match[1]!, namespace: match[2]! } : null;
}

/** The chunk of a locale file in the host: all of a language's strings together, its server messages apart. */
export function hostLocaleChunk(id: string): string | null {
  const file = localeFileOf(id);
  if (!file) return null;
  return file.namespace === 'codes' ? `codes-${file.lang}` : `strings-${file.lang}`;
}

/**
 * A walk of the module graph from `id` along `next`: true as soon as a module reached is `found` (or known to
 * lead to one), remembered for `id`; else false, remembered for every module reached (nothing below them leads to
 * one). `known` keeps the answers from one module to the next.
 */
function cachedWalk(
  known: Map<string, boolean>,
  id: string,
  found: (id: string) => boolean,
  next: (id: string) => readonly string[],
): boolean {
  const answer = known.get(id);
  if (answer !== undefined) return answer;
  const seen = new Set([id]);
  const queue = [id];
  for (let at = queue.pop(); at !== undefined; at = queue.pop()) {
    if (found(at) || known.get(at) === true) {
      // Every module on the way is reached as well, but the walk kept no path: only `id` is remembered.
      known.set(id, true);
      return true;
    }
    for (const step of next(at)) {
      if (!seen.has(step) && known.get(step) !== false) {
        seen.add(step);
        queue.push(step);
      }
    }
  }
  for (const reached of seen) known.set(reached, false);
  return false;
}

/**
 * The host's chunk of a module: `vendor` or `app` for what the first load runs, or null (the bundler's own
 * split) for a lazy library, for every module that imports one statically, directly or through others, and for
 * the code only the pages' own chunks reach (EK19: each page module is a dynamic import of pages/registry.ts;
 * put in `app`, every page's code would load on every first visit again), and the desktop shell's (EK28).
 */
export function hostChunkRule(): (id: string, graph: ModuleGraph) => string | null {
  const firstLoad = new Map<string, boolean>();
  /**
   * A walk up the importers of `id`: whether an entry reaches it other than through a page (the registry's
   * dynamic imports). The lazy modules of the core that every start needs (the market feed, the API client)
   * stay in `app`, as before: a chunk of their own would be one more request on every first load.
   */
  const inFirstLoad = (id: string, graph: ModuleGraph): boolean =>
    cachedWalk(
      firstLoad,
      id,
      (next) => Boolean(graph.getModuleInfo(next)?.isEntry),
      (next) => {
        const info = graph.getModuleInfo(next);
        return [
          ...(info?.importers ?? []),
          ...(info?.dynamicImporters ?? []).filter((importer) => !SPLIT_POINTS.test(importer)),
        ];
      },
    );
  const lazy = new Map<string, boolean>();
  /** A walk of the static imports from `id`: found a lazy library, or every module it reached needs none. */
  const needsLazyLibrary = (id: string, graph: ModuleGraph): boolean =>
    cachedWalk(
      lazy,
      id,
      // A library's file imported as a URL (`?url`: the image worker's script) is a string, not its code.
      (next) => LAZY_LIBRARIES.test(next) && !next.endsWith('?url'),
      (next) => graph.getModuleInfo(next)?.importedIds ?? [],
    );
  /**
   * The split roots whose code reaches `id`, up its importers: the pages (modules the registry imports
   * dynamically) and the desktop shell (EK28), counted apart.
   */
  const rootsReaching = (id: string, graph: ModuleGraph): { pages: number; roots: number } => {
    const pages = new Set<string>();
    const roots = new Set<string>();
    const seen = new Set([id]);
    const queue = [id];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const info = graph.getModuleInfo(next);
      if (info?.dynamicImporters.some((importer) => SPLIT_POINTS.test(importer))) roots.add(next);
      if (info?.dynamicImporters.some((importer) => PAGE_REGISTRY.test(importer))) pages.add(next);
      for (const importer of [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])]) {
        if (!seen.has(importer) && !SPLIT_POINTS.test(importer)) {
          seen.add(importer);
          queue.push(importer);
        }
      }
    }
    return { pages: pages.size, roots: roots.size };
  };
  return (id, graph) => {
    if (needsLazyLibrary(id, graph)) return null;
    if (!inFirstLoad(id, graph)) {
      // What one page alone uses goes with it; what several share, in one chunk of the pages' common code
      // (the bundler would cut a chunk for every combination of pages: 8 scripts for the home page). The
      // desktop shell counts as one of them for our small shared modules, not for a widget or library it
      // shares with one page: that would bring the chart, the order forms and the lists into every page.
      const { pages, roots } = rootsReaching(id, graph);
      if (LIBRARY.test(id)) return null;
      return (WIDGET.test(id) ? pages : roots) > 1 ? 'pages' : null;
    }
    // A `?url` module is our string of a library file's address: ours, beside its importer.
    return LIBRARY.test(id) && !id.endsWith('?url') ? 'vendor' : 'app';
  };
}

/** Builds the host into `<outDir>` (index.html and assets/) once the widgets' build has closed its bundle. */
export function hostBuildPlugin(outDir: string): Plugin {
  return {
    name: 'tradekit-host-build',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        root: resolve(ROOT, 'src/host'),
        publicDir: false,
        // page-preloads.json: the server names a path's page code in its HTML (EK55).
        plugins: [react(), stripDocsPlugin(), pagePreloadsPlugin(ROOT)],
        // The contract's schemas serve the server; the browser gets builders that answer undefined.
        resolve: { alias: { typebox: resolve(ROOT, 'src/core/contract/typebox-shim.ts') } },
        // The server puts a fresh nonce in place of the placeholder on each page response (CS3).
        html: { cspNonce: CSP_NONCE_PLACEHOLDER },
        build: {
          outDir,
          // The widgets' build has just written dist/ (and emptied it first).
          emptyOutDir: false,
          target: 'es2022',
          sourcemap: false,
          // TK_BENCH_NO_MINIFY=1 keeps names readable for a profile of the host's pages (as the benches' pages).
          ...(process.env.TK_BENCH_NO_MINIFY ? { minify: false } : {}),
          rollupOptions: {
            input: { host: resolve(ROOT, 'src/host/index.html') },
            output: {
              entryFileNames: 'assets/[name]-[hash].js',
              chunkFileNames: 'assets/[name]-[hash].js',
              assetFileNames: 'assets/[name]-[hash][extname]',
              codeSplitting: {
                groups: [
                  { name: hostLocaleChunk, priority: 2 },
                  { name: hostChunkRule(), priority: 1 },
                ],
              },
            },
          },
        },
      });
    },
  };
}
