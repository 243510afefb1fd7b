// An overdue loan in Chromium at 390×844 and 1280×720 (issue #20): a trader's loan of 7 days, applied and
// approved through the API, then the server clock moved a day at a time past its repayment date, so the
// server's own sweep marks it overdue (no status is rewritten anywhere). The trader signs in after the move,
// the loan page shows the overdue state and the 1151 notice, and a withdrawal is refused with 1151 (LN11).
// It moves the lane's server clock by 8 days: the last of the clock movers (tests/e2e/sequencer.ts).
// TK_SCREENSHOTS=1 shoots the overdue screen in English and Thai (test-results/screenshots/loan-overdue-*).
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../server/src/loans/ids';
import { open, signIn } from './auth-steps';
import { navigateTo, openPage, screenshot, useBrowser } from './browser';
import type { ViewportName } from './browser';
import { advanceServerClockBy } from './clock';
import { applyThroughApi, decide, shoot, waitingOf, waitStatus } from './loan-steps';
import { apiToken, fundedAccount, pageToken, post } from './trading-steps';

const { browser } = useBrowser();
const LAPTOP = { viewport: { width: 1280, height: 720 } };
const TERM_DAYS = 7;

type Trader = Awaited<ReturnType<typeof fundedAccount>>;

/** The trader with an overdue loan (made once, in the first test: expect.poll only runs inside a test). */
async function overdueTrader(): Promise<Trader> {
  const [trader, guarantor] = await Promise.all([fundedAccount(null), fundedAccount(null)]);
  const code = await applyThroughApi(await apiToken(trader), {
    amount: 50_000,
    days: TERM_DAYS,
    guarantor: guarantor.uid,
  });
  expect(code).toBe(0);
  await decide('loans', await waitingOf('loans', trader.uid), 'approve');
  // Past the repayment date: the clock control moves at most a day at a time.
  const moving = Date.now();
  await advanceServerClockBy((TERM_DAYS + 1) * DAY_MS);
  console.info(`loan overdue: the clock moved 8 days in ${((Date.now() - moving) / 1000).toFixed(1)} s`);
  return trader;
}
let made: Promise<Trader> | undefined;

describe.each<ViewportName>(['mobile', 'desktop'])('an overdue loan at %s', (vp) => {
  it(
    'shows the overdue state and its 1151 notice, and a withdrawal answers 1151',
    { timeout: 120_000 },
    async () => {
      const started = Date.now();
      const trader = await (made ??= overdueTrader());
      const { context, page } = await openPage(browser(), vp, vp === 'desktop' ? LAPTOP : {});
      try {
        await open(page, '/login');
        await signIn(page, vp, trader);
        await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
        await navigateTo(page, '/user/loan');
        await waitStatus(page, '4');
        const loan = page.getByTestId('loan-page');
        const notice = loan.getByTestId('loan-overdue');
        await expect
          .poll(() => notice.textContent(), { timeout: 15_000 })
          .toContain('Your loan is overdue, please repay as soon as possible (1151)');
        expect(await notice.textContent()).toContain('you cannot apply for a new loan');
        expect(await loan.getByTestId('loan-owed').getAttribute('data-overdue')).toBe('true');
        expect(await loan.getByTestId('loan-owed').textContent()).toBe('50,000.00 USD');
        // What LN11 blocks: no payout of the house's money before it is repaid.
        const withdraw = await post(
          '/v1/waa/cryptocurrency/user/wallet/withdrawStatus',
          {},
          await pageToken(page),
        );
        expect(withdraw.code).toBe(1151);
        await shoot(page, vp, 'overdue', () => waitStatus(page, '4'));
        console.info(`loan overdue at ${vp}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } catch (error) {
        await screenshot(page, 'failed-loan-overdue', vp).catch(() => undefined);
        throw error;
      } finally {
        await context.close();
      }
    },
  );
});
