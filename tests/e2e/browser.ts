// One Chromium per test file, one context per viewport, screenshots under test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** The two viewports every host page is checked in. */
export const VIEWPORTS = {
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1440, height: 900 } },
} satisfies Record<string, BrowserContextOptions>;

export type ViewportName = keyof typeof VIEWPORTS;

const SCREENSHOT_DIR = resolve(import.meta.dirname, '..', '..', 'test-results', 'screenshots');

/** Launch Chromium headless with the flags that let it run as root in a container. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

/** Registers beforeAll/afterAll for one browser per file; call `browser()` inside tests. */
export function useBrowser(): { browser: () => Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser: () => {
      if (!browser) throw new Error('The browser is not started yet.');
      return browser;
    },
  };
}

/** A fresh context and page in a viewport; page errors and failed requests are echoed to help debugging. */
export async function openPage(
  browser: Browser,
  viewport: ViewportName,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], locale: 'en-US', ...options });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`[console] ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) console.error(`[http ${response.status()}] ${response.url()}`);
  });
  return { context, page };
}

/** Save `test-results/screenshots/<name>-<viewport>.png` and return its path. */
export async function screenshot(page: Page, name: string, viewport: ViewportName): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}-${viewport}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}
