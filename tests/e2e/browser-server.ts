// Vitest global setup of both browser projects: one Chromium for every browser file, which each connect to
// (tests/e2e/browser.ts). Files never share a context, so the browser holds no state from one file to the next.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../fixtures/chromium';
import { sharedSetup } from './shared-setup';

declare module 'vitest' {
  export interface ProvidedContext {
    /** WebSocket endpoint of the shared Chromium (`chromium.connect`). */
    browserEndpoint: string;
  }
}

/** Start Chromium once for both browser projects and provide its endpoint; the returned function stops it. */
export default sharedSetup('chromium', async () => {
  // Headless, with the flags that let it run as root in a container.
  const server = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--disable-gpu', '--disable-dev-shm-usage'],
  });
  return { provided: { browserEndpoint: server.wsEndpoint() }, stop: () => server.close() };
});
