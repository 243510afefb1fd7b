/**
 * The page's code named in the host's HTML (EK55): the build's `page-preloads.json` lists, per route of the
 * host's table in its order, the scripts and styles of its page beyond what index.html loads. The page sent for
 * a path gets them as `<link rel="modulepreload">` and `<link rel="preload" as="style">` (with the response's
 * nonce), so the browser fetches them beside the host's script, and the host's preload helper, finding the
 * links, adds none in its start-up.
 */
import { readFile, stat } from 'node:fs/promises';
import { firstMatch, type PagePreload } from '../../../src/core/contract/route-pattern';

/** A built file's path as the build writes it: nothing that could leave `assets/` or break an attribute. */
const ASSET = /^assets\/[\w.-]+\.(?:js|css)$/;

/** The routes of a `page-preloads.json` text; entries not of its shape, or files not of ASSET's, are left out. */
export function parsePagePreloads(text: string): PagePreload[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  const routes = (data as { routes?: unknown })?.routes;
  if (!Array.isArray(routes)) return [];
  const strings = (list: unknown, only?: RegExp): string[] =>
    Array.isArray(list)
      ? list.filter((item): item is string => typeof item === 'string' && (!only || only.test(item)))
      : [];
  return routes.map((route: Partial<Record<keyof PagePreload, unknown>> | null) => ({
    patterns: strings(route?.patterns),
    scripts: strings(route?.scripts, ASSET),
    styles: strings(route?.styles, ASSET),
  }));
}

/** The link elements of the first route that `pathname` matches (as the host's table matches it); '' if none. */
export function preloadLinks(routes: readonly PagePreload[], pathname: string, nonce: string): string {
  const route = firstMatch(routes, (entry) => entry.patterns, pathname)?.item;
  if (!route) return '';
  const attrs = `crossorigin nonce="${nonce}"`;
  return [
    ...route.scripts.map((file) => `<link rel="modulepreload" href="/${file}" ${attrs}>`),
    ...route.styles.map((file) => `<link rel="preload" as="style" href="/${file}" ${attrs}>`),
  ].join('');
}

/**
 * Reads `path` (the build's file) when its size or time changed, as the pages themselves are read; a missing
 * or unreadable file is no routes (a build before EK55, or none).
 */
export function pagePreloadsReader(path: string): () => Promise<PagePreload[]> {
  let cached: { mtimeMs: number; size: number; routes: PagePreload[] } | null = null;
  return async () => {
    const info = await stat(path).catch(() => null);
    if (!info) return [];
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.routes;
    const text = await readFile(path, 'utf8').catch(() => '');
    cached = { mtimeMs: info.mtimeMs, size: info.size, routes: parsePagePreloads(text) };
    return cached.routes;
  };
}
