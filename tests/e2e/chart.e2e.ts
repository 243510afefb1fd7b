// Issue #5 end to end in Chromium at 390×844 (the chart page) and 1440×900 (the trading layout driven by
// the top bar): candles for every period, the live candle, the indicator limit, a drawing across a
// reload, the JPEG screenshot, closed markets, search, and screenshots in light and dark.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { KLINE_PERIODS } from '../../src/core/contract/paths';
import { openPage, screenshot, useBrowser } from './browser';
import { serverNow } from './clock';
import type { ViewportName } from './browser';
import {
  canvas,
  chartPixels,
  closedByHours,
  expectReady,
  notTradable,
  openChart,
  openIndicators,
  periodButton,
  periodChosen,
  serverCandles,
} from './chart-steps';

const baseUrl = inject('baseUrl');
const { browser } = useBrowser();

/** Runs `body` on a fresh page; on failure saves `failed-chart-<name>-<viewport>.png`. */
async function withPage(
  vp: ViewportName,
  name: string,
  body: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const { context, page } = await openPage(browser(), vp, { acceptDownloads: true });
  try {
    await body(page, context);
  } catch (error) {
    await screenshot(page, `failed-chart-${name}`, vp).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

/** One page per viewport on BTCUSDT's chart, for the tests that only use the chart (TS2). */
const sharedCharts = new Map<ViewportName, { context: BrowserContext; page: Promise<Page> }>();

async function closeSharedChart(vp: ViewportName): Promise<void> {
  const shared = sharedCharts.get(vp);
  sharedCharts.delete(vp);
  await shared?.context.close();
}

/**
 * Runs `body` on the viewport's shared page, opened on BTCUSDT's chart by the first test that needs it (so
 * that a test run alone opens it too). A failed test closes the page: the next test starts on a fresh one
 * instead of the state the failure left. `last` closes it after the test: an open page keeps streaming
 * prices while the other tests run.
 */
async function withSharedChart(
  vp: ViewportName,
  name: string,
  ...args:
    [body: (page: Page) => Promise<void>] | [options: { last: boolean }, body: (page: Page) => Promise<void>]
): Promise<void> {
  const [options, body] = args.length === 1 ? [{ last: false }, args[0]] : args;
  let shared = sharedCharts.get(vp);
  if (!shared) {
    const opened = await openPage(browser(), vp, { acceptDownloads: true });
    const page = openChart(opened.page, baseUrl, 'BTCUSDT').then(() => opened.page);
    shared = { context: opened.context, page };
    sharedCharts.set(vp, shared);
  }
  const page = await shared.page;
  try {
    await expectReady(page);
    await body(page);
  } catch (error) {
    await screenshot(page, `failed-chart-${name}`, vp).catch(() => undefined);
    await closeSharedChart(vp);
    throw error;
  }
  if (options.last) await closeSharedChart(vp);
}

describe.each<ViewportName>(['mobile', 'desktop'])('the chart at %s', (vp) => {
  // The first six tests share one page on BTCUSDT's chart, in this order (TS2): none of them is about loading
  // the page, and each leaves the chart as the next one expects it (live and the JPEG before any change, the
  // indicators before the periods, which end elsewhere than 1 min, the themes before the order form).
  afterAll(() => closeSharedChart(vp));

  it('opens whole: nothing moves once the loading screen lifts (EK28)', () =>
    withPage(vp, 'whole', async (page) => {
      await page.addInitScript(() => {
        const shifts = { total: 0 };
        (window as unknown as { __tkShifts: typeof shifts }).__tkShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) shifts.total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await openChart(page, baseUrl, 'BTCUSDT');
      // The chart's body and header arrive with the page's code, not after its first paint (the header
      // filling in its row pushed the canvas down: 0.16 on a phone).
      expect(await page.locator('[part="header"][aria-busy="true"]').count()).toBe(0);
      const total = await page.evaluate(
        () => (window as unknown as { __tkShifts: { total: number } }).__tkShifts.total,
      );
      expect(total).toBeLessThan(0.05);
    }));

  it('moves the forming candle with the live prices', () =>
    withSharedChart(vp, 'live', async (page) => {
      const candles = await canvas(page).getAttribute('data-candles');
      const before = await chartPixels(page);
      await expect.poll(() => chartPixels(page), { timeout: 10_000, interval: 500 }).not.toBe(before);
      // The same series, redrawn: no reload happened in between.
      expect(await canvas(page).getAttribute('data-state')).toBe('ready');
      expect(Number(await canvas(page).getAttribute('data-candles'))).toBeGreaterThanOrEqual(Number(candles));
    }));

  it('saves the screenshot as a JPEG file', () =>
    withSharedChart(vp, 'jpeg', async (page) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('[data-action="screenshot"]').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^BTCUSDT-1min-\d{8}-\d{6}\.jpg$/);
      const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(bytes.length).toBeGreaterThan(5_000);
    }));

  it('refuses a fourth main-chart indicator with a notice', () =>
    withSharedChart(vp, 'indicators', async (page) => {
      const dialog = await openIndicators(page, vp);
      const main = (name: string) => dialog.locator(`[data-indicator="${name}"][data-pane="main"]`);
      expect(await main('MA').getAttribute('aria-pressed')).toBe('true');
      for (const name of ['EMA', 'BOLL']) await main(name).click();
      await main('SAR').click();
      await expect
        .poll(() => page.getByTestId('chart-notice').textContent())
        .toBe('At most 3 indicators per chart area');
      expect(await main('SAR').getAttribute('aria-pressed')).toBe('false');
      expect(await dialog.locator('[data-pane="main"][aria-pressed="true"]').count()).toBe(3);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }));

  it('draws the platform’s candles for every period', { timeout: 120_000 }, () =>
    withSharedChart(vp, 'periods', async (page) => {
      for (const period of KLINE_PERIODS) {
        await periodButton(page, vp, period).click();
        await expect.poll(() => periodChosen(page, vp, period)).toBe(true);
        const expected = await serverCandles(baseUrl, 'BTCUSDT', period);
        expect(expected).toBeGreaterThan(0);
        // A candle may open between the two requests: the counts agree to within one.
        await expect
          .poll(async () => Math.abs(Number(await canvas(page).getAttribute('data-candles')) - expected), {
            timeout: 15_000,
          })
          .toBeLessThanOrEqual(1);
        expect(await canvas(page).getAttribute('data-state')).toBe('ready');
      }
    }),
  );

  it('looks right in light and dark', () =>
    withSharedChart(vp, 'themes', async (page) => {
      await screenshot(page, 'chart-light', vp);
      await page.locator('[data-action="theme"]').click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.tkTheme)).toBe('dark');
      await expectReady(page);
      await screenshot(page, 'chart-dark', vp);
    }));

  it('opens the market order form from sell and buy', () =>
    withSharedChart(vp, 'trade', { last: true }, async (page) => {
      const sell = page.getByTestId('sell');
      // The buttons answer once the market status is known (spec §5: a notice before that).
      await expect.poll(() => sell.getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull();
      await sell.click();
      if (vp === 'mobile') {
        await page.waitForURL(`${baseUrl}/BTCUSDT/place?direction=1`);
        await page.getByTestId('place-page').waitFor({ state: 'visible' });
      } else {
        const panel = page.getByTestId('order-panel');
        await panel.waitFor({ state: 'visible' });
        expect(await panel.getAttribute('data-symbol')).toBe('BTCUSDT');
        expect(await page.getByTestId('place-order-toggle').getAttribute('aria-pressed')).toBe('true');
      }
      await screenshot(page, 'chart-order', vp);
    }));

  it('keeps its drawings across a reload', () =>
    withPage(vp, 'drawing', async (page) => {
      // klinecharts takes a second click within 500 ms as a double click: the page's clock moves past it.
      await page.clock.install();
      await openChart(page, baseUrl, 'ETHUSDT');
      expect(await canvas(page).getAttribute('data-drawings')).toBe('0');
      const box = (await canvas(page).boundingBox())!;
      // Desktop: a slanted segment that ends over the price axis and a three-point channel besides the
      // horizontal line (the taps of a two-point tool are not finished by the emulated phone's touch).
      const drawn: Record<string, [number, number][]> = {
        horizontalStraightLine: [[0.4, 0.3]],
        ...(vp === 'desktop' && {
          segment: [
            [0.3, 0.5],
            [0.97, 0.65],
          ],
          parallelStraightLine: [
            [0.2, 0.4],
            [0.45, 0.55],
            [0.3, 0.7],
          ],
        }),
      };
      const count = String(Object.keys(drawn).length);
      for (const [tool, points] of Object.entries(drawn)) {
        await page.locator(`[data-overlay="${tool}"]`).click();
        for (const [x, y] of points) {
          await page.clock.fastForward(600);
          await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
        }
      }
      await expect.poll(() => canvas(page).getAttribute('data-drawings')).toBe(count);
      await page.reload();
      await expectReady(page);
      await expect.poll(() => canvas(page).getAttribute('data-drawings'), { timeout: 10_000 }).toBe(count);
      const saved = await page.evaluate(() => localStorage.getItem('tk-chart:v1:ETHUSDT'));
      const names = (JSON.parse(saved ?? '{}') as { drawings?: { name: string }[] }).drawings?.map(
        (d) => d.name,
      );
      expect(names).toEqual(Object.keys(drawn));
    }));

  it('shows the closed banner and no trade buttons on a closed market', () =>
    withPage(vp, 'closed', async (page) => {
      // Deterministic at any hour: an instrument whose tradeStatus is 0 …
      await openChart(page, baseUrl, notTradable());
      const banner = page.getByTestId('closed-banner');
      await banner.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await banner.getAttribute('data-reason')).toBe('not_tradable');
      expect(await page.getByTestId('buy').count()).toBe(0);
      expect(await page.getByTestId('sell').count()).toBe(0);
      // Its order page sends the trader back to the chart with the banner (desktop: the order panel closes).
      const symbol = notTradable();
      await page.goto(`${baseUrl}/${symbol}/place?direction=0`);
      if (vp === 'mobile')
        await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(`/${symbol}/chart`);
      else await expect.poll(() => page.getByTestId('order-panel').count(), { timeout: 15_000 }).toBe(0);
      await banner.waitFor({ state: 'visible', timeout: 15_000 });
      // … and a market whose hours are over, by its hours alone: the page's clock is held at the first minute
      // from the server's time (other suites may have moved it ahead of this process's) at which some market is
      // closed — now at most hours, up to two hours ahead on weekday afternoons.
      const closed = closedByHours(await serverNow());
      await page.clock.setFixedTime(closed.at);
      await openChart(page, baseUrl, closed.symbol);
      await expect.poll(() => banner.getAttribute('data-reason'), { timeout: 15_000 }).toBe('closed');
      expect(await page.getByTestId('buy').count()).toBe(0);
    }));

  it('finds EURUSD from "eur" and opens it', () =>
    withPage(vp, 'search', async (page) => {
      await page.goto(`${baseUrl}/`);
      await page.getByTestId('loading').waitFor({ state: 'detached', timeout: 15_000 });
      if (vp === 'mobile') await page.getByRole('link', { name: 'Search' }).first().click();
      else await page.getByTestId('top-search').click();
      await page.getByTestId('search-input').fill('eur');
      const result = page.locator('[data-testid="search-result"][data-symbol="EURUSD"]');
      await result.waitFor({ state: 'visible', timeout: 10_000 });
      await result.click();
      if (vp === 'mobile') {
        await page.waitForURL(`${baseUrl}/EURUSD/chart`);
        expect(await page.getByTestId('chart-page').getAttribute('data-symbol')).toBe('EURUSD');
      } else {
        await expect.poll(() => page.getByTestId('chart-panel').getAttribute('data-symbol')).toBe('EURUSD');
        expect(await page.getByTestId('search-dialog').count()).toBe(0);
      }
      await expectReady(page);
    }));
});
