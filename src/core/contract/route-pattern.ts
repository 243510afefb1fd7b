/**
 * The site's address patterns (`/:symbol/chart`): how a path is matched against one. Shared by the host's
 * route table (src/host/routing/resolve.ts) and the server, which names a page's code in the HTML it sends for
 * that path (EK55).
 */

/** A path's non-empty segments. */
export function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((s) => s !== '');
}

/**
 * The params of `segments` under `pattern` (`:name` takes any one segment, decoded; other segments match
 * without regard to case); null when they do not match or a segment does not decode.
 */
export function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = splitPath(pattern);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const segment = segments[i] as string;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        return null;
      }
    } else if (part.toLowerCase() !== segment.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/**
 * The first of `items` one of whose patterns (`patternsOf`) matches `pathname`, with its params; null when none
 * does. The host's route table and the server's page preloads (EK55) both match this way.
 */
export function firstMatch<T>(
  items: readonly T[],
  patternsOf: (item: T) => readonly string[],
  pathname: string,
): { item: T; params: Record<string, string> } | null {
  const segments = splitPath(pathname);
  for (const item of items)
    for (const pattern of patternsOf(item)) {
      const params = matchPattern(pattern, segments);
      if (params) return { item, params };
    }
  return null;
}

/** The file the host's build writes beside index.html: each route's page code, in the table's order (EK55). */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/** One route of `page-preloads.json`: the patterns it answers and its page's files under dist/ (`assets/…`). */
export interface PagePreload {
  patterns: string[];
  scripts: string[];
  styles: string[];
}
