// Issue #22, accessibility: axe-core on every built page of the host a visitor without a session opens, in both
// shells and both themes, and on every widget on a partner's page in both themes: no serious or critical violation.
// One page per shell; pages change through the host's own navigation, themes through the stored choice and one
// reload each (the way a returning visitor gets them). The signed-in pages are checked in brand-matrix.e2e.ts, for
// every seeded brand (this default brand too) in both shells, in its own theme with all rules and in the other
// theme with the colour rules (BA5).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ROUTES } from '../../src/host/routing/routes';
import { readManifest, widgetTags } from '../fixtures/dist-graph';
import { axeViolations } from './a11y';
import { open } from './auth-steps';
import { navigateTo, openPage, screenshot, useBrowser } from './browser';
import type { ViewportName } from './browser';
import { LIVE_ATTRIBUTES, widgetScripts } from './partner-widgets';

const baseUrl = inject('baseUrl');
const examplesUrl = inject('examplesUrl');
const { browser } = useBrowser();
const THEMES = ['light', 'dark'] as const;
const SYMBOL = 'BTCUSDT';
/** What each widget needs to show something live; the option form too (its symbol's prices). */
const ATTRIBUTES: Record<string, Readonly<Record<string, string>>> = {
  ...LIVE_ATTRIBUTES,
  'tk-option-form': { symbol: SYMBOL },
};

/**
 * The routes that send the page elsewhere (`<shell> <route>`), and where: the desktop's order page is the chart
 * with its order panel.
 */
const REDIRECTS: Record<string, string> = {
  'desktop place': `/${SYMBOL}/chart`,
};
/** The option order page belongs to the option trade mode; in the brand's default (market) it leaves for home. */
const LEAVES_FOR_HOME = new Set(['placeOption']);

/**
 * Each built route a visitor opens, its path as they open it (a symbol where the pattern has one; a buy order on
 * the order page).
 */
const BUILT = ROUTES.filter((route) => route.built && route.access !== 'protected').map((route) => ({
  ...route,
  to: route.path.replace(':symbol', SYMBOL),
  query: route.name === 'place' ? '?direction=0' : '',
}));

/** Until the page has settled: no part of it says it is busy, and two frames drawn after that. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], [data-testid="loading"]') && document.title !== '',
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The stored theme choice, applied by reloading the page. */
async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.evaluate((choice) => localStorage.setItem('theme', choice), theme);
  await page.reload();
  await page.getByTestId('loading').waitFor({ state: 'detached', timeout: 20_000 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.tkTheme ?? 'light'))
    .toBe(theme);
}

/** Opens every route through the host's navigation and runs axe on each; the violations found. */
async function checkRoutes(page: Page, vp: ViewportName): Promise<string[]> {
  const found: string[] = [];
  for (const theme of THEMES) {
    await useTheme(page, theme);
    for (const route of BUILT) {
      await navigateTo(page, `${route.to}${route.query}`);
      const redirect = LEAVES_FOR_HOME.has(route.name) ? '/' : REDIRECTS[`${vp} ${route.name}`];
      const expected = redirect ?? route.to;
      await page
        .waitForFunction((to) => location.pathname === to, expected, { timeout: 10_000 })
        .catch(async (error: Error) => {
          const at = await page.evaluate(() => location.pathname);
          throw new Error(`${vp} ${route.name}: expected ${expected}, at ${at} (${error.message})`);
        });
      // A page sent elsewhere shows a page of the list, checked in its own turn.
      if (redirect) continue;
      await settled(page);
      // The dark theme changes colours only: its pass runs the colour rules (A11Y1).
      const where = `${vp} ${theme} ${route.name}:`;
      found.push(...(await axeViolations(page, where, { coloursOnly: theme === 'dark' })));
    }
    await screenshot(page, `a11y-visitor-${theme}`, vp);
  }
  return found;
}

/** Every route of one shell a visitor opens: the violations found. */
async function checkShell(vp: ViewportName): Promise<string[]> {
  const { context, page } = await openPage(browser(), vp);
  try {
    await open(page, '/');
    return await checkRoutes(page, vp);
  } finally {
    await context.close();
  }
}

// The 10 routes in two themes on each shell, the two shells side by side: 32–38 s in clean-clone runs on two busy
// cores, so the browser files' 60-s default is no bound for it (TR67).
describe('every page of the host a visitor opens', { timeout: 120_000 }, () => {
  it('has no serious or critical axe violation on either shell in either theme', async () => {
    const found = await Promise.all((['mobile', 'desktop'] as const).map(checkShell));
    expect(found.flat()).toEqual([]);
  });
});

describe('every widget on a partner page', () => {
  it('has no serious or critical axe violation in either theme', async () => {
    const tags = widgetTags(readManifest());
    const { context, page } = await openPage(browser(), 'desktop');
    try {
      await page.goto(`${examplesUrl}/`);
      const found: string[] = [];
      for (const theme of THEMES) {
        const elements = tags
          .map((tag) => {
            const attributes = Object.entries(ATTRIBUTES[tag] ?? {})
              .map(([name, value]) => ` ${name}="${value}"`)
              .join('');
            return `<section><h2>${tag}</h2><${tag} api="${baseUrl}" theme="${theme}"${attributes}></${tag}></section>`;
          })
          .join('');
        const scripts = widgetScripts(baseUrl, tags);
        await page.setContent(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">` +
            `<title>Partner</title>${scripts}</head><body style="${theme === 'dark' ? 'background:#000;color:#eee' : 'background:#fff;color:#111'}">` +
            `<main>${elements}</main></body></html>`,
        );
        // Every element rendered its tree.
        await page.waitForFunction(
          (names) => names.every((tag) => document.querySelector(tag)?.shadowRoot?.querySelector('.tk-root')),
          tags,
          { timeout: 20_000 },
        );
        // The chart with its candles (its drawing tools are enabled then).
        await page
          .locator('tk-chart [data-testid="chart-canvas"][data-state="ready"]')
          .waitFor({ timeout: 20_000 });
        await settled(page);
        found.push(...(await axeViolations(page, `widgets ${theme}:`)));
        await screenshot(page, `a11y-widgets-${theme}`, 'desktop');
      }
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
