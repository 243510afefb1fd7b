// Issue #22: the seeded brands × both shells × two languages. Each brand's own trader, on the brand's own host
// name, opens every built route through the host's navigation, and the test holds where each ends to what the
// brand's switches and trade modes say (the route table's flags); then the quotation tabs follow the brand's
// trade list, template 1 shows its trade grid (phone) and its quotation-list toggle (desktop), the user menu lists the loan only
// where it is offered, and the page takes the brand's theme and readable colours. The second language is one of
// the brand's own; its pass shows the pages' texts (screenshots) and the language list the brand offers (BA3).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { RuntimeConfig } from '../../src/core/contract';
import { ROUTES, type RouteDef } from '../../src/host/routing/routes';
import { SEEDED_BRANDS, type SeededBrand } from '../../src/host/seeded-brands.fixture';
import type { Account } from './auth-steps';
import { closeDialog, signIn } from './auth-steps';
import { navigateTo, openPage, screenshot, useBrowser } from './browser';
import type { ViewportName } from './browser';
import { fundedAccount } from './trading-steps';

const baseUrl = new URL(inject('baseUrl'));
const { browser } = useBrowser();
const SYMBOL = 'BTCUSDT';
const CHART = `/${SYMBOL}/chart`;

/** Each brand on its own host name (the default brand on the server's), and a second language it offers. */
const BRANDS = [
  { id: 'tradekit', host: baseUrl.hostname, second: 'de' },
  { id: 'aurora', host: 'aurora.localhost', second: 'ja' },
  { id: 'meridian', host: 'meridian.localhost', second: 'fr' },
] as const;
type MatrixBrand = (typeof BRANDS)[number];

/** Where a page the brand does not offer sends its address (the page's own rule); home when not listed. */
const NOT_OFFERED: Readonly<Record<string, string>> = {
  myWallet: '/user/wallet',
  standards: '/user',
  bankCard: '/user/wallet',
  addBankCard: '/user/wallet',
  editBankCard: '/user/wallet',
  crypto: '/user/wallet',
  addCrypto: '/user/wallet',
  deleteCrypto: '/user/wallet',
};

const BUILT = ROUTES.filter((route) => route.built && route.access !== 'signedOutOnly');
const pathOf = (route: RouteDef) =>
  route.path.replace(':symbol', SYMBOL) +
  (route.name === 'place' || route.name === 'placeOption' ? '?direction=0' : '');

/** Where a route opened by a brand's trader (real account, signed up by email) ends, by the brand's settings. */
function expectedLanding(brand: SeededBrand, route: RouteDef, vp: ViewportName): string {
  const on = (flag: string) => brand.on.includes(flag);
  const placement = route.account;
  const offered = (placement?.requires ?? []).every(on) && !(placement?.hiddenBy ?? []).some(on);
  if (!offered) return NOT_OFFERED[route.name] ?? '/';
  const mode = brand.brand.defaultTradeMode;
  // An order page belongs to its trade mode (home otherwise); the desktop shows it as the chart's panel.
  if (route.name === 'place' || route.name === 'placeOption') {
    if ((route.name === 'place') !== (mode === 'market')) return '/';
    return vp === 'desktop' ? CHART : route.path.replace(':symbol', SYMBOL);
  }
  // The trader signed up by email: there is no email left to bind.
  if (route.name === 'bindEmail') return '/user';
  return route.path.replace(':symbol', SYMBOL);
}

/** Until the page has settled: no part of it says it is busy, and two frames drawn after that. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], [data-testid="loading"]') && document.title !== '',
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Opens `to` through the host's navigation and answers where the page ends, in one call into the page (the
 * walk opens 33 routes per brand and shell): a page sends its address elsewhere once its code has loaded and
 * it knows the brand, so the wait is for where it should end (`want`, at most 10 s: a page that stays where it
 * should not shows in the comparison), then for no part of the page saying it is busy, and two frames.
 */
function visit(page: Page, to: string, want: string): Promise<string> {
  return page.evaluate(
    async ([path, end]) => {
      document.dispatchEvent(
        new CustomEvent('tk-navigate', { detail: { to: path }, bubbles: true, cancelable: true }),
      );
      const until = performance.now() + 10_000;
      while (location.pathname !== end && performance.now() < until)
        await new Promise((done) => requestAnimationFrame(done));
      while (
        (document.querySelector('[aria-busy="true"], [data-testid="loading"]') || document.title === '') &&
        performance.now() < until + 5_000
      )
        await new Promise((done) => requestAnimationFrame(done));
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return location.pathname;
    },
    [to, want] as const,
  );
}

async function go(page: Page, to: string): Promise<void> {
  await navigateTo(page, to);
  await settled(page);
}

/** The category ids of the quotation tabs, in order. */
async function tabOrder(page: Page): Promise<number[]> {
  const tabs = page.locator('[data-testid="quotation"] [role="tab"]');
  await tabs.first().waitFor();
  return tabs.evaluateAll((list) => list.map((tab) => Number(/-tab-(\d+)$/.exec(tab.id)?.[1])));
}

/** The languages the language menu offers (`lang` of its entries), the menu closed again. */
async function offeredLanguages(page: Page): Promise<string[]> {
  await go(page, '/');
  const menu = page.locator('.host-lang__button').first();
  if (await menu.isVisible()) await menu.click();
  else await page.getByTestId('top-more').click();
  const entries = page.locator('button[lang]');
  await entries.first().waitFor();
  const langs = await entries.evaluateAll((list) => list.map((entry) => entry.getAttribute('lang') ?? ''));
  await page.keyboard.press('Escape');
  return langs.sort();
}

async function walk(brand: MatrixBrand, seeded: SeededBrand, vp: ViewportName, account: Account) {
  const { context, page } = await openPage(browser(), vp);
  try {
    const origin = `http://${brand.host}:${baseUrl.port}`;
    const config = (await (
      await fetch(`${baseUrl.origin}/config.json?brand=${brand.id}`)
    ).json()) as RuntimeConfig;
    await page.goto(`${origin}/login`);
    await page.getByTestId('loading').waitFor({ state: 'detached', timeout: 20_000 });
    await signIn(page, vp, account);
    await closeDialog(page);

    // Every route, where it ends.
    const landed: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const route of BUILT) {
      const want = expectedLanding(seeded, route, vp);
      expected[route.name] = want;
      landed[route.name] = await visit(page, pathOf(route), want);
    }
    expect(landed, `${brand.id} ${vp}`).toEqual(expected);

    // The brand's look: theme and its up/down colours made readable on it.
    const look = await page.evaluate(() => ({
      theme: document.documentElement.dataset.tkTheme,
      up: document.documentElement.style.getPropertyValue('--tk-color-up'),
      down: document.documentElement.style.getPropertyValue('--tk-color-down'),
    }));
    const theme = config.brand.theme;
    expect(look).toEqual({ theme, ...config.brand.readableColors?.[theme] });

    // Template 1: the phone's home shows the trade grid; the desktop's rail toggles the quotation list (BA4).
    await go(page, '/');
    const templateMark = vp === 'mobile' ? '.host-trade-grid' : '.host-rail [data-panel="quotation"]';
    expect(await page.locator(templateMark).count(), `${brand.id} ${vp} template`).toBe(
      config.brand.template === 1 ? 1 : 0,
    );
    await screenshot(page, `matrix-${brand.id}-en-home`, vp);
    await go(page, '/quotation');
    expect(await tabOrder(page)).toEqual(config.brand.tradeList);
    await screenshot(page, `matrix-${brand.id}-en-quotation`, vp);

    // The user menu (the phone's page, the desktop's account dialog) lists the loan only where it is offered.
    await go(page, vp === 'mobile' ? '/user' : '/user/account');
    const loanListed =
      vp === 'mobile'
        ? await page.getByTestId('menu-loan').count()
        : await page.getByTestId('account-dialog').locator('a[href="/user/loan"]').count();
    expect(loanListed, `${brand.id} ${vp} loan entry`).toBe(seeded.on.includes('user/loan') ? 1 : 0);
    await screenshot(page, `matrix-${brand.id}-en-user`, vp);
    await closeDialog(page);

    // The second language: only the brand's languages are offered, and the pages speak it.
    expect(await offeredLanguages(page)).toEqual([...config.brand.languages].sort());
    await page.evaluate((lang) => localStorage.setItem('language', lang), brand.second);
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 20_000 })
      .toBe(brand.second);
    for (const to of ['/', '/quotation', vp === 'mobile' ? '/user' : '/user/account']) {
      await go(page, to);
      await screenshot(
        page,
        `matrix-${brand.id}-${brand.second}-${to === '/' ? 'home' : to.split('/').pop()}`,
        vp,
      );
    }
  } finally {
    await context.close();
  }
}

describe('the seeded brands on both shells in two languages', () => {
  for (const brand of BRANDS) {
    it(`${brand.id}: every route ends where its switches say, with the brand's look, tabs and languages`, async () => {
      const seeded = SEEDED_BRANDS.find((b) => b.id === brand.id);
      if (!seeded) throw new Error(`${brand.id} is not a seeded brand`);
      const account = await fundedAccount('10000', brand.id);
      await Promise.all((['mobile', 'desktop'] as const).map((vp) => walk(brand, seeded, vp, account)));
    });
  }
});
