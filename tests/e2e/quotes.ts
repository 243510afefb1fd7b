// Locators and waits for `<tk-quotes>` rows; CSS locators pierce the widget's open shadow root.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Every quote row on the page (all widgets). */
export function rows(page: Page | Locator): Locator {
  return page.locator('[part~="row"][data-symbol]');
}

/** The first row of a symbol. */
export function row(page: Page | Locator, symbol: string): Locator {
  return page.locator(`[part~="row"][data-symbol="${symbol}"]`).first();
}

/** The bid cell text of a symbol's first row. */
export async function bidText(page: Page | Locator, symbol: string): Promise<string> {
  return (await row(page, symbol).locator('[data-field="bid"]').textContent())?.trim() ?? '';
}

/** Waits until the symbol's row shows a bid, then until that bid changes (the feed is ticking). */
export async function expectTicking(page: Page | Locator, symbol: string, timeoutMs = 10_000): Promise<void> {
  await row(page, symbol).waitFor({ state: 'visible', timeout: 15_000 });
  await expect.poll(() => bidText(page, symbol), { timeout: 10_000 }).toMatch(/\d/);
  const first = await bidText(page, symbol);
  await expect.poll(() => bidText(page, symbol), { timeout: timeoutMs, interval: 200 }).not.toBe(first);
}

/** Polls the `data-stale` flag of every row of a symbol list until all equal `stale`. */
export async function expectStale(
  page: Page,
  symbols: string[],
  stale: boolean,
  timeoutMs: number,
): Promise<void> {
  const flags = () => Promise.all(symbols.map((s) => row(page, s).getAttribute('data-stale')));
  await expect.poll(flags, { timeout: timeoutMs, interval: 200 }).toEqual(symbols.map(() => String(stale)));
}

/** Selects a category tab of the first `<tk-quotes>` by its label when the tabs are shown. */
export async function selectTab(page: Page, label: string): Promise<void> {
  const tab = page.locator('[part~="tab"]', { hasText: label }).first();
  await tab.waitFor({ state: 'visible', timeout: 15_000 });
  await tab.click();
}

/** The price cells of the page's quote rows that have moved at least once (they carry `data-move`). */
export function movedCells(page: Page): Locator {
  return page.locator('[part~="row"][data-symbol] .tk-quotes__flash[data-move]');
}

/** How many animations run on the page's moved quote prices now: none (QF1, nothing repaints between ticks). */
export function runningAnimations(page: Page): Promise<number> {
  return movedCells(page).evaluateAll((cells) => cells.flatMap((cell) => cell.getAnimations()).length);
}

/** The moved quote prices, and how many of them show a colour other than their cell's normal text (QF1). */
export function colouredMoves(page: Page): Promise<{ moved: number; coloured: number }> {
  return movedCells(page).evaluateAll((cells) => ({
    moved: cells.length,
    coloured: cells.filter(
      (cell) => getComputedStyle(cell).color !== getComputedStyle(cell.parentElement!).color,
    ).length,
  }));
}
