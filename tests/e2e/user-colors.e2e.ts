// Issue #22 (UC1–UC3) in Chromium: a trader's own up/down colours are remembered per user. One browser picks a
// pair on the wide desktop top bar (above 1600 px); another browser signing in as the same trader shows it.
// A brand that fixes its colours (Meridian, `userColors: false`) offers no pair and ignores one stored on the
// device. Screenshot: test-results/screenshots/user-colors-*.png.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { readablePair } from '../../src/core/domain/contrast';
import { open, signIn } from './auth-steps';
import { openPage, screenshot, useBrowser } from './browser';
import { apiToken, fundedAccount, post } from './trading-steps';

const { browser } = useBrowser();
const WIDE = { viewport: { width: 1920, height: 1080 } };
const port = new URL(inject('baseUrl')).port;

/**
 * Shows the wide top bar's tools: on the bar, or in its More menu when the bar has moved them there (L1), opened
 * then, so the colour pairs are on screen wherever the bar keeps them.
 */
async function showTools(page: Page): Promise<void> {
  await page.getByTestId('chart-panel').waitFor();
  if ((await page.locator('.host-topbar__tools > .host-schemes').count()) > 0) return;
  const more = page.getByTestId('top-more');
  // No More button: every tool is on the bar.
  if ((await more.count()) === 0) return;
  const menu = page.getByTestId('top-more-menu');
  if (await menu.isVisible()) return;
  await more.click();
  await menu.waitFor();
}
const swatch = (page: Page, id: string) => page.locator(`.host-schemes__swatch[data-scheme="${id}"]`);

/** The root's up colour, which every widget and host page reads. */
const rootUp = () => getComputedStyle(document.documentElement).getPropertyValue('--tk-color-up').trim();

describe("a trader's own up/down colours", () => {
  it('follow the trader to another browser, and a brand that fixes its colours offers none', async () => {
    const trader = await fundedAccount(null);
    const first = await openPage(browser(), 'desktop', WIDE);
    const second = await openPage(browser(), 'desktop', WIDE);
    try {
      await open(first.page, '/login');
      await signIn(first.page, 'desktop', trader);
      await showTools(first.page);
      await swatch(first.page, 'red-green').click();
      const shown = readablePair({ up: '#dc2626', down: '#16a34a' }, 'light').up;
      await expect.poll(() => first.page.evaluate(rootUp)).toBe(shown);
      // The server has it once the save answered.
      const token = await apiToken(trader);
      await expect
        .poll(
          async () => (await post<{ colorScheme: string }>('/v1/waa/user/info', {}, token)).data.colorScheme,
        )
        .toBe('red-green');
      await showTools(first.page);
      expect(await swatch(first.page, 'red-green').getAttribute('aria-checked')).toBe('true');
      await screenshot(first.page, 'user-colors-picked', 'desktop');

      // Another browser: nothing on its device, the trader's pair after sign-in.
      const { page } = second;
      await open(page, '/login');
      await signIn(page, 'desktop', trader);
      await expect.poll(() => page.evaluate(rootUp)).toBe(shown);
      await showTools(page);
      expect(await swatch(page, 'red-green').getAttribute('aria-checked')).toBe('true');

      // Meridian fixes its red-up colours: no pair on the wide top bar, the device's stored pair ignored.
      await page.goto(`http://meridian.localhost:${port}/`);
      await page.evaluate(() => localStorage.setItem('colorScheme', 'green-red'));
      await page.reload();
      await page.getByTestId('loading').waitFor({ state: 'detached', timeout: 20_000 });
      await showTools(page);
      expect(await page.locator('.host-schemes').count()).toBe(0);
      expect(await page.evaluate(rootUp)).toBe(readablePair({ up: '#d32f2f', down: '#2e7d32' }, 'light').up);
      await screenshot(page, 'user-colors-fixed', 'desktop');
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
