// One Chromium for all test files, one context per viewport, screenshots under test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { focused, nameOf } from './keyboard-steps';
import { trackBearer } from './page-session';

/** The two viewports every host page is checked in. */
export const VIEWPORTS = {
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1440, height: 900 } },
} satisfies Record<string, BrowserContextOptions>;

export type ViewportName = keyof typeof VIEWPORTS;

const SCREENSHOT_DIR = resolve(import.meta.dirname, '..', '..', 'test-results', 'screenshots');

/**
 * Registers beforeAll/afterAll that connect this file to the project's one Chromium (launched by
 * tests/e2e/browser-server.ts instead of once per file); call `browser()` inside tests. Disconnecting closes
 * every context the file opened. Connected remotely, a download is read with createReadStream, not path().
 */
export function useBrowser(): { browser: () => Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    // The browser files share one worker and its modules (TR22): the tally starts again for each file.
    Object.assign(cspTally, emptyTally());
    pageProblems.splice(0);
    openPages.clear();
    browser = await chromium.connect(inject('browserEndpoint'));
  });
  afterEach(async ({ task }) => {
    // A test that failed (a timeout names no step) prints where each of its open pages stood.
    if (task.result?.state === 'fail') for (const page of openPages) console.error(await pageState(page));
    expect(pageProblems.splice(0), 'errors reported by the pages').toEqual([]);
  });
  afterAll(async () => {
    const { documents, withPolicy, violations, provoked } = cspTally;
    console.info(
      `[csp] ${violations - provoked} violations across ${documents} documents (${withPolicy} with a policy); ` +
        `${provoked} more provoked by a test on purpose`,
    );
    await browser?.close();
  });
  return {
    browser: () => {
      if (!browser) throw new Error('The browser is not started yet.');
      return browser;
    },
  };
}

/**
 * A fresh context and page in a viewport (see newPage). Pages ask for reduced motion unless `options` say
 * otherwise (TR9 in docs/decisions.md): the quotes' price flashes kept a desktop page's renderer a third
 * busy while it only waited, on a machine that runs the browser, the server and the suites on two cores.
 * quotes-host.e2e.ts checks the flashes with motion allowed and their absence with motion reduced.
 */
export async function openPage(
  browser: Browser,
  viewport: ViewportName,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...VIEWPORTS[viewport],
    locale: 'en-US',
    reducedMotion: 'reduce',
    // The host's service worker (push, offline page) has a suite of its own (web-push.e2e.ts), which allows
    // it; elsewhere it stays out, so requests a test routes or cuts never pass through a worker instead.
    serviceWorkers: 'block',
    ...options,
  });
  return { context, page: await newPage(context) };
}

/**
 * Console errors that are not the page's fault: a refused request or socket is logged by Chromium itself, and
 * the tests assert the answers they expect (the back office's 401 before sign-in, the refused reconnects).
 */
const NETWORK_NOISE = [/^Failed to load resource: /, /^WebSocket connection to '.*' failed/];

/** Page errors and console errors of this file's pages since the last test ended (useBrowser checks them). */
const pageProblems: string[] = [];

/** A Content-Security-Policy violation as the page's `securitypolicyviolation` event reports it. */
interface CspViolation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
  document: string;
}

/** This file's documents (frames included), those that came with a policy, and the violations they reported. */
export const cspTally = emptyTally();

function emptyTally() {
  return { documents: 0, withPolicy: 0, violations: 0, provoked: 0 };
}

const CSP_PROBLEM = /^csp violation: |violates the following Content Security Policy directive/;
const WIDGET_WARNING = 'widget warning: ';

/** Takes the problems that `matches` out of those that would fail the test, and returns them. */
function takeProblems(matches: (problem: string) => boolean): string[] {
  const taken = pageProblems.filter(matches);
  pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((problem) => !matches(problem)));
  return taken;
}

/**
 * Takes the CSP violations (and Chromium's console lines about them) reported since the last test ended out
 * of the problems that would fail the test: for a test that provokes violations on purpose.
 */
export function takeCspViolations(): string[] {
  const taken = takeProblems((problem) => CSP_PROBLEM.test(problem));
  const violations = taken.filter((problem) => problem.startsWith('csp violation: '));
  cspTally.provoked += violations.length;
  return violations;
}

/** Takes the widgets' attribute warnings out of the problems that would fail the test (EK1), for a test that makes the mistake on purpose. */
export function takeWidgetWarnings(): string[] {
  return takeProblems((problem) => problem.startsWith(WIDGET_WARNING)).map((problem) =>
    problem.slice(WIDGET_WARNING.length),
  );
}

/** Forwards every `securitypolicyviolation` of every document and frame of `page` to the test (CS10). */
async function collectCspViolations(page: Page): Promise<void> {
  await page.exposeBinding('__tkCspViolation', (_source, violation: CspViolation) => {
    cspTally.violations += 1;
    const text = `csp violation: ${violation.directive} blocked ${violation.blocked || '(inline)'} at ${violation.source} on ${violation.document} (${violation.sample})`;
    console.error(`[${text}]`);
    pageProblems.push(text);
  });
  await page.addInitScript(() => {
    const report = (globalThis as unknown as { __tkCspViolation: (v: CspViolation) => void })
      .__tkCspViolation;
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        report({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: `${event.sourceFile}:${event.lineNumber}`,
          sample: event.sample,
          document: event.documentURI,
        }),
      true,
    );
  });
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'document') return;
    cspTally.documents += 1;
    if (response.headers()['content-security-policy']) cspTally.withPolicy += 1;
  });
}

/** The pages this file opened that are still open (the failure report of useBrowser reads them). */
const openPages = new Set<Page>();

/**
 * Where a page stands, for a failed test's output: its address, what has the focus, and the notices, alerts and
 * live regions it shows. At most 3 s: a page whose renderer is stuck answers that.
 */
async function pageState(page: Page): Promise<string> {
  const read = (async () => {
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('.tk-toast, [role="alert"], [role="status"], [aria-live]')]
        .map((n) => (n.textContent ?? '').trim())
        .filter(Boolean)
        .map((text) => text.slice(0, 120)),
    );
    return `${page.url()} · focus ${nameOf(await focused(page))} · shown: ${JSON.stringify(shown)}`;
  })();
  const stuck = new Promise<string>((done) => setTimeout(() => done('no answer in 3 s'), 3_000).unref());
  const state = await Promise.race([read, stuck]).catch((error: Error) => `unreadable: ${error.message}`);
  return `[page at failure] ${state}`;
}

/**
 * A new page in `context`. Page errors, console errors and failed requests are echoed to help debugging;
 * a page error, a console error that is not network noise or a CSP violation fails the test it happened in.
 */
export async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  trackBearer(page);
  await collectCspViolations(page);
  page.on('pageerror', (error) => {
    console.error(`[page error] ${error.message}`);
    pageProblems.push(`page error: ${error.message}`);
  });
  page.on('console', (message) => {
    const text = message.text();
    // A widget's warning about an attribute it does not have or a value it does not accept (EK1): no page of
    // ours, example or host, may make the mistake it warns a partner about.
    if (message.type() === 'warning' && /^TradeKit: <tk-[a-z-]+[ >](?! is already defined)/.test(text)) {
      console.error(`[console] ${text}`);
      pageProblems.push(`${WIDGET_WARNING}${text}`);
      return;
    }
    if (message.type() !== 'error') return;
    console.error(`[console] ${text}`);
    if (!NETWORK_NOISE.some((noise) => noise.test(text))) pageProblems.push(`console error: ${text}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) console.error(`[http ${response.status()}] ${response.url()}`);
  });
  return page;
}

/**
 * Screenshots are taken when `TK_SCREENSHOTS` is set (`TK_SCREENSHOTS=1 npm test -- --project 'e2e*'`), as the
 * journeys' own extra shots are: an image asserts nothing, and the suite's 250 of them cost a minute of its two
 * cores (TR31).
 */
export const SHOOTING = Boolean(process.env.TK_SCREENSHOTS);

/** With `TK_SCREENSHOTS`: saves `test-results/screenshots/<name>-<viewport>.png` and answers its path; else null. */
export async function screenshot(page: Page, name: string, viewport: ViewportName): Promise<string | null> {
  if (!SHOOTING) return null;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}-${viewport}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/** The bytes of a `data:…;base64,` URL, as a page's canvas gives them (`toDataURL`). */
export function bytesOfDataUrl(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** Goes to an in-app path of the host the way a widget asks it to: the `tk-navigate` event, no reload. */
export async function navigateTo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    document.dispatchEvent(
      new CustomEvent('tk-navigate', { detail: { to }, bubbles: true, cancelable: true }),
    );
  }, path);
}

/** Switches the interface language with the language menu (top bar on desktop, home page on mobile). */
export async function switchLanguage(page: Page, vp: ViewportName, code: string): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.lang)) === code) return;
  // Home first: it holds the menu on mobile, and on desktop it closes the account dialog over the top bar.
  await navigateTo(page, '/');
  await page.locator(vp === 'mobile' ? '[data-testid="home"]' : '[data-testid="chart-panel"]').waitFor();
  await page.locator('[data-testid="account-dialog"]').waitFor({ state: 'detached' });
  // On a narrow desktop top bar the language lives in the More menu.
  const menu = page.locator('.host-lang__button').first();
  if (await menu.isVisible()) await menu.click();
  else await page.getByTestId('top-more').click();
  await page.locator(`button[lang="${code}"]`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 10_000 }).toBe(code);
}

/** A switch that cuts one page off the network and gives it back (see `cuttableNetwork`). */
export interface NetworkCut {
  cut(): Promise<void>;
  restore(): Promise<void>;
}

/**
 * Lets a test cut `page` off the server mid-session and restore it: its sockets whose path contains
 * `socketPath` are closed (code 4000, as a dropped line) and a new one is held open without a server behind
 * it while cut, and its requests to `/v1/` fail as offline. Chromium's offline emulation
 * (`context.setOffline`) leaves open WebSockets running, and it would cut the context's other pages too
 * (the operator's back office). Call it before the page opens its sockets: they are routed through the
 * test from then on.
 */
export async function cuttableNetwork(page: Page, socketPath = '/exchange-ws/'): Promise<NetworkCut> {
  type Route = Parameters<Parameters<Page['routeWebSocket']>[1]>[0];
  const live = new Set<Route>();
  const held = new Set<Route>();
  let isCut = false;
  const api = (url: URL) => url.pathname.startsWith('/v1/');
  const offline = (route: { abort: (code: string) => Promise<void> }) => route.abort('internetdisconnected');
  await page.routeWebSocket(
    (url) => url.pathname.includes(socketPath),
    (ws) => {
      if (isCut) return void held.add(ws);
      ws.connectToServer();
      live.add(ws);
    },
  );
  const closeAll = async (routes: Set<Route>) => {
    const closing = [...routes].map((ws) => ws.close({ code: 4000, reason: 'network cut' }));
    routes.clear();
    await Promise.all(closing);
  };
  return {
    async cut() {
      isCut = true;
      await page.route(api, offline);
      await closeAll(live);
    },
    async restore() {
      isCut = false;
      await page.unroute(api, offline);
      await closeAll(held);
    },
  };
}
