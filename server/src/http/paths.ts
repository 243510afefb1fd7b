/** Roots of the JSON services (and their sockets): an unknown path under them is an API 404, never the SPA. */
const API_ROOTS = ['/v1', '/market', '/exchange', '/admin', '/market-ws', '/exchange-ws', '/dev'];

/** True when `url` (path, optionally with a query) belongs to an API root. */
export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return API_ROOTS.some((root) => path === root || path.startsWith(`${root}/`));
}
