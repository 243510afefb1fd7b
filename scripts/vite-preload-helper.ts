/**
 * Vite build plugin: a smaller helper behind every dynamic `import()` of the browser build. Vite wraps each one
 * as `__vitePreload(() => import(chunk), deps, import.meta.url)` so the chunks the imported chunk needs are
 * fetched in parallel with it. Its own helper (1.2 KB gzip, in every widget's first paint) also loads CSS
 * files and waits for them; the widgets inline their CSS (`?inline`), so no dependency is ever a CSS file and
 * the helper reduces to: add one `<link rel="modulepreload">` per dependency not yet asked for (resolved
 * against the importing module, so a widget on a brand page of another origin preloads from its own origin;
 * with the page's CSP nonce, as Vite's helper does), then import. A failed import is reported as
 * `vite:preloadError` on window and rethrown unless a listener prevents it, like Vite's helper.
 */
import type { Plugin } from 'vite';

/** The id Vite gives its preload helper module. */
export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/** The helper's source: exports `__vitePreload(load, deps, importerUrl)` as Vite's helper does. */
export const PRELOAD_HELPER_CODE = `const seen = new Set();
export const __vitePreload = (load, deps, importerUrl) => {
  if (deps && deps.length > 0) {
    const nonce = document.querySelector('meta[property=csp-nonce]');
    const value = nonce && (nonce.nonce || nonce.getAttribute('nonce'));
    for (const dep of deps) {
      const href = new URL(dep, importerUrl).href;
      if (seen.has(href)) continue;
      seen.add(href);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      if (value) link.setAttribute('nonce', value);
      document.head.appendChild(link);
    }
  }
  return load().catch((error) => {
    const event = new Event('vite:preloadError', { cancelable: true });
    event.payload = error;
    window.dispatchEvent(event);
    if (!event.defaultPrevented) throw error;
  });
};
`;

/** Serve PRELOAD_HELPER_CODE for Vite's preload helper module (build only). */
export function preloadHelperPlugin(): Plugin {
  return {
    name: 'tradekit:preload-helper',
    apply: 'build',
    enforce: 'pre',
    load: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: (id) => (id === PRELOAD_HELPER_ID ? PRELOAD_HELPER_CODE : null),
    },
  };
}
