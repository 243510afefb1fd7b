// Vitest global setup of the e2e project: one Chromium for every browser file, which each connect to
// (tests/e2e/browser.ts). Files never share a context, so the browser holds no state from one file to the next.
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { sharedOnce } from './shared-setup';

declare module 'vitest' {
  export interface ProvidedContext {
    /** WebSocket endpoint of the shared Chromium (`chromium.connect`). */
    browserEndpoint: string;
  }
}

/** Start Chromium once for both browser projects (tests/e2e/shared-setup.ts) and provide its endpoint. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { value, release } = await sharedOnce(
    'chromium',
    // Headless, with the flags that let it run as root in a container.
    () =>
      chromium.launchServer({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-dev-shm-usage'],
      }),
    (server) => server.close(),
  );
  project.provide('browserEndpoint', value.wsEndpoint());
  return release;
}
