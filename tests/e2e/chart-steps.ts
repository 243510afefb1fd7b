// Steps of the chart journey (tests/e2e/chart.e2e.ts) in both shells: the chart page of a symbol, its
// canvas state, the period and indicator controls (the chart's own on mobile, the top bar's on desktop).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { KlinePeriod } from '../../src/core/contract/paths';
import { isMarketOpen } from '../../src/core/domain/market-hours';
import { INSTRUMENTS } from '../../server/src/market/instruments';
import type { ViewportName } from './browser';

/** The chart's canvas wrapper (`data-state`, `data-candles`, `data-drawings`). */
export function canvas(page: Page): Locator {
  return page.getByTestId('chart-canvas');
}

/** Opens `/{symbol}/chart` and waits until the chart has drawn its first page of candles. */
export async function openChart(page: Page, baseUrl: string, symbol: string): Promise<void> {
  await page.goto(`${baseUrl}/${symbol}/chart`);
  await page.getByTestId('loading').waitFor({ state: 'detached', timeout: 15_000 });
  await expectReady(page);
}

/** Waits for the canvas to be ready with at least one candle; returns the count. */
export async function expectReady(page: Page): Promise<number> {
  await expect.poll(() => canvas(page).getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
  await expect
    .poll(async () => Number(await canvas(page).getAttribute('data-candles')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  return Number(await canvas(page).getAttribute('data-candles'));
}

/** The period control of the shell: the chart's own buttons on mobile, the top bar's on desktop. */
export function periodButton(page: Page, vp: ViewportName, period: KlinePeriod): Locator {
  return vp === 'mobile'
    ? page.locator(`[data-period="${period}"]`)
    : page.locator(`[data-top-period="${period}"]`);
}

/** Whether the shell's period control shows `period` as chosen. */
export async function periodChosen(page: Page, vp: ViewportName, period: KlinePeriod): Promise<boolean> {
  const attribute = vp === 'mobile' ? 'aria-pressed' : 'aria-checked';
  return (await periodButton(page, vp, period).getAttribute(attribute)) === 'true';
}

/** Opens the indicator dialog from the chart toolbar (mobile) or the top bar (desktop). */
export async function openIndicators(page: Page, vp: ViewportName): Promise<Locator> {
  if (vp === 'mobile') await page.locator('[data-action="indicators"]').click();
  else await page.getByTestId('top-indicators').click();
  const dialog = page.getByTestId('indicator-dialog');
  await dialog.waitFor({ state: 'visible' });
  return dialog;
}

/** How many candles the platform has for a period (the chart asks for the same 300). */
export async function serverCandles(baseUrl: string, symbol: string, period: KlinePeriod): Promise<number> {
  const response = await fetch(`${baseUrl}/market/history`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ symbol, period, limit: 300 }),
  });
  const body = (await response.json()) as { code: number; data: unknown[] };
  expect(body.code).toBe(0);
  return body.data.length;
}

/** A quoted, tradable instrument whose trading hours are over at `now`, if any is closed at that moment. */
function closedAt(now: number): string | null {
  const closed = INSTRUMENTS.find((i) => i.tradeStatus === 1 && !isMarketOpen(i.sessions, now));
  return closed?.productCode ?? null;
}

/**
 * The first minute from `now` on at which a quoted, tradable instrument's hours are over, and that instrument.
 * Some market is closed at most hours; on weekday afternoons (UTC) every one is open for up to two hours, so
 * this looks a day ahead (the catalogue's hours repeat weekly and every weekend closes forex).
 */
export function closedByHours(now: number): { symbol: string; at: number } {
  for (let at = now; at < now + 86_400_000; at += 60_000) {
    const symbol = closedAt(at);
    if (symbol) return { symbol, at };
  }
  throw new Error(`No instrument's hours are over within a day of ${new Date(now).toISOString()}`);
}

/** An instrument the platform never lets trade (tradeStatus 0): closed whatever the clock says. */
export function notTradable(): string {
  const product = INSTRUMENTS.find((i) => i.tradeStatus === 0);
  if (!product) throw new Error('The catalogue has no instrument with tradeStatus 0');
  return product.productCode;
}

/** Bytes of the drawn chart (the canvas area as PNG), to see whether the picture moved. */
export async function chartPixels(page: Page): Promise<string> {
  return (await canvas(page).screenshot()).toString('base64');
}
