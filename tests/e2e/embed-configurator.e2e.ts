// The partners' configurator at /embed (issue #23, EK3/EK4): a partner picks tk-quotes and its attributes and
// colours, sees the real widget live, copies the snippet, and that exact snippet works on another origin.
import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot, takeWidgetWarnings, useBrowser } from './browser';
import { rows } from './quotes';

const baseUrl = inject('baseUrl');
const examplesUrl = inject('examplesUrl');
const { browser } = useBrowser();

/** The platform's forex products (server/src/market/instruments.ts). */
const FOREX = [
  'EURUSD',
  'GBPUSD',
  'USDJPY',
  'AUDUSD',
  'USDCAD',
  'USDCHF',
  'NZDUSD',
  'EURGBP',
  'USDHKD',
  'EURJPY',
];
/** The text colour the partner picks, and how the browser computes it. */
const TEXT_COLOUR = '#7b1fa2';
const TEXT_RGB = 'rgb(123, 31, 162)';

/** The symbols of a widget's rows once it shows some, each with a price. */
async function pricedSymbols(widget: Locator): Promise<string[]> {
  await rows(widget).first().waitFor({ state: 'visible', timeout: 15_000 });
  await expect.poll(() => rows(widget).first().locator('[data-field="price"]').textContent()).toMatch(/\d/);
  return rows(widget).evaluateAll((list) => list.map((row) => (row as HTMLElement).dataset.symbol ?? ''));
}

/** What a `tk-quotes` in logo layout with these choices shows: forex rows with logos and prices, no chart. */
async function expectConfigured(widget: Locator): Promise<void> {
  const symbols = await pricedSymbols(widget);
  expect(symbols).toContain('EURUSD');
  expect(symbols.filter((symbol) => !FOREX.includes(symbol))).toEqual([]);
  expect(await widget.locator('[part~="tab"]').count()).toBe(0);
  expect(await widget.locator('[data-field="bid"]').count()).toBe(0);
  expect(await widget.locator('.tk-quotes__logo').count()).toBeGreaterThan(0);
  expect(await widget.locator('[part="mini-chart"]').count()).toBe(0);
  expect(
    await rows(widget)
      .first()
      .evaluate((row) => getComputedStyle(row).color),
  ).toBe(TEXT_RGB);
}

describe('the configurator at /embed', () => {
  it('configures tk-quotes live, copies its snippet, and the snippet works on another origin', async () => {
    const { context, page } = await openPage(browser(), 'desktop', {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    try {
      await page.goto(`${baseUrl}/embed`);
      expect(await page.locator('[data-testid="ek-widget"]').inputValue()).toBe('tk-quotes');
      const preview = page.locator('[data-testid="ek-preview"] tk-quotes');
      // The real widget with its defaults first: every category's tabs and a mini chart per row.
      await preview.locator('[part="mini-chart"]').first().waitFor({ state: 'visible', timeout: 15_000 });
      expect(await preview.getAttribute('api')).toBe(baseUrl);
      // At 1440 px the controls stand beside the preview.
      const box = (selector: string) =>
        page.locator(selector).evaluate((el) => el.getBoundingClientRect().toJSON());
      expect((await box('.ek-output')).left).toBeGreaterThanOrEqual((await box('.ek-controls')).right);

      await page.locator('#ek-attr-category').fill('forex');
      await page.locator('#ek-attr-layout').selectOption('logo');
      await page.locator('#ek-attr-mini-chart').uncheck();
      await page.locator('#ek-token-tk-text').fill(TEXT_COLOUR);
      // A colour that could end the style block is refused and stays out of the snippet (EK4).
      await page.locator('#ek-token-tk-accent').fill('red;}</style>');
      await expect.poll(() => page.locator('#ek-token-tk-accent-error').isVisible()).toBe(true);

      expect(
        await preview.evaluate((element) =>
          ['category', 'layout', 'mini-chart'].map((name) => element.getAttribute(name)),
        ),
      ).toEqual(['forex', 'logo', 'false']);
      await expectConfigured(preview);

      await page.locator('[data-testid="ek-copy"]').click();
      await expect.poll(() => page.locator('[data-testid="ek-copy-status"]').textContent()).toBe('Copied');
      const snippet = await page.evaluate(() => navigator.clipboard.readText());
      expect(snippet).toBe(await page.locator('[data-testid="ek-snippet"]').inputValue());
      expect(snippet).toBe(
        `<script type="module" src="${baseUrl}/widgets/tk-quotes.js"></script>\n` +
          `<tk-quotes api="${baseUrl}" category="forex" layout="logo" mini-chart="false"></tk-quotes>\n` +
          `<style>\n  tk-quotes {\n    --tk-text: ${TEXT_COLOUR};\n  }\n</style>\n`,
      );
      await screenshot(page, 'embed-configurator', 'desktop');

      // The configurator itself in German and dark.
      await page.locator('[data-testid="ek-language"]').selectOption('de');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Widget-Konfigurator');
      await page.locator('[data-testid="ek-dark"]').click();
      expect(await page.evaluate(() => document.documentElement.dataset.ekTheme)).toBe('dark');
      await screenshot(page, 'embed-configurator-de-dark', 'desktop');

      // The exact snippet as the whole body of a page of the examples origin. That server serves its fixed files
      // only, and a page the test fulfils itself (page.route) counts as a public address to Chromium, which then
      // refuses it the platform on loopback (Local Network Access): so its index page is opened and its document
      // replaced by the partner's page (setContent writes it into that document, its origin stays).
      await page.goto(`${examplesUrl}/`);
      await page.setContent(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Partner</title></head><body>\n${snippet}</body></html>`,
      );
      expect(new URL(page.url()).origin).toBe(new URL(examplesUrl).origin);
      expect(new URL(examplesUrl).origin).not.toBe(new URL(baseUrl).origin);
      await expectConfigured(page.locator('tk-quotes'));
      expect(takeWidgetWarnings()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('stacks the controls above the preview on a phone', async () => {
    const { context, page } = await openPage(browser(), 'mobile');
    try {
      await page.goto(`${baseUrl}/embed?lang=ja`);
      await expect.poll(() => page.locator('h1').textContent()).toBe('ウィジェット設定ツール');
      await page.locator('[data-testid="ek-preview"][data-state="ready"]').waitFor({ timeout: 15_000 });
      const top = (selector: string) =>
        page.locator(selector).evaluate((el) => el.getBoundingClientRect().top);
      expect(await top('.ek-output')).toBeGreaterThan(await top('.ek-controls'));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The preview with its default table layout, prices in: what a partner sees first.
      const preview = rows(page.locator('[data-testid="ek-preview"] tk-quotes')).first();
      await preview.waitFor({ state: 'visible', timeout: 15_000 });
      await expect
        .poll(() => preview.locator('[data-field="bid"]').textContent({ timeout: 5_000 }))
        .toMatch(/\d/);
      await page.locator('.ek-preview-panel').scrollIntoViewIfNeeded();
      await screenshot(page, 'embed-configurator-ja', 'mobile');
    } finally {
      await context.close();
    }
  });
});
