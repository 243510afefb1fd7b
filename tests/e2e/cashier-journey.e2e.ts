// The cashier journey of issue #13 in Chromium at 390×844 and 1440×900: a new trader with no money deposits
// 100,000 USDT with a proof image through <tk-deposit>; a finance operator signs in to /backoffice in a
// second context, sees the proof and approves it; the trader's balance rises and forex is tradable; the
// trader adds a bank card through <tk-bank-cards> and withdraws to it through <tk-withdraw>; while the
// withdrawal waits the order form answers 406; the operator freezes the trader's withdrawals (1066) and
// rejects the withdrawal with a reason; the 629005 notification arrives with its unread badge, the money is
// back, and `npm run admin -- ledger:check` passes.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { runCli } from '../../server/src/admin/cli-run';
import { FOREX_HOURS } from '../../server/src/market/sessions';
import { serverUrl } from '../../src/core/contract/endpoint';
import { WithdrawStatus } from '../../src/core/contract/withdrawals';
import { nextClose, nextOpen } from '../../src/core/domain/market-hours';
import { open, signIn } from './auth-steps';
import { addOperator, signInAt } from './backoffice-steps';
import { openPage, screenshot, useBrowser } from './browser';
import { verifyIdentity } from './kyc-steps';
import { advanceServerClockBy, serverNow } from './clock';
import type { ViewportName } from './browser';
import { fundedAccount, pageToken, pinBid, post } from './trading-steps';

const { browser } = useBrowser();
const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');

/** A 1×1 PNG: a real image the browser's pipeline accepts as it is. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const USDT_TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
/** Exactly the forex rule's threshold (320), in USDT taken 1:1. */
const DEPOSIT = '100000';
const WITHDRAWAL = '1000';

/** The journey's own limit (its test's timeout): the forex market must stay open at least this long. */
const JOURNEY_MS = 150_000;

/**
 * Makes sure the forex market is open on the server's clock for the whole journey, so that its forex steps (320
 * before the deposit, a placed order after) run on every day of the week (CK8). When the market is closed (a
 * weekend) or closes before the journey could end, the server clock moves to the next session's opening: this
 * file is one of the clock movers (tests/e2e/sequencer.ts). Answers how far it moved.
 */
async function forexOpenForTheJourney(): Promise<number> {
  const now = await serverNow();
  const closes = nextClose(FOREX_HOURS, now);
  if (closes === null || closes > now + JOURNEY_MS) return 0;
  const opens = nextOpen(FOREX_HOURS, closes);
  if (opens === null) throw new Error('The forex market does not open within a week');
  // The server's clock follows real time between the reading and the move: a second past the opening.
  const move = opens - now + 1_000;
  await advanceServerClockBy(move);
  return move;
}

/** The trader's real balance as the server holds it. */
async function balanceOf(token: string): Promise<string> {
  const answer = await post<{ balanceAmount: string }>('/v1/waa/user/balance', {}, token);
  expect(answer.code).toBe(0);
  return answer.data.balanceAmount;
}

/**
 * A pending forex buy far below the market through the API: its answer (320 before the deposits, 0 and the
 * order id after). Pending, so the trader can cancel it at once (a position closes only after 3 minutes, and
 * a withdrawal waits for no open position, 1070).
 */
async function forexOrder(token: string) {
  const { ask } = await pinBid('EURUSD', null);
  return post<string>(
    '/exchange/order/addOrder',
    {
      tradePair: 'EURUSD',
      price: (Number(ask) * 0.9).toFixed(5),
      stopPrice: '',
      takeProfitPprice: '',
      orderQuantity: '0.01',
      orderType: 0,
      buyPoint: 1,
    },
    token,
  );
}

/** The USD line of My wallet, read from the page (it polls every 8 s; a reload reads it at once). */
async function walletUsd(page: Page): Promise<string> {
  await open(page, '/user/myWallet');
  const line = page.getByTestId('balance-USD');
  await line.waitFor({ state: 'visible', timeout: 15_000 });
  return (await line.textContent()) ?? '';
}

/** "100000.00" → "100,000.00" (the wallet's display of a USD amount). */
const grouped = (amount: string) => {
  const [whole = '0', cents = '00'] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0')}`;
};

/** The unread badge of the shell: the user menu's Notification row, or the desktop dialog's item. */
const badge = (page: Page, vp: ViewportName) =>
  page.getByTestId(vp === 'mobile' ? 'menu-notification-unread' : 'dialog-notification-unread');

/** Opens the waiting ticket of `uid` in an operator's queue and answers it (reject with a reason). */
async function review(
  page: Page,
  queue: 'deposits' | 'withdrawals',
  uid: string,
  decision: 'approve' | 'reject',
  shot: string,
  vp: ViewportName,
  beforeDecision?: () => Promise<void>,
): Promise<void> {
  await page.getByTestId(`bo-nav-${queue}`).click();
  const list = page.getByTestId(`bo-queue-${queue}`);
  const item = list.getByTestId('bo-queue-item').filter({ hasText: uid });
  // The queue loads on open; a refresh picks up a ticket submitted after that.
  await expect
    .poll(
      async () => {
        if ((await item.count()) === 0) await list.getByRole('button', { name: 'Refresh' }).click();
        return item.count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await item.click();
  const detail = page.getByTestId('bo-detail');
  await detail.waitFor({ state: 'visible' });
  expect(await detail.textContent()).toContain(uid);
  if (queue === 'deposits') {
    // The proof image is shown: loaded, with its real size.
    const proof = detail.getByTestId('bo-proof');
    await proof.waitFor({ state: 'visible' });
    await expect
      .poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBe(1);
  }
  await page.getByTestId('bo-side-panel').waitFor({ state: 'visible', timeout: 15_000 });
  await screenshot(page, shot, vp);
  await beforeDecision?.();
  await detail.getByTestId(`bo-${decision}`).click();
  if (decision === 'reject') {
    await page.getByTestId('bo-reason').fill('The payee name does not match the account holder.');
  }
  await page.getByTestId('bo-confirm').click();
  await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(0);
}

describe.each<ViewportName>(['mobile', 'desktop'])('the cashier journey at %s', (vp) => {
  it(
    'deposit → approval → forex → bank card → withdrawal → 406 → rejection → notification → ledger check',
    { timeout: 150_000 },
    async () => {
      const started = Date.now();
      const moved = await forexOpenForTheJourney();
      if (moved > 0)
        console.info(
          `cashier journey: the server clock moved ${(moved / 3_600_000).toFixed(1)} h to forex hours`,
        );
      const account = await fundedAccount(null);
      const { context, page } = await openPage(browser(), vp);
      const { context: opContext, page: opPage } = await openPage(browser(), vp);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      try {
        await open(page, '/login');
        await signIn(page, vp, account);
        await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
        const token = await pageToken(page);
        // Withdrawals need a verified identity by default (KC1): the trader is verified as an operator would.
        await verifyIdentity(token, account.uid);
        expect((await forexOrder(token)).code).toBe(320);

        // 1. The deposit, through the real form.
        await open(page, '/user/deposit');
        const form = page.getByTestId('deposit-page');
        await form.getByLabel('Coin and network').selectOption({ label: 'USDT (TRC20)' });
        await form.getByText(USDT_TRC20).waitFor({ state: 'visible', timeout: 15_000 });
        await form.getByTestId('deposit-qr').waitFor({ state: 'visible' });
        await form
          .getByRole('button', { name: /^Copy / })
          .first()
          .click();
        await page.getByText('Copied to clipboard').first().waitFor({ state: 'visible' });
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(USDT_TRC20);
        await form.getByRole('button', { name: 'Next' }).click();
        await form.getByLabel(/^Amount/).fill(DEPOSIT);
        await form
          .getByTestId('deposit-proof')
          .setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: PNG });
        await form.getByTestId('deposit-proof-name').waitFor({ state: 'visible' });
        await form.getByRole('checkbox').check();
        const deposited = page.waitForResponse((r) => r.url().endsWith('/v1/waa/user/deposit'));
        await form.getByRole('button', { name: 'Submit' }).click();
        const deposit = (await (await deposited).json()) as { code: number; data: { id: string } };
        expect(deposit.code).toBe(0);
        await page
          .getByText('Submitted successfully, please wait for processing')
          .waitFor({ state: 'visible' });
        expect(await balanceOf(token)).toBe('0.00');

        // 2. The operator approves it in the back office, the proof in view.
        const operator = await addOperator(['finance']);
        await signInAt(opPage, operator);
        await review(opPage, 'deposits', account.uid, 'approve', 'journey-bo-deposit', vp);

        // 3. The balance rises on the trader's page, and forex is tradable.
        await expect.poll(() => walletUsd(page), { timeout: 15_000 }).toContain(grouped(DEPOSIT));
        await screenshot(page, 'journey-wallet-funded', vp);
        const placed = await forexOrder(token);
        expect(placed.code).toBe(0);
        const closed = await post('/exchange/order/cancelOrder', { orderId: placed.data }, token);
        expect(closed.code).toBe(0);
        const funded = await balanceOf(token);

        // 4. A bank card, through the real form.
        await open(page, '/user/wallet/addBankCard');
        const cardForm = page.getByTestId('bank-cards-page-add');
        await cardForm.getByTestId('card-bankName').fill('Journey Bank');
        await cardForm.getByTestId('card-name').fill('Alex Trader');
        await cardForm.getByTestId('card-account').fill('DE89370400440532013000');
        await cardForm.getByRole('button', { name: 'Save' }).click();
        const cards = page.getByTestId('bank-cards-page-list');
        await cards.getByText('Journey Bank').waitFor({ state: 'visible', timeout: 15_000 });
        expect(await cards.textContent()).toContain('3000');

        // 5. The withdrawal to it: fee quoted, submitted; the amount leaves the balance at once.
        await open(page, '/user/withdraw');
        const withdraw = page.getByTestId('withdraw-page');
        await withdraw.getByRole('tab', { name: 'Bank card' }).click();
        await withdraw.getByRole('button', { name: /^Bank card/ }).click();
        await page.getByRole('button', { name: 'Journey Bank ****3000' }).click();
        await withdraw.locator('[part="amount"]').fill(WITHDRAWAL);
        await expect
          .poll(() => withdraw.getByTestId('withdraw-fee').textContent(), { timeout: 15_000 })
          .toMatch(/^\d[\d,.]* USD$/);
        await screenshot(page, 'journey-withdraw-quoted', vp);
        const withdrawn = page.waitForResponse((r) => r.url().endsWith('/v1/waa/user/withdraw'));
        await withdraw.getByRole('button', { name: 'Done' }).click();
        expect(((await (await withdrawn).json()) as { code: number }).code).toBe(0);
        const waiting = await balanceOf(token);
        expect(Number(waiting)).toBeCloseTo(Number(funded) - Number(WITHDRAWAL), 2);

        // 6. While it waits, the order form answers 406.
        await open(page, '/BTCUSDT/place?direction=0');
        const ticket = page.getByTestId(vp === 'mobile' ? 'place-page' : 'order-panel');
        const send = ticket.getByTestId('submit');
        await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
        await send.click();
        await expect
          .poll(() => ticket.getByTestId('order-toast-alert').textContent(), { timeout: 15_000 })
          .toContain('There are unverified withdrawal records');
        await screenshot(page, 'journey-order-406', vp);
        expect(await balanceOf(token)).toBe(waiting);

        // 7. The operator rejects it with a reason.
        await open(page, vp === 'mobile' ? '/user' : '/user/notification');
        await page
          .getByTestId(vp === 'mobile' ? 'menu-notification' : 'account-dialog')
          .waitFor({ state: 'visible', timeout: 15_000 });
        // One unread notice so far: the deposit credited (729001, issue #26 item 5).
        await expect.poll(() => badge(page, vp).textContent(), { timeout: 15_000 }).toBe('1');
        // Before rejecting, the operator freezes the trader's withdrawals from the side panel (1066 from then on).
        await review(opPage, 'withdrawals', account.uid, 'reject', 'journey-bo-withdrawal', vp, async () => {
          const hold = opPage.getByTestId('bo-withdrawal-hold');
          await hold.getByTestId('bo-hold').click();
          await opPage.getByTestId('bo-reason').fill('Source of funds requested');
          await screenshot(opPage, 'journey-bo-freeze', vp);
          await opPage.getByTestId('bo-confirm').click();
          await expect.poll(() => hold.textContent(), { timeout: 15_000 }).toBe('FrozenUnfreeze withdrawals');
          const status = await post(serverUrl(WithdrawStatus.service, WithdrawStatus.path), {}, token);
          expect(status.code).toBe(1066);
        });

        // 8. The notification arrives live with its badge; the money is back.
        await expect.poll(() => badge(page, vp).textContent(), { timeout: 15_000 }).toBe('2');
        await screenshot(page, 'journey-notification-badge', vp);
        if (vp === 'mobile') {
          await page.getByTestId('menu-notification').click();
          await page.getByTestId('notifications-page').waitFor({ state: 'visible' });
        }
        const note = page.locator('li[data-notification]').filter({ hasText: 'Withdrawal rejected' });
        await note.waitFor({ state: 'visible', timeout: 15_000 });
        expect(await note.textContent()).toContain('1,000.00');
        expect(await balanceOf(token)).toBe(funded);
        await expect.poll(() => walletUsd(page), { timeout: 15_000 }).toContain(grouped(funded));

        // 9. The ledger is conserved (the CLI's own command, against this server).
        const out: string[] = [];
        const code = await runCli(['ledger:check'], {
          env: { TRADEKIT_URL: baseUrl, ADMIN_TOKEN: adminToken },
          out: (line) => out.push(line),
          err: (line) => out.push(line),
        });
        expect(out.join('\n')).toContain('Ledger OK');
        expect(code).toBe(0);
        console.info(`cashier journey at ${vp}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } catch (error) {
        await screenshot(page, 'failed-cashier-journey', vp).catch(() => undefined);
        await screenshot(opPage, 'failed-cashier-journey-bo', vp).catch(() => undefined);
        throw error;
      } finally {
        await opContext.close();
        await context.close();
      }
    },
  );
});
