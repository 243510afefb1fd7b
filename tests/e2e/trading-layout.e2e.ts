// The issue-#4 host in Chromium at 390×844 and 1440×900: a funded trader opens the market order form from
// the chart (mobile page, desktop panel), buys, and finds the position on the Position page or in the
// desktop side rail's panel, then the History page or panel; screenshots of each.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, signIn } from './auth-steps';
import { openPage, screenshot, useBrowser } from './browser';
import type { ViewportName } from './browser';
import { fundedAccount, openHistory, openPositions } from './trading-steps';

const { browser } = useBrowser();

/** Buys the minimum of BTCUSDT from the chart's buy button through the shell's order form. */
async function buyFromChart(page: Page, vp: ViewportName): Promise<void> {
  await open(page, '/BTCUSDT/chart');
  const buy = page.getByTestId('buy');
  await expect.poll(() => buy.getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull();
  await buy.click();
  const form = vp === 'mobile' ? page.getByTestId('place-page') : page.getByTestId('order-panel');
  await form.waitFor({ state: 'visible' });
  const submit = form.getByTestId('submit');
  await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
  await screenshot(page, 'order-form-signed-in', vp);
  await submit.click();
  // A market order's toast is shown without a voice: the page's announcer says the fill (SR2).
  await expect
    .poll(() => form.getByTestId('order-toast-quiet').textContent(), { timeout: 15_000 })
    .toMatch(/\S/);
}

describe.each<ViewportName>(['mobile', 'desktop'])('the trading layout at %s', (vp) => {
  it('buys from the chart and shows the position and the history', { timeout: 120_000 }, async () => {
    const account = await fundedAccount();
    const { context, page } = await openPage(browser(), vp);
    try {
      await open(page, '/login');
      await signIn(page, vp, account);
      await buyFromChart(page, vp);

      const positions = await openPositions(page, vp);
      await positions.locator('[part~="row"]').first().waitFor({ state: 'visible', timeout: 15_000 });
      expect(await positions.locator('[part~="row"]').count()).toBe(1);
      await screenshot(page, 'positions', vp);

      await openHistory(page, vp);
      expect(await page.getByTestId(vp === 'mobile' ? 'position-page' : 'position-panel').count()).toBe(0);
      await screenshot(page, 'history', vp);
    } catch (error) {
      await screenshot(page, 'failed-trading-layout', vp).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
