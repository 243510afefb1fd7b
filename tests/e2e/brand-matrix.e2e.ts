// Issue #22: the seeded brands × both shells × two languages × both themes, with axe. Each brand, on its own host
// name, first shows a visitor its signed-out pages (sign-in, registration, password reset: all axe rules), and the
// registration form offers the brand's registration types. Then the brand's own trader opens every built route
// through the host's navigation, twice: in English in the brand's own theme, then in a second language of the
// brand's and the other theme (the stored choices and one reload, as a returning visitor gets them). Both times the
// test holds where each route ends to what the brand's switches and trade modes say (the route table's flags), and
// runs axe on each page that opens as itself: all rules in English, the colour rules in the other theme (a theme
// changes colours, a language words, neither the elements; in a modal dialog, the dialog's; BA5). In between: the quotation tabs follow the brand's
// trade list, template 1 shows its trade grid (phone) and its quotation-list toggle (desktop), the user menu lists
// the loan only where it is offered, the page takes the brand's theme and readable colours, and the language menu
// lists the brand's languages (BA3). The default brand's signed-in pages get their axe check here, not in
// accessibility.e2e.ts.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { RuntimeConfig } from '../../src/core/contract';
import { ROUTES, type RouteDef } from '../../src/host/routing/routes';
import { SEEDED_BRANDS, type SeededBrand } from '../../src/host/seeded-brands.fixture';
import type { Account } from './auth-steps';
import { authRoot, closeDialog, signIn } from './auth-steps';
import { COLOUR_RULES, describeViolations, loadAxe, type AxeViolation } from './a11y';
import { navigateTo, openPage, screenshot, SHOOTING, useBrowser } from './browser';
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
/** The pages only a visitor without a session opens (sign-in, registration, password reset). */
const SIGNED_OUT = ROUTES.filter((route) => route.built && route.access === 'signedOutOnly');
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

/** Which axe rules a visit runs on the page it opens: all, the colour rules, or none. */
type Rules = 'all' | 'none' | readonly string[];

/**
 * Opens `to` through the host's navigation, answers where the page ends and, when it ends at `want`, what axe
 * finds there (`rules`), in one call into the page (the walk opens 33 routes per brand, shell and language): a page
 * sends its address elsewhere once its code has loaded and it knows the brand, so the wait is for where it should
 * end (`want`, at most 10 s: a page that stays where it should not shows in the comparison), then for no part of
 * the page saying it is busy, and two frames. axe must be in the document (`loadAxe`).
 */
function visit(
  page: Page,
  to: string,
  want: string,
  rules: Rules,
): Promise<{ at: string; found: AxeViolation[] }> {
  return page.evaluate(
    async ([path, end, only]) => {
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
      const at = location.pathname;
      if (only === 'none' || at !== end) return { at, found: [] };
      const axe = (window as unknown as { axe: { run(context: Node, options: object): Promise<unknown> } })
        .axe;
      const options = only === 'all' ? {} : { runOnly: { type: 'rule', values: only } };
      // The colour rules in a modal dialog (the desktop's account pages) look at the dialog: the page under its
      // backdrop is dimmed, which axe cannot measure, and it is a route of its own, checked in its turn.
      const modal = only === 'all' ? null : document.querySelector('[aria-modal="true"]');
      const result = (await axe.run(modal ?? document, { resultTypes: ['violations'], ...options })) as {
        violations: AxeViolation[];
      };
      // Only what the report reads crosses back (axe's full results carry every check of every element).
      const found = result.violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
      }));
      return { at, found };
    },
    [to, want, rules] as const,
  );
}

/**
 * Opens every built signed-in route and holds where each ends to `expectedLanding`; axe (`rules`) runs on each
 * page that opens as itself (a page sent elsewhere is one of the list, checked in its own turn). The violations.
 */
async function walkRoutes(
  page: Page,
  seeded: SeededBrand,
  vp: ViewportName,
  rules: Rules,
  where: string,
): Promise<string[]> {
  const found: string[] = [];
  const landed: Record<string, string> = {};
  const expected: Record<string, string> = {};
  for (const route of BUILT) {
    const want = expectedLanding(seeded, route, vp);
    const own = want === route.path.replace(':symbol', SYMBOL);
    expected[route.name] = want;
    const visited = await visit(page, pathOf(route), want, own ? rules : 'none');
    landed[route.name] = visited.at;
    found.push(...describeViolations(visited.found, `${where} ${route.name}:`));
  }
  expect(landed, where).toEqual(expected);
  return found;
}

/**
 * What the registration form offers: the options of its email/phone switch in order (none with one type), the
 * chosen one, and the account field it shows.
 */
async function registerOffer(page: Page, vp: ViewportName) {
  const auth = authRoot(page, vp);
  await auth.getByTestId('auth-send-code').waitFor();
  return auth.evaluate((root) => ({
    options: [...root.querySelectorAll('[role="radiogroup"] [role="radio"]')].map((o) =>
      o.getAttribute('data-testid'),
    ),
    chosen: root.querySelector('[role="radio"][aria-checked="true"]')?.getAttribute('data-testid') ?? null,
    field: root
      .querySelector('[data-testid="auth-email"], [data-testid="auth-phone"]')
      ?.getAttribute('data-testid'),
  }));
}

/** The registration form a brand's `registerTypes` ask for (first = the one chosen at first). */
function offerOf(types: ReadonlyArray<'E' | 'P'>) {
  const tab = (type: 'E' | 'P') => (type === 'E' ? 'auth-tab-email' : 'auth-tab-phone');
  return {
    options: types.length > 1 ? types.map(tab) : [],
    chosen: types.length > 1 ? tab(types[0]!) : null,
    field: types[0] === 'P' ? 'auth-phone' : 'auth-email',
  };
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

/** One brand on one shell, signed out then signed in, in both languages and themes: the axe violations. */
async function walk(brand: MatrixBrand, seeded: SeededBrand, vp: ViewportName, account: Account) {
  const { context, page } = await openPage(browser(), vp);
  try {
    const origin = `http://${brand.host}:${baseUrl.port}`;
    const config = (await (
      await fetch(`${baseUrl.origin}/config.json?brand=${brand.id}`)
    ).json()) as RuntimeConfig;
    const theme = config.brand.theme;
    const otherTheme = theme === 'light' ? 'dark' : 'light';
    const found: string[] = [];
    await page.goto(`${origin}/login`);
    await page.getByTestId('loading').waitFor({ state: 'detached', timeout: 20_000 });
    await loadAxe(page);

    // Signed out: the visitor's pages with all axe rules; registration offers the brand's types, its first chosen.
    for (const route of SIGNED_OUT) {
      const visited = await visit(page, route.path, route.path, 'all');
      expect(visited.at, `${brand.id} ${vp} visitor ${route.name}`).toBe(route.path);
      found.push(
        ...describeViolations(visited.found, `${brand.id} ${vp} en ${theme} visitor ${route.name}:`),
      );
      if (route.name === 'register')
        expect(await registerOffer(page, vp), `${brand.id} ${vp} registration`).toEqual(
          offerOf(config.brand.registerTypes),
        );
    }
    await visit(page, '/login', '/login', 'none');
    await signIn(page, vp, account);
    await closeDialog(page);

    // Every route in English and the brand's theme, where it ends, all axe rules.
    found.push(...(await walkRoutes(page, seeded, vp, 'all', `${brand.id} ${vp} en ${theme}`)));

    // The brand's look: theme and its up/down colours made readable on it.
    const look = await page.evaluate(() => ({
      theme: document.documentElement.dataset.tkTheme,
      up: document.documentElement.style.getPropertyValue('--tk-color-up'),
      down: document.documentElement.style.getPropertyValue('--tk-color-down'),
    }));
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

    // The second language in the other theme: only the brand's languages are offered; as a returning visitor's
    // stored choices, then every route again, where it ends, the colour rules (the elements are the English pass's).
    expect(await offeredLanguages(page)).toEqual([...config.brand.languages].sort());
    await page.evaluate(
      ([lang, chosen]) => {
        localStorage.setItem('language', lang);
        localStorage.setItem('theme', chosen);
      },
      [brand.second, otherTheme] as const,
    );
    await page.reload();
    await expect
      .poll(
        () => page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.tkTheme]),
        { timeout: 20_000 },
      )
      .toEqual([brand.second, otherTheme]);
    await page.getByTestId('loading').waitFor({ state: 'detached', timeout: 20_000 });
    await loadAxe(page);
    const second = `${brand.id} ${vp} ${brand.second} ${otherTheme}`;
    found.push(...(await walkRoutes(page, seeded, vp, COLOUR_RULES, second)));
    // The second look's screenshots (TK_SCREENSHOTS): the pages are the walk's, only shot again.
    for (const to of SHOOTING ? ['/', '/quotation', vp === 'mobile' ? '/user' : '/user/account'] : []) {
      await go(page, to);
      await screenshot(
        page,
        `matrix-${brand.id}-${brand.second}-${otherTheme}-${to === '/' ? 'home' : to.split('/').pop()}`,
        vp,
      );
    }
    return found;
  } finally {
    await context.close();
  }
}

describe('the seeded brands on both shells in two languages and both themes', () => {
  for (const brand of BRANDS) {
    // Two walks of 33 routes and about 60 axe runs on each shell, the two shells side by side: about 25 s a brand
    // on two busy cores, most of it axe on the desktop's pages.
    it(
      `${brand.id}: every route ends where its switches say, with the brand's look, tabs and languages, and passes axe`,
      { timeout: 120_000 },
      async () => {
        const seeded = SEEDED_BRANDS.find((b) => b.id === brand.id);
        if (!seeded) throw new Error(`${brand.id} is not a seeded brand`);
        const account = await fundedAccount('10000', brand.id);
        const found = await Promise.all(
          (['mobile', 'desktop'] as const).map((vp) => walk(brand, seeded, vp, account)),
        );
        expect(found.flat()).toEqual([]);
      },
    );
  }
});
