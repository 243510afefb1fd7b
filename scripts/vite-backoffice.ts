/**
 * The back-office site (`/backoffice`, src/backoffice) is built on its own, after the main build (host and
 * widgets) has written dist/: its modules then never change how the widgets' code is split into chunks, so no
 * widget's first paint grows because the operators' site shares some of its code. It gets its own copies of
 * React and the shared code under dist/backoffice/ (operators load one page; the size goals are the widgets').
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from '../src/core/contract/csp';

const ROOT = resolve(import.meta.dirname, '..');

/** Builds the back office into `<outDir>/backoffice` once the main build has closed its bundle. */
export function backofficeBuildPlugin(outDir: string): Plugin {
  return {
    name: 'tradekit-backoffice-build',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        root: resolve(ROOT, 'src/backoffice'),
        base: '/backoffice/',
        publicDir: false,
        plugins: [react()],
        // The contract's schemas serve the server; the browser gets builders that answer undefined.
        resolve: { alias: { typebox: resolve(ROOT, 'src/core/contract/typebox-shim.ts') } },
        // Replaced by a fresh nonce on each page response, as the host's (CS3).
        html: { cspNonce: CSP_NONCE_PLACEHOLDER },
        build: {
          outDir: resolve(outDir, 'backoffice'),
          emptyOutDir: true,
          target: 'es2022',
          sourcemap: false,
        },
      });
    },
  };
}
