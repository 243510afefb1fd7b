// Price alerts (issue #25) in Chromium at 1440×900 in English and 390×844 in German, dark: the signed-in
// trader sets an alert from the quote table's row button (the form opens prefilled with the bid), the price is
// pinned through the level on the server, and the toast and the notification say the alert fired. With
// TK_SCREENSHOTS each step is saved under test-results/screenshots.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, signIn } from './auth-steps';
import { navigateTo, openPage, useBrowser } from './browser';
import type { ViewportName } from './browser';
import { fundedAccount, pinBid } from './trading-steps';

const { browser } = useBrowser();
// A forex symbol: the quote table opens on the forex tab, and no other browser file pins it.
const SYMBOL = 'EURUSD';

type Case = { vp: ViewportName; language: 'en' | 'de'; dark?: true };
const CASES: Case[] = [
  { vp: 'desktop', language: 'en' },
  { vp: 'mobile', language: 'de', dark: true },
];
const TEXTS = {
  en: { setAlert: `Set alert for ${SYMBOL}`, set: 'Alert set', fired: `${SYMBOL}: the bid rose to 1.16120` },
  de: {
    setAlert: `Alarm für ${SYMBOL} setzen`,
    set: 'Alarm gesetzt',
    fired: `${SYMBOL}: Der Geldkurs ist auf 1.16120 gestiegen`,
  },
};

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.TK_SCREENSHOTS) await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}

describe.each(CASES)('price alerts at $vp in $language', ({ vp, language, dark }) => {
  const tag = `${vp}-${language}${dark ? '-dark' : ''}`;
  const texts = TEXTS[language];
  it(
    'sets an alert from the quote table and announces it when the price crosses',
    { timeout: 120_000 },
    async () => {
      const account = await fundedAccount(null);
      const { context, page } = await openPage(browser(), vp);
      await context.addInitScript(
        ([lang, theme]) => {
          localStorage.setItem('language', lang);
          if (theme) localStorage.setItem('theme', theme);
        },
        [language, dark ? 'dark' : ''] as const,
      );
      await pinBid(SYMBOL, '1.16000');
      try {
        await open(page, '/login');
        await signIn(page, vp, account);
        await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });

        // Desktop's list opens on the selected symbol's tab (Bitcoin); the phone's home list on the first one.
        if (vp === 'desktop') await page.getByRole('tab', { name: 'Forex' }).click();
        // The row's own button: the form opens on the alerts page with the symbol and its bid.
        const button = page.getByRole('button', { name: texts.setAlert });
        await button.first().waitFor({ state: 'visible', timeout: 15_000 });
        await button.first().click();
        const level = page.getByTestId('alert-level');
        await level.waitFor({ state: 'visible', timeout: 15_000 });
        expect(await level.inputValue()).toBe('1.16000');
        await level.fill('1.16100');
        await page.getByTestId('alert-note').fill('EUR breakout');
        await shot(page, `alert-form-${tag}`);
        await page.getByTestId('alert-save').click();
        const active = page.getByTestId('alerts-active');
        await expect.poll(() => active.textContent(), { timeout: 15_000 }).toContain('1.16100');
        await page.getByText(texts.set).waitFor({ state: 'visible', timeout: 5_000 });
        await shot(page, `alert-list-${tag}`);

        // Through the level on the server: the notification's push is announced by the host's toast.
        await pinBid(SYMBOL, '1.16120');
        const toast = page.getByTestId('notification-toast');
        await expect.poll(() => toast.textContent(), { timeout: 15_000 }).toContain(`${SYMBOL}`);
        // The push carries the price as an amount (trailing zeros dropped); the notification has the alert's own.
        expect(await toast.textContent()).toContain('1.1612');
        await shot(page, `alert-toast-${tag}`);
        // The alert left the active list for the past one (the widget reloads when its notice arrives).
        await page.getByTestId('alerts-past').waitFor({ state: 'visible', timeout: 15_000 });

        await navigateTo(page, '/user/notification');
        const item = page.locator('li[data-notification]').first();
        await item.waitFor({ state: 'visible', timeout: 15_000 });
        await item.getByRole('button').click();
        const detail = page.getByRole('dialog').last();
        await expect.poll(() => detail.textContent(), { timeout: 10_000 }).toContain(texts.fired);
        expect(await detail.textContent()).toContain('EUR breakout');
        await shot(page, `alert-notification-${tag}`);
      } catch (error) {
        await page
          .screenshot({ path: `test-results/screenshots/failed-alerts-${tag}.png` })
          .catch(() => undefined);
        throw error;
      } finally {
        await pinBid(SYMBOL, null).catch(() => undefined);
        await context.close();
      }
    },
  );
});
