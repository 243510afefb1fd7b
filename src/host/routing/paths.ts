/** Paths of the parameterised routes, built in one place so every link encodes the symbol alike. */

/** `/{symbol}/chart`. */
export function chartPath(symbol: string): string {
  return `/${encodeURIComponent(symbol)}/chart`;
}

/** `/{symbol}/place?direction=0|1` (0 buy, 1 sell). */
export function placePath(symbol: string, direction: 0 | 1): string {
  return `/${encodeURIComponent(symbol)}/place?direction=${direction}`;
}

/** The symbol of a route parameter as the platform spells symbols (upper case, trimmed). */
export function normalizeSymbol(param: string | undefined): string {
  return (param ?? '').trim().toUpperCase();
}

/** The side a `direction` query names (0 buy, 1 sell); null for anything else, which leaves the page. */
export function placeDirection(query: string | undefined): 0 | 1 | null {
  return query === '0' ? 0 : query === '1' ? 1 : null;
}
