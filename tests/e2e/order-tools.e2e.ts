// Issue #25 order tools in Chromium (decisions OT1–OT14): a partial close from the position drawer leaves the
// rest open with the right P&L, and a trailing stop set there follows the price (seen live in the drawer) and
// closes the position when the price turns; one-click trading, once confirmed, places Buy at once. The prices are pinned through the admin API; the server clock is
// moved past the 3-minute close lock (a clock mover, tests/e2e/sequencer.ts). Screenshots:
// test-results/screenshots/order-tools-*.png (desktop en light and de dark, phone de dark) and one-click-*.png
// (the dialog and the switch on: desktop en light, phone de dark).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MarketOrder, OrderQueryResponse } from '../../src/core/contract/trading';
import { MANUAL_CLOSE_AFTER_MS } from '../../src/core/contract/trading';
import { open, signIn } from './auth-steps';
import { openPage, screenshot, useBrowser } from './browser';
import { advanceServerClock, serverNow } from './clock';
import { apiToken, fundedAccount, openPositions, pinBid, post } from './trading-steps';

const { browser } = useBrowser();
const SYMBOL = 'BTCUSDT';

/** The account's orders of one status (2 open, 3 closed), newest first. */
async function orders(token: string, status: 2 | 3): Promise<MarketOrder[]> {
  const answer = await post<OrderQueryResponse>(
    '/v1/waa/order/query',
    { page: 1, limit: 20, positionStatus: status },
    token,
  );
  expect(answer.code).toBe(0);
  return answer.data.list;
}

/** Opens the drawer of the first position of the panel and waits for its order tools. */
async function openDrawer(page: Page, panel: Locator): Promise<Locator> {
  await panel.locator('[part~="row"]').first().click();
  const drawer = page.getByRole('dialog').first();
  await drawer.locator('[part~="order-tools"]').waitFor();
  return drawer;
}

describe('order tools', () => {
  it(
    'closes part of a position, then trails the rest’s stop with the price until it closes',
    {
      timeout: 90_000,
    },
    async () => {
      const trader = await fundedAccount('10000');
      const token = await apiToken(trader);
      await pinBid(SYMBOL, '100000.00');
      // 0.03 at the ask 100010.00.
      const placed = await post<string>(
        '/exchange/order/addOrder',
        {
          tradePair: SYMBOL,
          price: '0',
          stopPrice: '',
          takeProfitPprice: '',
          orderQuantity: '0.03',
          multiple: 2, // the retail cap for crypto (PR1)
          orderType: 0,
          buyPoint: 2,
        },
        token,
      );
      expect(placed.code).toBe(0);
      const uid = placed.data;
      const desktop = await openPage(browser(), 'desktop');
      const phone = await openPage(browser(), 'mobile');
      try {
        const { page } = desktop;
        // The page's clock starts at the server's, which earlier files moved ahead of real time (CK4).
        await page.clock.install({ time: await serverNow() });
        await open(page, '/login');
        await signIn(page, 'desktop', trader);
        await open(page, `/${SYMBOL}/chart`);
        await advanceServerClock(MANUAL_CLOSE_AFTER_MS);
        await page.clock.fastForward(MANUAL_CLOSE_AFTER_MS);
        await pinBid(SYMBOL, '101000.00');

        // Partial close: 0.01 of 0.03 at the bid 101000.00 realises 0.01 × 990.00 = +9.90; 0.02 stay open.
        let drawer = await openDrawer(page, await openPositions(page, 'desktop'));
        const part = drawer.getByTestId('close-part');
        await part.getByLabel('Close part of the position').fill('0.01');
        await expect.poll(() => part.getByRole('button').isEnabled(), { timeout: 5_000 }).toBe(true);
        await part.getByRole('button').click();
        await expect.poll(async () => (await orders(token, 2)).map((o) => o.orderQuantity)).toEqual(['0.02']);
        const [closed] = await orders(token, 3);
        expect(closed).toMatchObject({ parentUid: uid, orderQuantity: '0.01', profitLoss: '9.90' });
        const [rest] = await orders(token, 2);
        expect(rest).toMatchObject({ uid, profitLoss: '19.80' });
        await expect.poll(() => drawer.textContent()).toContain('+19.80');

        // Trailing 300.00 behind the bid: 100700.00 now, 101200.00 once the bid makes 101500.00, seen live.
        const trailing = drawer.getByTestId('trailing');
        await trailing.getByLabel('Trailing stop').fill('300');
        await trailing.getByRole('button', { name: 'Trail stop' }).click();
        const state = drawer.getByTestId('trailing-state');
        await expect.poll(() => state.textContent()).toContain('stop loss now at 100700.00');
        await pinBid(SYMBOL, '101500.00');
        await expect
          .poll(() => state.textContent(), { timeout: 10_000 })
          .toContain('stop loss now at 101200.00');
        await pinBid(SYMBOL, '101300.00');
        expect((await orders(token, 2))[0]?.stopPrice).toBe('101200.00');
        await screenshot(page, 'order-tools-en', 'desktop');

        // The same drawer in German and the dark theme.
        await page.evaluate(() => {
          localStorage.setItem('language', 'de');
          localStorage.setItem('theme', 'dark');
        });
        await page.reload();
        await page.getByTestId('loading').waitFor({ state: 'detached', timeout: 20_000 });
        drawer = await openDrawer(page, await openPositions(page, 'desktop'));
        await expect.poll(() => drawer.getByTestId('trailing-state').textContent()).toContain('101200.00');
        await screenshot(page, 'order-tools-de-dark', 'desktop');

        // The phone, German and dark too; the stop fires there when the bid falls through it.
        await phone.page.addInitScript(() => {
          localStorage.setItem('language', 'de');
          localStorage.setItem('theme', 'dark');
        });
        await open(phone.page, '/login');
        await signIn(phone.page, 'mobile', trader);
        await open(phone.page, '/position');
        const list = phone.page.getByTestId('position-page');
        const phoneDrawer = await openDrawer(phone.page, list);
        await expect
          .poll(() => phoneDrawer.getByTestId('trailing-state').textContent())
          .toContain('101200.00');
        await phoneDrawer.locator('[part~="order-tools"]').scrollIntoViewIfNeeded();
        await screenshot(phone.page, 'order-tools-de-dark', 'mobile');

        await pinBid(SYMBOL, '101100.00');
        await expect.poll(() => list.locator('[part~="row"]').count(), { timeout: 10_000 }).toBe(0);
        const fired = (await orders(token, 3)).find((o) => o.uid === uid);
        // Fired at the bid 101100.00: 0.02 × 1090.00 = +21.80.
        expect(fired).toMatchObject({
          closeReason: 'stop_loss',
          closingPrice: '101100.00',
          profitLoss: '21.80',
        });
      } finally {
        await pinBid(SYMBOL, null);
        await desktop.context.close();
        await phone.context.close();
      }
    },
  );

  it(
    'places a Buy from the chart at once with one-click trading on, after its confirm',
    { timeout: 60_000 },
    async () => {
      const trader = await fundedAccount('10000');
      const token = await apiToken(trader);
      await pinBid(SYMBOL, '100000.00');
      const desktop = await openPage(browser(), 'desktop');
      const phone = await openPage(browser(), 'mobile');
      try {
        const { page } = desktop;
        await open(page, '/login');
        await signIn(page, 'desktop', trader);
        await open(page, `/${SYMBOL}/chart`);
        const toggle = page.getByRole('switch', { name: /One-click trading/ });
        await toggle.press('Enter');
        const dialog = page.getByTestId('one-click-dialog');
        const volume = dialog.getByTestId('one-click-volume');
        await expect.poll(() => volume.isEnabled(), { timeout: 10_000 }).toBe(true);
        await volume.fill('0.01');
        await screenshot(page, 'one-click-dialog-en', 'desktop');
        await dialog.getByTestId('one-click-confirm').click();
        await expect.poll(() => page.getByTestId('one-click-state').textContent()).toBe('On · 0.01 lots');
        // Enter on the switch only asked; nothing was placed before Buy.
        expect(await orders(token, 2)).toEqual([]);

        const buy = page.getByTestId('chart-panel').getByTestId('buy');
        await expect.poll(() => buy.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe(null);
        await buy.click();
        await expect
          .poll(async () =>
            (await orders(token, 2)).map((o) => [o.orderQuantity, o.stopPrice, o.takeProfitPrice]),
          )
          .toEqual([['0.01', null, null]]);
        // No order form opened; the position list shows the new position.
        expect(await page.getByTestId('order-panel').count()).toBe(0);
        const panel = await openPositions(page, 'desktop');
        await expect.poll(() => panel.locator('[part~="row"]').count()).toBe(1);
        expect(await panel.locator('[part~="row"]').first().textContent()).toContain('0.01');
        await screenshot(page, 'one-click-on-en', 'desktop');

        // The phone in German and dark: the switch under the chart's buttons, and its dialog.
        await phone.page.addInitScript(() => {
          localStorage.setItem('language', 'de');
          localStorage.setItem('theme', 'dark');
        });
        await open(phone.page, '/login');
        await signIn(phone.page, 'mobile', trader);
        await open(phone.page, `/${SYMBOL}/chart`);
        await phone.page.getByRole('switch', { name: /Ein-Klick-Handel/ }).click();
        const phoneVolume = phone.page.getByTestId('one-click-volume');
        await expect.poll(() => phoneVolume.isEnabled(), { timeout: 10_000 }).toBe(true);
        await screenshot(phone.page, 'one-click-dialog-de-dark', 'mobile');
        await phone.page.getByTestId('one-click-confirm').click();
        await expect
          .poll(() => phone.page.getByTestId('one-click-state').textContent())
          .toBe('Ein · 0.01 Lots');
        await screenshot(phone.page, 'one-click-on-de-dark', 'mobile');
      } finally {
        await pinBid(SYMBOL, null);
        await desktop.context.close();
        await phone.context.close();
      }
    },
  );
});
