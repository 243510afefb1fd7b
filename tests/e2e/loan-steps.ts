// The steps the loan suites share: the operators' decisions through the admin API, the widget's status, an
// application through the API, and the English and Thai screenshots of a loan screen.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { navigateTo, screenshot, SHOOTING, switchLanguage } from './browser';
import type { ViewportName } from './browser';
import { post } from './trading-steps';

const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');

/** GET an admin list. */
async function adminList<T>(path: string): Promise<T[]> {
  const response = await fetch(`${baseUrl}/admin/v1/${path}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const answer = (await response.json()) as { code: number; data: { list: T[] } };
  expect(answer.code).toBe(0);
  return answer.data.list;
}

/** The id of the one waiting item of `uid` in an admin queue. */
export async function waitingOf(queue: 'loans' | 'loan-repayments', uid: string): Promise<string> {
  const list = await adminList<{ id: string; userUid: string }>(`${queue}?status=waiting&limit=200`);
  const mine = list.filter((item) => item.userUid === uid);
  expect(mine).toHaveLength(1);
  return (mine[0] as { id: string }).id;
}

/** An operator's decision through the admin API. */
export async function decide(queue: 'loans' | 'loan-repayments', id: string, decision: 'approve' | 'reject') {
  const body = decision === 'reject' ? { reason: 'The guarantor could not be reached.' } : {};
  const answer = await post(`/admin/v1/${queue}/${id}/${decision}`, body, 'admin');
  expect(answer.code).toBe(0);
}

/** A loan application through the API with its idempotency key; answers the server's code. */
export async function applyThroughApi(
  token: string,
  body: { amount: number; days: number; guarantor: string },
): Promise<number> {
  const answer = await fetch(`${baseUrl}/v1/waa/userLoan/insert`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': randomBytes(16).toString('hex'),
    },
    body: JSON.stringify(body),
  });
  return ((await answer.json()) as { code: number }).code;
}

/** The status the widget shows (spec §4: 100 none, 0 waiting, 1 active, 2 rejected …). */
const status = (page: Page) => page.getByTestId('loan-state').getAttribute('data-status');

export async function waitStatus(page: Page, expected: string) {
  await expect.poll(() => status(page), { timeout: 15_000 }).toBe(expected);
}

/**
 * The trader opens the loan page again from home (the host's own navigation, no page load): the widget reads
 * the loan as the server has it now. An approval has no push of its own (decisions LC4).
 */
export async function reopenLoan(page: Page, vp: ViewportName) {
  await navigateTo(page, '/');
  await page.locator('[data-testid="account-dialog"]').waitFor({ state: 'detached' });
  await navigateTo(page, '/user/loan');
  await page.getByTestId('loan-state').waitFor({ state: 'visible', timeout: 15_000 });
  if (vp === 'desktop') await page.getByTestId('account-dialog').waitFor({ state: 'visible' });
}

/** Switches the interface language through the host's language menu (no reload) and comes back to the loan. */
async function switchLanguageAtLoan(page: Page, vp: ViewportName, code: string) {
  await switchLanguage(page, vp, code);
  await navigateTo(page, '/user/loan');
  await page.getByTestId('loan-state').waitFor({ state: 'visible', timeout: 15_000 });
  if (vp === 'desktop') await page.getByTestId('account-dialog').waitFor({ state: 'visible' });
}

/**
 * With TK_SCREENSHOTS, `loan-<name>-<en|th>-<viewport>.png` of the page as `prepare` leaves it, in English
 * then Thai (the language menu, then the loan page again: `prepare` runs after each arrival).
 */
export async function shoot(page: Page, vp: ViewportName, name: string, prepare?: () => Promise<void>) {
  if (!SHOOTING) return;
  for (const lang of ['en', 'th']) {
    if (lang === 'th') await switchLanguageAtLoan(page, vp, 'th');
    await prepare?.();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await screenshot(page, `loan-${name}-${lang}`, vp);
  }
  await switchLanguageAtLoan(page, vp, 'en');
  await prepare?.();
}
