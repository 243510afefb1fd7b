import { toWsOrigin } from './origin';

/** What a page's policy depends on besides the fixed directives. */
export interface PagePolicyInput {
  /** The origin the runtime config hands out for the API and both sockets (`request.publicOrigin`). */
  publicOrigin: string;
  /** Per-response nonce that the page's own `<style>` elements carry (none: no inline style is allowed). */
  styleNonce?: string;
  /** Hashes (`sha256-…`, without quotes) of inline `<style>` blocks of a server-rendered page. */
  styleHashes?: readonly string[];
  /** The market socket when it is RabbitMQ's Web-STOMP on another origin (`app.config.marketWs`, RQ1). */
  marketWs?: string;
}

/** The origin of an absolute ws(s) URL, else nothing (a path is on the page's own origin). */
function socketOrigin(url: string | undefined): string[] {
  if (!url || url.startsWith('/')) return [];
  const { protocol, host } = new URL(url);
  return [`${protocol}//${host}`];
}

/**
 * The Content-Security-Policy of our HTML pages (the host, the back office, the API reference), without
 * `frame-ancestors`, which the http plugin's framing rule adds. Each directive is decided in docs/decisions.md
 * (CS2…CS9): scripts only from our origin and never inline; styles from our origin plus the nonce or hashes of
 * the page's own `<style>` elements; data and images from our and the configured public origin; workers from our
 * origin or blob: (the STOMP heart-beat and image compression workers).
 */
export function pagePolicy(input: PagePolicyInput): string {
  const api = input.publicOrigin;
  const inlineStyles = [
    ...(input.styleNonce ? [`'nonce-${input.styleNonce}'`] : []),
    ...(input.styleHashes ?? []).map((hash) => `'${hash}'`),
  ];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", ...inlineStyles]],
    ['style-src-attr', ["'none'"]],
    ['img-src', ["'self'", api, 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'", api]],
    ['connect-src', ["'self'", api, toWsOrigin(api), ...socketOrigin(input.marketWs)]],
    ['worker-src', ["'self'", 'blob:']],
    ['frame-src', ["'self'", api, 'https:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`).join('; ');
}
