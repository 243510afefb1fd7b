// Issue #26 items 5 and 7 in Chromium at 390×844, 1280×720, 1440×900 and 1920×1080: a running option's
// success drawer and the position list say where it stands against the live bid (the price pinned on the
// server), a wallet transfer and an approved deposit are announced by a toast and listed with their texts.
// With TK_SCREENSHOTS each step is saved under test-results/screenshots (English, German, one dark).
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { open, signIn } from './auth-steps';
import { navigateTo, openPage, useBrowser, VIEWPORTS } from './browser';
import type { ViewportName } from './browser';
import { apiToken, fundedAccount, openPositions, pinBid, post } from './trading-steps';

const { browser } = useBrowser();
const baseUrl = inject('baseUrl');
const SYMBOL = 'BTCUSDT';
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Case = {
  name: string;
  vp: ViewportName;
  width: number;
  height: number;
  language: 'en' | 'de';
  dark?: true;
};
const CASES: Case[] = [
  { name: '390x844', vp: 'mobile', ...VIEWPORTS.mobile.viewport, language: 'en' },
  { name: '390x844', vp: 'mobile', ...VIEWPORTS.mobile.viewport, language: 'de' },
  { name: '1280x720', vp: 'desktop', width: 1280, height: 720, language: 'en', dark: true },
  { name: '1440x900', vp: 'desktop', width: 1440, height: 900, language: 'de' },
  { name: '1920x1080', vp: 'desktop', width: 1920, height: 1080, language: 'en' },
];
const WINNING = { en: 'Winning', de: 'Im Gewinn' };

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.TK_SCREENSHOTS) await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}

/** A wallet transfer of 100 USD into BTC through the real routes (quote, then the transfer with its key). */
async function transferToBtc(token: string): Promise<void> {
  const body = { curr: 'BTC', currId: 3, type: 0, num: '100' };
  const quote = await post<{ fee: string; practical: string; unit: string }>(
    '/v1/waa/user/crypto/transform/calculate',
    body,
    token,
  );
  expect(quote.code).toBe(0);
  const response = await fetch(`${baseUrl}/v1/waa/user/crypto/transform`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ ...body, ...quote.data }),
  });
  expect(((await response.json()) as { code: number }).code).toBe(0);
}

/** A USDT deposit of 250 with its proof, approved through the admin API. */
async function approvedDeposit(token: string): Promise<void> {
  const form = new FormData();
  form.set('metaData', JSON.stringify({ coinId: 2, amt: '250', locale: 'en', agreement: true }));
  form.set('depositProof', new Blob([PNG_1X1], { type: 'image/png' }), 'proof.png');
  const response = await fetch(`${baseUrl}/v1/waa/user/deposit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: form,
  });
  const submitted = (await response.json()) as { code: number; data: { id: string } };
  expect(submitted.code).toBe(0);
  expect((await post(`/admin/v1/deposits/${submitted.data.id}/approve`, {}, 'admin')).code).toBe(0);
}

describe.each(CASES)(
  'money and running options at $name in $language',
  ({ name, vp, width, height, language, dark }) => {
    const tag = `${name}-${language}${dark ? '-dark' : ''}`;
    it(
      'says where a running option stands and announces money that arrives',
      { timeout: 180_000 },
      async () => {
        const account = await fundedAccount('1000');
        const { context, page } = await openPage(browser(), vp, { viewport: { width, height } });
        await context.addInitScript(
          ([lang, theme]) => {
            localStorage.setItem('language', lang);
            localStorage.setItem('tradeMode', 'option');
            if (theme) localStorage.setItem('theme', theme);
          },
          [language, dark ? 'dark' : ''] as const,
        );
        const pinned = await pinBid(SYMBOL, '98500.00');
        try {
          await open(page, '/login');
          await signIn(page, vp, account);
          await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });

          await open(page, `/${SYMBOL}/placeOption?direction=0`);
          const thirty = page.getByTestId('time-30');
          await thirty.waitFor({ state: 'visible', timeout: 15_000 });
          await thirty.click();
          await page.getByTestId('chip-10').click();
          const submit = page.getByTestId('submit');
          await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
          await submit.click();
          await page.getByTestId('success').waitFor({ state: 'visible', timeout: 10_000 });
          await pinBid(SYMBOL, '98600.00');
          const standing = page.getByTestId('option-standing');
          await expect.poll(() => standing.textContent(), { timeout: 10_000 }).toBe(WINNING[language]);
          expect(await standing.getAttribute('data-tone')).toBe('up');
          await shot(page, `option-success-${tag}`);
          await page.keyboard.press('Escape');

          await openPositions(page, vp);
          // The list's own field: the option form's live price is a `live-price` too, and the desktop layout
          // carries `data-order` while the form is open. Strict: a second match fails instead of being read.
          const live = page.locator('[data-order] [data-field="live-price"]');
          await expect.poll(() => live.textContent(), { timeout: 15_000 }).toContain(WINNING[language]);
          await shot(page, `option-positions-${tag}`);

          const token = await apiToken(account);
          await approvedDeposit(token);
          const toast = page.getByTestId('notification-toast');
          await expect.poll(() => toast.textContent(), { timeout: 15_000 }).toContain('250.00 USD');
          await transferToBtc(token);
          await expect.poll(() => toast.textContent(), { timeout: 15_000 }).toContain('BTC');
          await shot(page, `toast-${tag}`);

          await navigateTo(page, '/user/notification');
          const items = page.locator('li[data-notification]');
          await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2);
          await shot(page, `notifications-${tag}`);
        } finally {
          await pinBid(SYMBOL, null).catch(() => pinned);
          await context.close();
        }
      },
    );
  },
);
