/**
 * Vite build plugin: a smaller helper behind every dynamic `import()` of the browser build. Vite wraps each one
 * as `__vitePreload(() => import(chunk), deps, import.meta.url)` so the chunks the imported chunk needs are
 * fetched in parallel with it. Its own helper (1.2 KB gzip, in every widget's first paint) also loads CSS
 * files and waits for them; the widgets inline their CSS (`?inline`), so no dependency is ever a CSS file and
 * the helper reduces to: add one `<link rel="modulepreload">` per dependency not yet asked for (resolved
 * against the importing module, so a widget on a brand page of another origin preloads from its own origin;
 * with the page's CSP nonce, as Vite's helper does), then import. A failed import is reported as
 * `vite:preloadError` on window and rethrown unless a listener prevents it, like Vite's helper.
 *
 * Vite lists as dependencies of a dynamic import every chunk the imported chunk needs, also those the importing
 * chunk itself imports statically: those ran before the `import()` can, so preloading them does nothing but
 * each name costs the importing chunk bytes (React, i18next and the platform in every widget entry's table of
 * lazy loaders). The plugin drops them (`build.modulePreload.resolveDependencies`).
 */
import type { OutputBundle } from 'rolldown';
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

/** The chunks `fileName` imports statically, directly or through others (itself included). */
export function staticClosure(bundle: OutputBundle, fileName: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
  };
  visit(fileName);
  return seen;
}

/**
 * The preload dependencies of the dynamic import of `file` in `hostId` worth listing: those the importing chunk
 * does not already load statically, none when only `file` itself is left (the import fetches it anyway); all of
 * them when the bundle is unknown.
 */
export function dependenciesToPreload(
  bundle: OutputBundle | undefined,
  file: string,
  deps: readonly string[],
  hostId: string,
): string[] {
  if (!bundle || !(hostId in bundle)) return [...deps];
  const loaded = staticClosure(bundle, hostId);
  const left = deps.filter((dep) => !loaded.has(dep));
  return left.length === 1 && left[0] === file ? [] : left;
}

/** Serve PRELOAD_HELPER_CODE for Vite's preload helper module and prune its dependency lists (build only). */
export function preloadHelperPlugin(): Plugin {
  // The bundle being written, seen before Vite's import analysis lists the dependencies of each import().
  let bundle: OutputBundle | undefined;
  return {
    name: 'tradekit:preload-helper',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (file, deps, { hostId, hostType }) =>
            hostType === 'js' ? dependenciesToPreload(bundle, file, deps, hostId) : deps,
        },
      },
    }),
    load: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: (id) => (id === PRELOAD_HELPER_ID ? PRELOAD_HELPER_CODE : null),
    },
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };
}
