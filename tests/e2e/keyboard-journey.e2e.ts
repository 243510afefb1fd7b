// Issue #22 (accessibility): trading by keyboard only. A funded trader signs in, then on the chart page at
// 1280×720 does everything with `page.keyboard` alone: the skip link to the order form, the volume typed, a
// market buy, the position found in the positions panel and closed through its detail drawer and its confirm,
// then option mode and an option placed. At every step the focused element shows its ring and can be seen;
// every dialog on the way keeps Tab and Shift+Tab inside, closes on Escape and gives the focus back to what
// opened it. A market order has no confirm of its own (spec §9: a confirm precedes closing and cancelling).
// The file moves the server clock past the 3-minute close lock, and the page's clock with it (sequencer.ts).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MANUAL_CLOSE_AFTER_MS } from '../../src/core/contract/trading';
import { open, signIn } from './auth-steps';
import { openPage, screenshot, useBrowser } from './browser';
import { advanceServerClock, serverNow } from './clock';
import { assertFocusTrapped, assertVisibleFocus, focused, tabUntil } from './keyboard-steps';
import { fundedAccount, pageToken, post } from './trading-steps';

const { browser } = useBrowser();
const SYMBOL = 'BTCUSDT';

/** Presses `key`, then checks the focus can be seen. */
async function press(page: Page, key: string, step: string): Promise<void> {
  await page.keyboard.press(key);
  await assertVisibleFocus(page, step);
}

/** Tabs (or Shift+Tabs) to the element `reached` names, then checks the focus can be seen. */
async function tabTo(
  page: Page,
  step: string,
  reached: Parameters<typeof tabUntil>[1],
  max: number,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
): Promise<void> {
  await tabUntil(page, reached, max, key);
  await assertVisibleFocus(page, step);
}

/** Selects the focused field's text and types `text` over it. */
async function typeOver(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

async function openPositions(page: Page): Promise<number> {
  const answer = await post<{ list: unknown[] }>(
    '/v1/waa/order/query',
    { page: 1, limit: 10, positionStatus: 2 },
    await pageToken(page),
  );
  expect(answer.code).toBe(0);
  return answer.data.list.length;
}

/** Skip link → order panel → volume 0.1 (margin about 5,000 USD at crypto's retail cap of 2×, PR1) → Buy at market. */
async function buyByKeyboard(page: Page, panel: Locator): Promise<void> {
  await tabTo(page, 'skip link', (f) => f.text === 'Skip to order form', 6);
  await press(page, 'Enter', 'order panel');
  const submit = panel.getByTestId('submit');
  await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
  expect((await focused(page)).within).toContain('order-form');
  await tabTo(page, 'volume', (f) => f.testid === 'volume', 10);
  await typeOver(page, '0.1');
  await expect.poll(() => panel.getByTestId('volume').inputValue()).toBe('0.1');
  await screenshot(page, 'keyboard-volume', 'desktop');
  await tabTo(page, 'submit', (f) => f.testid === 'submit', 10);
  await page.keyboard.press('Enter');
  await expect.poll(() => openPositions(page), { timeout: 15_000 }).toBe(1);
  // The button keeps the focus while the order is sent and after (it is only marked disabled meanwhile).
  expect((await focused(page)).testid).toBe('submit');
  await assertVisibleFocus(page, 'after the buy');
}

/** The side rail's positions → the row → its detail drawer and confirm, by keyboard, to a closed position. */
async function closeByKeyboard(page: Page): Promise<void> {
  await tabTo(page, 'positions rail', (f) => f.label === 'Positions', 30);
  await press(page, 'Enter', 'positions opened');
  const row = (f: { text: string; tag: string }) => f.tag === 'button' && f.text.startsWith(SYMBOL);
  await page.getByTestId('position-panel').locator('[part~="row"]').first().waitFor();
  await tabTo(page, 'position row', row, 40);

  // Inside the lock the drawer only shows the countdown; Escape gives the focus back to the row.
  await press(page, 'Enter', 'detail opened');
  expect((await focused(page)).dialog).toBe('Order details');
  await press(page, 'Escape', 'detail closed');
  expect(row(await focused(page))).toBe(true);

  await advanceServerClock(MANUAL_CLOSE_AFTER_MS);
  await page.clock.fastForward(MANUAL_CLOSE_AFTER_MS);
  await press(page, 'Enter', 'detail opened again');
  const close = page.getByTestId('detail-action');
  await expect.poll(() => close.isEnabled(), { timeout: 5_000 }).toBe(true);
  // The drawer's order tools (close part, trailing stop, break-even; OT9) sit between its close and the action.
  expect(await assertFocusTrapped(page, 'Order details', 16)).toEqual(
    expect.arrayContaining(['button:Close', 'detail-action']),
  );
  await tabTo(page, 'close position', (f) => f.testid === 'detail-action', 16);

  // The confirm: the focus on Cancel, kept inside; Escape back to "Close position" in the drawer.
  await press(page, 'Enter', 'confirm opened');
  expect(await focused(page)).toMatchObject({ text: 'Cancel', dialog: 'Close this position?' });
  await screenshot(page, 'keyboard-confirm', 'desktop');
  expect(await assertFocusTrapped(page, 'Close this position?', 4)).toEqual(
    expect.arrayContaining(['button:Cancel', 'button:Close', 'confirm-action']),
  );
  await press(page, 'Escape', 'confirm closed');
  expect(await focused(page)).toMatchObject({ testid: 'detail-action', dialog: 'Order details' });
  await press(page, 'Enter', 'confirm opened again');
  await tabTo(page, 'confirm', (f) => f.testid === 'confirm-action', 4);
  await page.keyboard.press('Enter');
  await expect.poll(() => openPositions(page), { timeout: 15_000 }).toBe(0);
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  // The row went with the position: the list keeps the focus, not the page.
  await expect.poll(async () => (await focused(page)).within).toContain('tk-positions-panel');
  await assertVisibleFocus(page, 'after the close');
}

/** The top bar's mode switch (Contract, then the arrow to Option) → skip link → 30 s, 10 USD → Buy up → the success drawer and back. */
async function optionByKeyboard(page: Page, panel: Locator): Promise<void> {
  // The mode switch is one Tab stop, on the checked mode; the arrow chooses the other (a radio group).
  await tabTo(page, 'mode switch', (f) => f.tag === 'button' && f.text === 'Contract', 30, 'Shift+Tab');
  await press(page, 'ArrowRight', 'option mode');
  expect(await focused(page)).toMatchObject({ text: 'Option' });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('tradeMode'))).toBe('option');
  await tabTo(page, 'skip link', (f) => f.text === 'Skip to order form', 10, 'Shift+Tab');
  await press(page, 'Enter', 'option panel');
  const submit = panel.getByTestId('submit');
  await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
  await tabTo(page, '30 s', (f) => f.testid === 'time-30', 10);
  await press(page, 'Enter', '30 s chosen');
  await expect.poll(() => panel.getByTestId('time-30').getAttribute('aria-pressed')).toBe('true');
  await tabTo(page, 'amount', (f) => f.testid === 'amount', 10);
  await typeOver(page, '10');
  await expect.poll(() => panel.getByTestId('amount').inputValue()).toBe('10');
  await tabTo(page, 'option submit', (f) => f.testid === 'submit', 10);
  await page.keyboard.press('Enter');
  await page.getByTestId('success').waitFor();
  expect(await focused(page)).toMatchObject({ text: 'Close', dialog: 'Option placed' });
  await assertVisibleFocus(page, 'option placed');
  await screenshot(page, 'keyboard-option-placed', 'desktop');
  await assertFocusTrapped(page, 'Option placed', 3);
  await press(page, 'Escape', 'success closed');
  expect(await focused(page)).toMatchObject({ testid: 'submit', dialog: null });
}

describe('trading by keyboard only at 1280×720', () => {
  it(
    'buys, closes the position and places an option with the keyboard alone, the focus always seen',
    { timeout: 60_000 },
    async () => {
      const account = await fundedAccount();
      const { page } = await openPage(browser(), 'desktop', { viewport: { width: 1280, height: 720 } });
      // The page's clock runs as usual until it skips the close lock with the server's.
      // The page's clock starts at the server's, which earlier files moved ahead of real time (CK4).
      await page.clock.install({ time: await serverNow() });
      await open(page, '/login');
      await signIn(page, 'desktop', account);
      await open(page, `/${SYMBOL}/chart`);
      await page.getByTestId('chart-panel').waitFor();
      const panel = page.getByTestId('order-panel');
      await buyByKeyboard(page, panel);
      await closeByKeyboard(page);
      await optionByKeyboard(page, panel);
    },
  );
});

describe('trading by keyboard only on a phone', () => {
  it(
    'opens the order form from the chart page and buys, the focus always seen',
    { timeout: 60_000 },
    async () => {
      const account = await fundedAccount();
      const { page } = await openPage(browser(), 'mobile');
      await open(page, '/login');
      await signIn(page, 'mobile', account);
      await open(page, `/${SYMBOL}/chart`);
      await tabTo(page, 'buy', (f) => f.tag === 'button' && f.text.startsWith('Buy'), 40);
      // The buttons take the focus while the market's state loads, marked locked: Enter then only shows a
      // notice (spec §5). A keyboard user waits, as for a click (trading-layout.e2e.ts).
      const buy = page.getByTestId('chart-page').getByTestId('buy');
      await expect.poll(() => buy.getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull();
      expect((await focused(page)).testid).toBe('buy');
      await page.keyboard.press('Enter');
      const form = page.getByTestId('place-page');
      await form.waitFor({ state: 'visible', timeout: 15_000 });
      await expect.poll(() => form.getByTestId('submit').isEnabled(), { timeout: 15_000 }).toBe(true);
      // The Buy button went with the chart page: the new page's content has the focus, not the document.
      expect((await focused(page)).tag).toBe('main');
      await assertVisibleFocus(page, 'order page');
      await tabTo(page, 'volume', (f) => f.testid === 'volume', 30);
      await typeOver(page, '0.1');
      await expect.poll(() => form.getByTestId('volume').inputValue()).toBe('0.1');
      await tabTo(page, 'submit', (f) => f.testid === 'submit', 12);
      await screenshot(page, 'keyboard-submit', 'mobile');
      await page.keyboard.press('Enter');
      await expect.poll(() => openPositions(page), { timeout: 15_000 }).toBe(1);
      expect((await focused(page)).testid).toBe('submit');
      await assertVisibleFocus(page, 'after the buy');
    },
  );
});
