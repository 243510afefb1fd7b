/**
 * The partners' widget configurator (`/embed`, src/embed) is built on its own, after the main build has written
 * dist/, as the back office is (BO9, TR27): it bundles the widgets' metadata and nothing else of theirs, so no
 * widget's chunks change because of it, and its preview loads the built widgets from `/widgets/` as a partner
 * page does (EK3). It gets its own copy of React under dist/embed/.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from '../src/core/contract/csp';

const ROOT = resolve(import.meta.dirname, '..');

/** Builds the configurator into `<outDir>/embed` once the main build has closed its bundle. */
export function embedBuildPlugin(outDir: string): Plugin {
  return {
    name: 'tradekit-embed-build',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        root: resolve(ROOT, 'src/embed'),
        base: '/embed/',
        publicDir: false,
        plugins: [react()],
        // The contract's schemas serve the server; the browser gets builders that answer undefined.
        resolve: { alias: { typebox: resolve(ROOT, 'src/core/contract/typebox-shim.ts') } },
        // Replaced by a fresh nonce on each page response, as the host's (CS3).
        html: { cspNonce: CSP_NONCE_PLACEHOLDER },
        build: {
          outDir: resolve(outDir, 'embed'),
          emptyOutDir: true,
          target: 'es2022',
          sourcemap: false,
        },
      });
    },
  };
}
