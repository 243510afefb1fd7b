/**
 * The host's service worker (src/sw, issue #25) is built on its own into `<outDir>/sw.js`, after the main build:
 * one classic script (a service worker at the site's root controls the whole site, and a classic script is what
 * every browser takes), bundling its offline strings and nothing of the widgets.
 */
import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';

const ROOT = resolve(import.meta.dirname, '..');

/** Builds `src/sw/service-worker.ts` into `<outDir>/sw.js` once the main build has closed its bundle. */
export function serviceWorkerBuildPlugin(outDir: string): Plugin {
  return {
    name: 'tradekit-service-worker-build',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        build: {
          outDir,
          emptyOutDir: false,
          target: 'es2022',
          sourcemap: false,
          lib: {
            entry: resolve(ROOT, 'src/sw/service-worker.ts'),
            formats: ['iife'],
            name: 'tkServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
    },
  };
}
