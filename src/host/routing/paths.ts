/** Paths of the parameterised routes, built in one place so every link encodes the symbol alike. */

/** `/{symbol}/chart`. */
export function chartPath(symbol: string): string {
  return `/${encodeURIComponent(symbol)}/chart`;
}

/** `/{symbol}/place?direction=0|1` (0 buy, 1 sell). */
export function placePath(symbol: string, direction: 0 | 1): string {
  return `/${encodeURIComponent(symbol)}/place?direction=${direction}`;
}

/** `/{symbol}/placeOption?direction=0|1` (0 up, 1 down): the option order form. */
export function placeOptionPath(symbol: string, direction: 0 | 1): string {
  return `/${encodeURIComponent(symbol)}/placeOption?direction=${direction}`;
}

/** The order form of the trade mode: `place` in market mode, `placeOption` in option mode. */
export function tradePath(mode: 'market' | 'option', symbol: string, direction: 0 | 1): string {
  return mode === 'option' ? placeOptionPath(symbol, direction) : placePath(symbol, direction);
}

/** The symbol of a route parameter as the platform spells symbols (upper case, trimmed). */
export function normalizeSymbol(param: string | undefined): string {
  return (param ?? '').trim().toUpperCase();
}

/** The side a `direction` query names (0 buy, 1 sell); null for anything else, which leaves the page. */
export function placeDirection(query: string | undefined): 0 | 1 | null {
  return query === '0' ? 0 : query === '1' ? 1 : null;
}
