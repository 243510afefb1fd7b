/**
 * Which platform a page talks to (DESIGN.md embedding contract): a widget's `api` attribute, else
 * `<meta name="tk-api" content="…">`, else `window.TRADEKIT_API`, else the page's own origin.
 */

/** Read `<meta name="…" content="…">` of the page, if there is a document. */
function metaContent(name: string): string | null {
  const doc = (globalThis as { document?: Document }).document;
  return doc?.querySelector?.(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
}

function globalString(name: 'TRADEKIT_API' | 'TRADEKIT_BRAND'): string | null {
  const value = (globalThis as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}

function pageOrigin(): string | null {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && origin !== 'null' ? origin : null;
}

/** An http(s) URL without query, hash or trailing slash (a path prefix is kept), or null when invalid. */
export function normalizeOrigin(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * The platform origin: the first valid of `explicit`, the meta tag, `TRADEKIT_API` and `location.origin`.
 * An invalid setting is reported with console.warn and skipped; throws when no source gives an http(s) URL.
 */
export function resolveOrigin(explicit?: string | null): string {
  const sources: Array<[string, () => string | null]> = [
    ['api attribute', () => explicit ?? null],
    ['<meta name="tk-api">', () => metaContent('tk-api')],
    ['TRADEKIT_API', () => globalString('TRADEKIT_API')],
    ['location.origin', pageOrigin],
  ];
  for (const [name, read] of sources) {
    const raw = read();
    if (raw === null || raw.trim() === '') continue;
    const origin = normalizeOrigin(raw);
    if (origin) return origin;
    console.warn(`[tradekit] ignoring ${name} "${raw}": not an http(s) URL`);
  }
  throw new Error(
    '[tradekit] no platform origin: set the api attribute, <meta name="tk-api"> or TRADEKIT_API',
  );
}

/**
 * The brand a page asks for on a server hosting several brands: `<meta name="tk-brand">`, else
 * `window.TRADEKIT_BRAND`; null means the server's default brand.
 */
export function resolveBrand(): string | null {
  const value = (metaContent('tk-brand') ?? globalString('TRADEKIT_BRAND'))?.trim();
  return value ? value : null;
}
