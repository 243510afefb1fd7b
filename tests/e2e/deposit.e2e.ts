// A crypto deposit in Chromium at 390×844 and 1440×900: the trader opens /user/deposit, sees the platform
// address with its QR code, types an amount, reads the agreement and comes back to the same form, uploads a
// proof image and submits; an operator finds it in the admin queue with its proof, approves it, and the
// trader's real balance rises by the deposit.
import { describe, expect, inject, it } from 'vitest';
import { open, signIn } from './auth-steps';
import { openPage, screenshot, useBrowser } from './browser';
import type { ViewportName } from './browser';
import { apiToken, fundedAccount, post } from './trading-steps';

const { browser } = useBrowser();
const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');

/** A 1×1 PNG: a real image the browser's pipeline accepts as it is. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface QueueItem {
  id: string;
  userUid: string;
  amount: string;
  usdAmount: string;
  proofUrl: string | null;
}

async function adminGet(path: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${adminToken}` } });
}

describe.each<ViewportName>(['mobile', 'desktop'])('a crypto deposit at %s', (vp) => {
  it('is submitted with its proof, approved by an operator and credited', { timeout: 120_000 }, async () => {
    const account = await fundedAccount('100');
    const { context, page } = await openPage(browser(), vp);
    try {
      await open(page, '/login');
      await signIn(page, vp, account);
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await open(page, '/user/deposit');
      const form = page.getByTestId('deposit-page');
      await form
        .getByText('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')
        .waitFor({ state: 'visible', timeout: 15_000 });
      await form.getByTestId('deposit-qr').waitFor({ state: 'visible', timeout: 15_000 });
      await screenshot(page, 'deposit-address', vp);

      await form.getByRole('button', { name: 'Next' }).click();
      const amount = form.getByLabel(/^Amount/);
      await amount.fill('1500');
      // Reading the agreement keeps the form.
      await form.getByRole('link', { name: 'deposit agreement' }).click();
      const agreement = page.getByTestId('agreement-page');
      await agreement.waitFor({ state: 'visible', timeout: 15_000 });
      await screenshot(page, 'deposit-agreement', vp);
      await agreement.getByRole('link', { name: 'Back to deposit' }).click();
      await expect
        .poll(() =>
          page
            .getByTestId('deposit-page')
            .getByLabel(/^Amount/)
            .inputValue(),
        )
        .toBe('1500');

      const back = page.getByTestId('deposit-page');
      await back
        .getByTestId('deposit-proof')
        .setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: PNG });
      await back.getByTestId('deposit-proof-name').waitFor({ state: 'visible' });
      await back.getByRole('checkbox').check();
      await screenshot(page, 'deposit-form', vp);
      const submitted = page.waitForResponse((r) => r.url().endsWith('/v1/waa/user/deposit'));
      await back.getByRole('button', { name: 'Submit' }).click();
      const answer = (await (await submitted).json()) as { code: number; data: { id: string; uid: string } };
      expect(answer.code).toBe(0);
      await page
        .getByText('Submitted successfully, please wait for processing')
        .waitFor({ state: 'visible' });
      await screenshot(page, 'deposit-submitted', vp);

      const queue = (await (await adminGet('/admin/v1/deposits?status=waiting&limit=100')).json()) as {
        data: { list: QueueItem[] };
      };
      const item = queue.data.list.find((d) => d.id === answer.data.id);
      expect(item).toMatchObject({ userUid: account.uid, amount: '1500.00', usdAmount: '1500.00' });
      const proof = await adminGet(item!.proofUrl!);
      expect(proof.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await proof.arrayBuffer()).subarray(0, 8)).toEqual(PNG.subarray(0, 8));

      const approved = await post(`/admin/v1/deposits/${answer.data.id}/approve`, {}, 'admin');
      expect(approved.code).toBe(0);
      const token = await apiToken(account);
      const balance = await post<{ balanceAmount: string }>('/v1/waa/user/balance', {}, token);
      expect(balance.data.balanceAmount).toBe('1600.00');
      // A second approval moves nothing.
      expect((await post(`/admin/v1/deposits/${answer.data.id}/approve`, {}, 'admin')).code).toBe(1041);
    } catch (error) {
      await screenshot(page, 'failed-deposit', vp).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
