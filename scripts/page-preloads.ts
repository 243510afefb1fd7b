/**
 * The page's code named in the HTML (EK55): the host's build writes `page-preloads.json` beside index.html, one
 * entry per route of the table in its order (its path and aliases, the scripts and styles of its page beyond
 * what index.html loads already), and the server puts them in the page it sends for a path as
 * `<link rel="modulepreload">` and `<link rel="preload" as="style">`.
 *
 * Before, the page's code started loading once the host's script had run and its start-up had rendered: the
 * browser learnt of it a network round trip late, and the preload helper added a link element per file inside
 * a task of the start-up (3–20 ms on this machine). Named in the HTML, the browser fetches it beside the host's
 * script and the helper finds the links there and adds none.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { PAGE_PRELOADS_FILE, type PagePreload } from '../src/core/contract/route-pattern';
import { ROUTES, type RouteDef } from '../src/host/routing/routes';

/** What the build reads of a bundle's chunk. */
export interface BundleChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: readonly string[];
  moduleIds?: readonly string[];
  viteMetadata?: { importedCss?: ReadonlySet<string> };
}

/** The chunk's file and the files it imports statically, transitively, in a stable order (the chunk first). */
function closure(start: string, chunks: ReadonlyMap<string, BundleChunk>): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of chunks.get(file)?.imports ?? []) visit(next);
  };
  visit(start);
  return [...seen];
}

const cssOf = (files: readonly string[], chunks: ReadonlyMap<string, BundleChunk>) =>
  files.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);

/**
 * Every route of `routes` in order, with the scripts and styles its page loads beyond the entry's own. A built
 * route whose page is in no chunk throws: the build would otherwise ship a page the server cannot name.
 */
export function pagePreloads(
  bundle: Readonly<Record<string, BundleChunk>>,
  routes: readonly RouteDef[],
  pagesDir: string,
): PagePreload[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((item) => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  if (entries.length !== 1)
    throw new Error(`page preloads: expected one entry chunk, found ${entries.length}`);
  const loaded = new Set(closure(entries[0]!.fileName, chunks));
  const loadedCss = new Set(cssOf([...loaded], chunks));
  return routes.map((route) => {
    const patterns = [route.path, ...(route.aliases ?? [])];
    if (!route.built || !route.page) return { patterns, scripts: [], styles: [] };
    const module = resolve(pagesDir, `${route.page.split('#')[0]}.tsx`);
    // Its own chunk, or the chunk its module went into (a page the first load holds: nothing more to load).
    const page =
      [...chunks.values()].find((chunk) => chunk.facadeModuleId === module) ??
      [...chunks.values()].find((chunk) => chunk.moduleIds?.includes(module));
    if (!page) throw new Error(`page preloads: no chunk holds ${route.name}'s page ${module}`);
    const files = closure(page.fileName, chunks);
    return {
      patterns,
      scripts: files.filter((file) => !loaded.has(file)),
      styles: [...new Set(cssOf(files, chunks))].filter((file) => !loadedCss.has(file)),
    };
  });
}

/** Writes `page-preloads.json` into the host's build (scripts/vite-host.ts). */
export function pagePreloadsPlugin(root: string): Plugin {
  return {
    name: 'tradekit-page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const routes = pagePreloads(
        bundle as unknown as Record<string, BundleChunk>,
        ROUTES,
        resolve(root, 'src/host/pages'),
      );
      this.emitFile({
        type: 'asset',
        fileName: PAGE_PRELOADS_FILE,
        source: JSON.stringify({ routes }),
      });
    },
  };
}
