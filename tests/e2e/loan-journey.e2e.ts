// The loan journey of issue #20 in Chromium at 390×844 and 1280×720: a new trader applies for a loan with a
// guarantor through <tk-loan>; the operator rejects it (the reason shows), the trader applies again and the
// operator approves it (in the back office at 1280×720, through the admin API at 390×844); the balance rises
// on the page; a repayment through the two-click repay button, approved; a second application answers 1150
// while the loan runs; `ledger:check` passes. One sign-up per viewport (the guarantor is made once through
// the API), one page load per context. TK_SCREENSHOTS=1 also shoots every loan screen in English and Thai
// (test-results/screenshots/loan-*); the overdue one is loan-overdue.e2e.ts's, which moves the server clock.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli } from '../../server/src/admin/cli-run';
import { open, signIn } from './auth-steps';
import { addOperator, signInAt } from './backoffice-steps';
import { navigateTo, openPage, screenshot, useBrowser } from './browser';
import type { ViewportName } from './browser';
import { applyThroughApi, decide, reopenLoan, shoot, waitingOf, waitStatus } from './loan-steps';
import { fundedAccount, pageToken } from './trading-steps';

const { browser } = useBrowser();
const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');
const LAPTOP = { viewport: { width: 1280, height: 720 } };

let guarantor: Promise<{ uid: string }> | undefined;
beforeAll(() => {
  guarantor = fundedAccount(null);
});

/** The operator approves the waiting application of `uid` in the back office's loan queue. */
async function approveInBackOffice(opPage: Page, uid: string) {
  const operator = await addOperator(['finance']);
  await signInAt(opPage, operator);
  await opPage.getByTestId('bo-nav-loans').click();
  const item = opPage.getByTestId('bo-queue-loans').getByTestId('bo-queue-item').filter({ hasText: uid });
  await item.waitFor({ state: 'visible', timeout: 15_000 });
  await item.click();
  const detail = opPage.getByTestId('bo-detail');
  await detail.waitFor({ state: 'visible' });
  expect(await detail.textContent()).toContain('500,000.00 USD');
  await detail.getByTestId('bo-approve').click();
  await opPage.getByTestId('bo-confirm').click();
  await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(0);
}

describe.each<ViewportName>(['mobile', 'desktop'])('the loan journey at %s', (vp) => {
  it(
    'apply → rejected → apply → approval → balance up → repayment → approval → 1150 → ledger check',
    { timeout: 180_000 },
    async () => {
      const started = Date.now();
      const trader = await fundedAccount(null);
      const { uid: guarantorUid } = await (guarantor as Promise<{ uid: string }>);
      const size = vp === 'desktop' ? LAPTOP : {};
      const { context, page } = await openPage(browser(), vp, size);
      const op = vp === 'desktop' ? await openPage(browser(), vp, size) : null;
      try {
        await open(page, '/login');
        await signIn(page, vp, trader);
        await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
        const token = await pageToken(page);
        await navigateTo(page, '/user/loan');
        const loan = page.getByTestId('loan-page');
        await waitStatus(page, '100');
        await shoot(page, vp, 'application');

        // 1. An application with the guarantor; the operator rejects it and the reason shows.
        await loan.locator('[part="guarantor"]').fill(guarantorUid);
        const applied = page.waitForResponse((r) => r.url().endsWith('/v1/waa/userLoan/insert'));
        await loan.getByRole('button', { name: 'Apply' }).click();
        expect(((await (await applied).json()) as { code: number }).code).toBe(0);
        await waitStatus(page, '0');
        await shoot(page, vp, 'waiting');
        await decide('loans', await waitingOf('loans', trader.uid), 'reject');
        await waitStatus(page, '2');
        expect(await loan.getByTestId('loan-rejected').textContent()).toContain(
          'The guarantor could not be reached.',
        );
        await shoot(page, vp, 'rejected');

        // 2. A new application of 500,000 for 15 days (the presets), approved.
        await loan.getByRole('button', { name: '500,000' }).click();
        await loan.getByRole('button', { name: '15 days' }).click();
        await loan.locator('[part="guarantor"]').fill(guarantorUid);
        await loan.getByRole('button', { name: 'Apply' }).click();
        await waitStatus(page, '0');
        if (op) await approveInBackOffice(op.page, trader.uid);
        else await decide('loans', await waitingOf('loans', trader.uid), 'approve');

        // 3. The loan runs and the balance on the page rises by its amount (an approval has no push: the
        // trader opens the loan page again).
        await reopenLoan(page, vp);
        await waitStatus(page, '1');
        await expect
          .poll(() => loan.getByTestId('loan-balance').textContent(), { timeout: 15_000 })
          .toBe('500,000.00 USD');
        expect(await loan.getByTestId('loan-owed').textContent()).toBe('500,000.00 USD');

        // 4. A repayment: the first click opens the slider at what is owed, the second submits.
        await loan.getByRole('button', { name: 'Repay' }).click();
        const amount = loan.locator('[part="repay-amount"]');
        expect(await amount.inputValue()).toBe('500000');
        await amount.fill('1000');
        await shoot(page, vp, 'repay-open', async () => {
          if (!(await amount.isVisible()))
            await loan.getByRole('button', { name: /^(Repay|ชำระคืน)$/ }).click();
          await amount.fill('1000');
        });
        const repaid = page.waitForResponse((r) => r.url().endsWith('/v1/waa/userLoan/insertRepayment'));
        await loan.getByRole('button', { name: 'Confirm repayment' }).click();
        expect(((await (await repaid).json()) as { code: number }).code).toBe(0);
        await expect.poll(() => loan.getByRole('button', { name: 'Repay' }).isDisabled()).toBe(true);
        await decide('loan-repayments', await waitingOf('loan-repayments', trader.uid), 'approve');
        await reopenLoan(page, vp);
        await expect
          .poll(() => loan.getByTestId('loan-owed').textContent(), { timeout: 15_000 })
          .toBe('499,000.00 USD');
        expect(await loan.locator('tr[data-status="1"]').count()).toBe(1);
        expect(await loan.getByTestId('loan-balance').textContent()).toBe('499,000.00 USD');
        await shoot(page, vp, 'active');

        // 5. A second application while the loan runs answers 1150.
        const second = await applyThroughApi(token, { amount: 50_000, days: 7, guarantor: guarantorUid });
        expect(second).toBe(1150);

        // 6. The ledger is conserved (the CLI's own command, against this server).
        const out: string[] = [];
        const code = await runCli(['ledger:check'], {
          env: { TRADEKIT_URL: baseUrl, ADMIN_TOKEN: adminToken },
          out: (line) => out.push(line),
          err: (line) => out.push(line),
        });
        expect(out.join('\n')).toContain('Ledger OK');
        expect(code).toBe(0);
        console.info(`loan journey at ${vp}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } catch (error) {
        await screenshot(page, 'failed-loan-journey', vp).catch(() => undefined);
        if (op) await screenshot(op.page, 'failed-loan-journey-bo', vp).catch(() => undefined);
        throw error;
      } finally {
        await op?.context.close();
        await context.close();
      }
    },
  );
});
