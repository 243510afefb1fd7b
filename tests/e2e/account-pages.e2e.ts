// The account pages of issue #21 in Chromium at 390×844 and 1440×900, in English and Japanese, against the
// real server and the seeded tradekit brand: the standards page states the seeded fees and limits in the
// page's language, the invite page shows the sign-up link and its QR code, the transaction list opens on the
// trades with the records one tab away. With TK_SCREENSHOTS each screen is saved (browser.ts `screenshot`).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, signIn } from './auth-steps';
import { navigateTo, openPage, screenshot, useBrowser } from './browser';
import type { ViewportName } from './browser';
import { fundedAccount } from './trading-steps';

const { browser } = useBrowser();
const SHOTS = Boolean(process.env.TK_SCREENSHOTS);

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
  if (SHOTS) await screenshot(page, `${name}-${language}`, vp);
}

describe.each<[ViewportName, string]>([
  ['mobile', 'en'],
  ['desktop', 'en'],
  ['mobile', 'ja'],
  ['desktop', 'ja'],
])('the account pages at %s in %s', (vp, language) => {
  it('show the standards, the invitation and the transaction list', { timeout: 120_000 }, async () => {
    const account = await fundedAccount('100');
    const { context, page } = await openPage(browser(), vp);
    await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
    try {
      await open(page, '/login');
      await signIn(page, vp, account);
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });

      await navigateTo(page, '/user/standards');
      const withdrawal = page.getByTestId('standards-withdrawal-fee');
      await withdrawal.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await withdrawal.textContent()).toBe(FEES[language]?.withdrawal);
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
    } finally {
      await context.close();
    }
  });
});
