// The issue-#4 host in Chromium at 390×844 and 1440×900: a funded trader opens the market order form from
// the chart (mobile page, desktop panel), buys, and finds the position on the Position page or in the
// desktop side rail's panel, then the History page or panel; screenshots of each.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { open, outboxCode, signIn } from './auth-steps';
import type { Account } from './auth-steps';
import { openPage, screenshot, useBrowser } from './browser';
import type { ViewportName } from './browser';

const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');
const { browser } = useBrowser();

async function post<T>(path: string, body: unknown, admin = false): Promise<{ code: number; data: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(admin ? { authorization: `Bearer ${adminToken}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data: T };
}

/** A registered account with 10,000 USD credited through the admin API (the way the demo login is made). */
async function fundedAccount(): Promise<Account> {
  const account: Account = {
    email: `trader-${randomBytes(4).toString('hex')}@tradekit.test`,
    password: 'layout-trader-2026',
    secret: null,
    totp: { step: null },
  };
  const since = Date.now();
  expect((await post('/v1/wa-na/sendMail', { email: account.email, type: '1', locale: 'en' })).code).toBe(0);
  const code = await outboxCode(account.email, since);
  const registered = await post<{ uid: string }>('/v1/wa-na/register', {
    username: account.email,
    type: 'E',
    password: account.password,
    code,
    locale: 'en',
  });
  expect(registered.code).toBe(0);
  const credit = await post(
    `/admin/v1/users/${registered.data.uid}/credit`,
    { amount: '10000', account: 'real' },
    true,
  );
  expect(credit.code).toBe(0);
  return account;
}

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
  await expect.poll(() => form.getByTestId('order-status').textContent(), { timeout: 15_000 }).toMatch(/\S/);
}

describe.each<ViewportName>(['mobile', 'desktop'])('the trading layout at %s', (vp) => {
  it('buys from the chart and shows the position and the history', { timeout: 120_000 }, async () => {
    const account = await fundedAccount();
    const { context, page } = await openPage(browser(), vp);
    try {
      await open(page, '/login');
      await signIn(page, vp, account);
      await buyFromChart(page, vp);

      if (vp === 'mobile') await open(page, '/position');
      else await page.getByRole('button', { name: 'Positions' }).click();
      const positions = page.getByTestId(vp === 'mobile' ? 'position-page' : 'position-panel');
      await positions.waitFor({ state: 'visible' });
      await positions.locator('[part~="row"]').first().waitFor({ state: 'visible', timeout: 15_000 });
      expect(await positions.locator('[part~="row"]').count()).toBe(1);
      await screenshot(page, 'positions', vp);

      if (vp === 'mobile') await open(page, '/history');
      else await page.getByRole('button', { name: 'History' }).click();
      const history = page.getByTestId(vp === 'mobile' ? 'history-page' : 'history-panel');
      await history.waitFor({ state: 'visible' });
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
