// The account pages of issue #21 in Chromium at 390×844 and 1440×900, in English and Japanese, against the
// real server and the seeded tradekit brand: the standards page states the seeded fees and limits in the
// page's language, the invite page shows the sign-up link and its QR code, the transaction list opens on the
// trades with the records one tab away. With TK_SCREENSHOTS each screen is saved (browser.ts `screenshot`).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, signIn } from './auth-steps';
import { navigateTo, openPage, screenshot, switchLanguage, useBrowser } from './browser';
import type { ViewportName } from './browser';
import { fundedAccount } from './trading-steps';

const { browser } = useBrowser();

/** The seeded tradekit brand's figures as each language writes them (products 0.2 %, USDT 25 for 50 – 10,000,000). */
const FEES: Record<string, { trading: string; withdrawal: string }> = {
  en: {
    trading: 'Trading fee: 0.2 % of the position value on most products.',
    withdrawal: 'Withdrawals: 25 USDT per withdrawal of 50 to 10,000,000 USDT.',
  },
  ja: {
    trading: '取引手数料：ほとんどの銘柄でポジション価値の0.2 %。',
    withdrawal: '出金：50〜10,000,000 USDTの出金1回につき25 USDT。',
  },
};

async function shot(page: Page, name: string, vp: ViewportName, language: string) {
  await screenshot(page, `${name}-${language}`, vp);
}

/** The three pages in the page's current language. */
async function checkPages(page: Page, vp: ViewportName, language: string): Promise<void> {
  await navigateTo(page, '/user/standards');
  const withdrawal = page.getByTestId('standards-withdrawal-fee');
  await withdrawal.waitFor({ state: 'visible', timeout: 15_000 });
  await expect.poll(() => withdrawal.textContent()).toBe(FEES[language]?.withdrawal);
  expect(await page.getByTestId('standards-trading-fee').textContent()).toBe(FEES[language]?.trading);
  await shot(page, 'standards', vp, language);

  await navigateTo(page, '/user/invite');
  const link = page.getByTestId('invite-link');
  await link.waitFor({ state: 'visible', timeout: 15_000 });
  expect(await link.textContent()).toMatch(/\/register\?inviteCode=[A-Z0-9]{8}$/);
  await page.locator('svg[part="qr"]').waitFor({ state: 'visible', timeout: 15_000 });
  await page.getByTestId('invitee-count').waitFor({ state: 'visible', timeout: 15_000 });
  await shot(page, 'invite', vp, language);

  await navigateTo(page, '/user/wallet/transactionList');
  await page.getByTestId('transactions-market').waitFor({ state: 'visible', timeout: 15_000 });
  await shot(page, 'transactions', vp, language);
  await page.getByTestId('transactions-tab-cash').click();
  await page.locator('[part~="records"]').first().waitFor({ state: 'visible', timeout: 15_000 });
}

// One signed-in page per viewport; the language is switched through the host's menu between the two rounds
// (TR15: a context and a sign-in per language cost more than the pages they check).
describe.each<ViewportName>(['mobile', 'desktop'])('the account pages at %s', (vp) => {
  it(
    'show the standards, the invitation and the transaction list in English and Japanese',
    { timeout: 120_000 },
    async () => {
      const account = await fundedAccount('100');
      const { context, page } = await openPage(browser(), vp);
      try {
        await open(page, '/login');
        await signIn(page, vp, account);
        await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
        for (const language of ['en', 'ja']) {
          await switchLanguage(page, vp, language);
          await checkPages(page, vp, language);
        }
      } finally {
        await context.close();
      }
    },
  );
});
