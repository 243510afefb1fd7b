import { readdirSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { backofficeBuildPlugin } from './scripts/vite-backoffice';
import { embedBuildPlugin } from './scripts/vite-embed';
import { precompressPlugin } from './scripts/vite-precompress';
import { CSP_NONCE_PLACEHOLDER } from './src/core/contract/csp';
import { hostBuildPlugin, localeFileOf } from './scripts/vite-host';
import { liteBuildPlugin } from './scripts/vite-lite';
import { preloadHelperPlugin } from './scripts/vite-preload-helper';
import { stripDocsPlugin } from './scripts/vite-strip-docs';
import { serviceWorkerBuildPlugin } from './scripts/vite-sw';

const widgetsDir = resolve(import.meta.dirname, 'src/widgets');
const outDir = resolve(import.meta.dirname, 'dist');

/** One input per widget: src/widgets/<name>/<name>.element.ts becomes widgets/tk-<name>.js. */
function widgetInputs(): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const name of readdirSync(widgetsDir)) {
    const entry = resolve(widgetsDir, name, `${name}.element.ts`);
    if (!name.startsWith('_') && existsSync(entry)) inputs[`tk-${name}`] = entry;
  }
  return inputs;
}

/** The chunk of a locale file in the widgets: one per file; null for any other module. */
function localeChunk(id: string): string | null {
  const file = localeFileOf(id);
  if (!file) return null;
  return file.namespace === 'codes' ? `codes-${file.lang}` : `strings-${file.lang}-${file.namespace}`;
}

/**
 * The modules of the platform's first paint (src/core/runtime/platform.ts and what it imports statically) and the
 * parts every widget renders with: the hooks it reads the platform and writes its outputs and part CSS through,
 * its root element, the shared CSS, the connection banner and the host-state hook (a widget that shows neither pays
 * about 0.7 KB for them, less than each separate chunk costs the widgets that do).
 */
const PLATFORM_MODULES =
  /(?:[\\/]src[\\/]core[\\/](?:runtime[\\/](?:platform|page-singleton)|config[\\/](?:runtime-config|origin)|i18n[\\/](?:i18n|language)|state[\\/](?:atoms|store)|feeds[\\/](?:reconnect-policy|lazy-market-feed)|api[\\/]lazy-api-client|contract[\\/](?:paths|languages|types))\.ts|[\\/]src[\\/]widgets[\\/]_shared[\\/](?:use-t\.ts|platform-context\.tsx|widget-host\.tsx|events\.ts|widget-root\.tsx|styles\.ts|theme-tokens\.ts|connection-banner\.tsx|host-state\.ts)|vite[\\/]preload-helper\.js)$/;

export default defineConfig({
  root: resolve(import.meta.dirname, 'src/host'),
  publicDir: resolve(import.meta.dirname, 'public'),
  // This build is the widgets'. The host (/), the back office (/backoffice) and the partners' configurator (/embed)
  // are builds of their own, run when this one is written (scripts/vite-host.ts, vite-backoffice.ts, vite-embed.ts;
  // TR27, EK3).
  plugins: [
    react(),
    stripDocsPlugin(),
    preloadHelperPlugin(),
    hostBuildPlugin(outDir),
    backofficeBuildPlugin(outDir),
    embedBuildPlugin(outDir),
    // The lite tk-quotes on Preact (widgets/lite/, EK14).
    liteBuildPlugin(outDir),
    // The host's service worker, /sw.js (push, offline page).
    serviceWorkerBuildPlugin(outDir),
    // Last, once the host, the back office and the configurator are written too (EK2).
    precompressPlugin(outDir),
  ],
  // Schemas of the contract serve the server, OpenAPI and tests; browser bundles get builders that answer
  // undefined (src/core/contract/typebox-shim.ts), so a widget pays only for the endpoint fields it reads.
  resolve: { alias: { typebox: resolve(import.meta.dirname, 'src/core/contract/typebox-shim.ts') } },
  // The server puts a fresh nonce in place of the placeholder on each page response (CS3): the dev server's page.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      input: widgetInputs(),
      output: {
        entryFileNames: 'widgets/[name].js',
        chunkFileNames: 'widgets/chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // Third-party libraries change far less often than our code: each gets a chunk of its own that every
        // widget shares, so a widget release leaves them cached and each cost is measurable alone
        // (bench/quotes-size.ts). React first: it is most of every widget's weight. Each locale file is a
        // chunk too (`strings-<lang>-<namespace>`, `codes-<lang>`): a text fix does not invalidate the code, a
        // widget's entry loads English common and its own namespace only, other languages load on demand.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'i18next', test: /[\\/]node_modules[\\/]i18next[\\/]/ },
            { name: 'stomp', test: /[\\/]node_modules[\\/]@stomp[\\/]stompjs[\\/]/ },
            { name: 'jotai', test: /[\\/]node_modules[\\/]jotai[\\/]/ },
            // The page's platform as every widget's first paint holds it, in one chunk: left to itself the
            // bundler splits off each small module a lazy chunk also imports (a few hundred bytes of gzip each).
            { name: 'platform', test: PLATFORM_MODULES },
            // Decimal money and its formatting load together: a widget that computes without formatting
            // (the cashier forms) would otherwise split them and add a chunk to every first paint.
            { name: 'format', test: /[\\/]src[\\/]core[\\/]domain[\\/](decimal|format)\.ts$/ },
            // One chunk per locale file; server-code messages are named apart, they load only when a call fails.
            // Ahead of the platform group, which would otherwise take English common in with i18n.ts.
            { debugName: 'locales', name: localeChunk, priority: 1 },
          ],
        },
      },
    },
  },
  experimental: {
    // Widgets run on brand pages of other origins: chunks they load must resolve against the module URL,
    // while the host's HTML (served at any route depth) needs absolute URLs.
    renderBuiltUrl(filename, { hostType }) {
      if (hostType === 'js') return { relative: true };
      return `/${filename}`;
    },
  },
  server: { port: 5173 },
});
