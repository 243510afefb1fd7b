/**
 * Whether the viewport is no wider than `width` CSS px: then no element of the page is wider either (a phone's
 * page), which a widget may know before any layout. `matchMedia` reads no layout; without it (no browser), false.
 */
export function viewportAtMost(width: number): boolean {
  return globalThis.matchMedia?.(`(max-width: ${width}px)`).matches ?? false;
}
