// Issue #22 (BH1): one server, several brand domains. A browser that reaches the server on a brand's host name
// gets that brand's site, with nothing in the address but the name (the seeded `*.localhost` names reach the
// loopback in Chromium without DNS).
import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot, useBrowser } from './browser';

const baseUrl = new URL(inject('baseUrl'));
const { browser } = useBrowser();

describe('a brand chosen by its host name', () => {
  it('shows Aurora on aurora.localhost and Meridian on meridian.localhost', async () => {
    const { context, page } = await openPage(browser(), 'mobile');
    try {
      for (const [host, title, theme] of [
        ['aurora.localhost', 'Aurora Markets', 'dark'],
        ['meridian.localhost', 'Meridian Options', 'light'],
      ] as const) {
        await page.goto(`http://${host}:${baseUrl.port}/`);
        await page.getByTestId('loading').waitFor({ state: 'detached', timeout: 20_000 });
        await page.getByTestId('home').waitFor();
        expect(await page.title()).toBe(title);
        expect(await page.evaluate(() => document.documentElement.dataset.tkTheme)).toBe(theme);
        await screenshot(page, `brand-host-${host.split('.')[0]}`, 'mobile');
      }
    } finally {
      await context.close();
    }
  });
});
