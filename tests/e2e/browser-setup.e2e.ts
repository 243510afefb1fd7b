// The shared Chromium the browser files run in (tests/e2e/browser-server.ts, tests/fixtures/chromium.ts): a new
// context opens its page and nothing else. The full Chromium, headless, used to build its address bar's WebUI
// pages for every new window, in a renderer of their own that cost more CPU than the page under test (TR38); a
// Chromium that renames those features would bring them back without a word, so this file looks.
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser';

const { browser } = useBrowser();

describe('the shared Chromium', () => {
  it("opens a context with its page alone, without the address bar's own pages", async () => {
    const { context, page } = await openPage(browser(), 'desktop');
    try {
      await page.goto('about:blank');
      const cdp = await browser().newBrowserCDPSession();
      try {
        const { targetInfos } = (await cdp.send('Target.getTargets')) as {
          targetInfos: Array<{ type: string; url: string }>;
        };
        const pages = targetInfos.map(({ type, url }) => `${type} ${url}`);
        expect(pages.filter((target) => target.startsWith('browser_ui'))).toEqual([]);
        expect(pages).toContain('page about:blank');
      } finally {
        await cdp.detach();
      }
    } finally {
      await context.close();
    }
  });
});
