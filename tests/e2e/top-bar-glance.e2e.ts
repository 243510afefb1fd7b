// Issue #26 items 6 and 8 in Chromium, on one signed-in page per theme resized per case (TR15). The desktop
// top bar of a funded trader at 1024×768 (the narrowest desktop), 1280×720, 1440×900 and 1920×1080, in
// English, German and Japanese, and dark: total balance, available margin, Deposit and the bell with its
// unread count on one row that does not overflow (what does not fit moves into the More menu, the total
// balance last). The phone's top of home is left as it was.
// Then one waiting deposit: the trader's records and the back office show its time as the same text.
// Screenshots: test-results/screenshots/glance-*.png and times-*.png.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDialog, open, signIn } from './auth-steps';
import type { Account } from './auth-steps';
import { addOperator, signInAt } from './backoffice-steps';
import { openPage, screenshot, switchLanguage, useBrowser } from './browser';
import type { ViewportName } from './browser';
import { waitingDeposits } from './cashier-steps';
import { measureLayout } from './layout-probe';
import { fundedAccount, post } from './trading-steps';

const { browser } = useBrowser();

interface Size {
  width: number;
  height: number;
  languages: readonly string[];
  theme?: 'dark';
}

const SIZES: readonly Size[] = [
  { width: 1024, height: 768, languages: ['en', 'de', 'ja'] },
  { width: 1280, height: 720, languages: ['en', 'de', 'ja'] },
  { width: 1440, height: 900, languages: ['en', 'de'] },
  { width: 1920, height: 1080, languages: ['en', 'ja'] },
  { width: 1280, height: 720, languages: ['de'], theme: 'dark' },
];

/** One trader for the file: 10,000 USD, a notification (the bell's count) and, later, a waiting deposit. */
let ready: Promise<Account & { uid: string }> | undefined;
const submitDeposit = waitingDeposits('Times done');
async function makeTrader(): Promise<Account & { uid: string }> {
  const trader = await fundedAccount('10000');
  const sent = await post(
    `/admin/v1/users/${trader.uid}/notifications`,
    { title: 'Maintenance', content: 'Trading pauses tonight from 22:00 to 22:15 UTC.' },
    'admin',
  );
  expect(sent.code).toBe(0);
  return trader;
}
const trader = () => (ready ??= makeTrader());

/** The top bar's rules of the layout probe (one row, nothing outside or cut, nothing past the right edge). */
async function topBarProblems(page: Page): Promise<string[]> {
  const found = await page.evaluate(measureLayout, { desktop: true, chartMinHeight: null, submit: null });
  return found
    .filter((v) => v.rule.startsWith('top bar') || v.rule === 'past the right edge')
    .map((v) => `${v.rule}: ${v.detail}`);
}

/**
 * One signed-in desktop page per theme for the whole file (TR15): each size and language is then a resize and
 * a language switch of the same page, as a trader who resizes the window and changes the language sees it,
 * instead of a new browser context, a cold cache and a sign-in per case (about 9 s of Chromium CPU each).
 */
const pages = new Map<string, Promise<{ context: BrowserContext; page: Page }>>();
function signedInPage(theme: 'light' | 'dark'): Promise<{ context: BrowserContext; page: Page }> {
  let opened = pages.get(theme);
  if (!opened) {
    opened = (async () => {
      const account = await trader();
      const { context, page } = await openPage(browser(), 'desktop', {
        viewport: { width: 1024, height: 768 },
      });
      if (theme === 'dark') await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
      await open(page, '/login');
      await signIn(page, 'desktop', account);
      await page.getByTestId('chart-panel').waitFor({ state: 'visible', timeout: 20_000 });
      return { context, page };
    })();
    pages.set(theme, opened);
  }
  return opened;
}
afterAll(async () => {
  for (const opened of pages.values()) await (await opened).context.close();
});

describe.each(SIZES)('the desktop top bar at $width×$height $theme', (size) => {
  it.each(size.languages)(
    'shows the account at a glance and the bell in %s',
    { timeout: 90_000 },
    async (lang) => {
      const { page } = await signedInPage(size.theme ?? 'light');
      await page.setViewportSize({ width: size.width, height: size.height });
      // Back on the trading page from the previous case's deposit dialog, without a reload.
      if (await page.getByTestId('account-dialog').isVisible()) await closeDialog(page);
      await page.getByTestId('chart-panel').waitFor({ state: 'visible', timeout: 20_000 });
      await switchLanguage(page, 'desktop', lang);
      const glance = page.getByTestId('account-glance');
      await glance.waitFor({ state: 'visible', timeout: 15_000 });
      // Available margin = balance + floating P&L (none open): the balance itself once the socket reported.
      await expect
        .poll(() => page.getByTestId('glance-available').textContent(), { timeout: 15_000 })
        .toBe('10,000.00');
      expect(await page.getByTestId('glance-deposit').isVisible()).toBe(true);
      await expect
        .poll(() => page.getByTestId('top-unread').textContent(), { timeout: 15_000 })
        .toMatch(/^[1-9]/);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      // The collapse follows the resize (a ResizeObserver): the bar is measured once it has settled.
      await expect.poll(() => topBarProblems(page), { timeout: 5_000 }).toEqual([]);
      // The total balance is on the bar, or (narrowest bars) the first line of the More menu.
      const level = Number(await page.locator('.host-topbar').getAttribute('data-collapse'));
      const tag = `glance-${size.width}x${size.height}-${lang}${size.theme ? '-dark' : ''}`;
      await screenshot(page, tag, 'desktop');
      if (level >= 9) {
        // COLLAPSE.balance (top-bar-more.tsx)
        await page.getByTestId('top-more').click();
        expect(await page.getByTestId('more-balance').textContent()).toContain('10,000.00');
        await screenshot(page, `${tag}-more`, 'desktop');
        await page.keyboard.press('Escape');
      } else {
        expect(await page.getByTestId('glance-balance').textContent()).toBe('10,000.00');
      }
      await page.getByTestId('glance-deposit').click();
      await page.getByTestId('account-dialog').waitFor({ state: 'visible', timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe('/user/deposit');
    },
  );
});

describe('the phone', () => {
  it('keeps its home page as it was: no glance in its header', { timeout: 60_000 }, async () => {
    const account = await trader();
    const { context, page } = await openPage(browser(), 'mobile');
    try {
      await open(page, '/login');
      await signIn(page, 'mobile', account);
      await page.getByTestId('home').waitFor({ state: 'visible', timeout: 20_000 });
      expect(await page.getByTestId('account-glance').count()).toBe(0);
      await screenshot(page, 'glance-390x844-en', 'mobile');
    } finally {
      await context.close();
    }
  });
});

describe('times', () => {
  it(
    'shows a waiting deposit at the same time, with its zone, in the trader’s records and the back office',
    {
      timeout: 90_000,
    },
    async () => {
      const account = await trader();
      await submitDeposit(account, '2500', `times-${account.uid}`);
      const stamp = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC(?:[+-]\d{1,2}(?::\d{2})?)?$/;

      const vp: ViewportName = 'desktop';
      const trading = await openPage(browser(), vp);
      let traderTime: string;
      try {
        await open(trading.page, '/login');
        await signIn(trading.page, vp, account);
        await trading.page.getByTestId('chart-panel').waitFor({ state: 'visible', timeout: 20_000 });
        // The deposit and withdrawal records (transactionList opens on the trades since AP5).
        await open(trading.page, '/user/wallet/depositList');
        const row = trading.page.locator('li[data-record]').filter({ hasText: '2500' }).first();
        await row.waitFor({ state: 'visible', timeout: 15_000 });
        traderTime = (await row.locator('.tk-wallet__row-sub').first().textContent())?.trim() ?? '';
        expect(traderTime).toMatch(stamp);
        await screenshot(trading.page, 'times-trader-records', vp);
      } finally {
        await trading.context.close();
      }

      const operator = await addOperator(['finance']);
      const office = await openPage(browser(), vp);
      try {
        await signInAt(office.page, operator);
        const item = office.page.getByTestId('bo-queue-item').filter({ hasText: account.uid });
        await item.waitFor({ state: 'visible', timeout: 15_000 });
        expect(await item.textContent()).toContain(traderTime);
        expect(await office.page.getByTestId('bo-time-zone').textContent()).toMatch(/New York \(UTC-[45]\)/);
        await item.click();
        await screenshot(office.page, 'times-backoffice', vp);
      } finally {
        await office.context.close();
      }
    },
  );
});
