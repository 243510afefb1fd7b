// The framework and rebrand examples on a brand's own origin (examples/react-19, vue-3, rebrand-tokens), one
// after the other in one desktop page: live rows, a picked row shown by the linked chart, the partner's own
// framework beside the widgets' React, one market socket, and a rebrand made of tokens and parts only.
import type { Page, WebSocket as PageSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { reactFiles, readManifest } from '../fixtures/dist-graph';
import { openPage, screenshot, takeWidgetWarnings, useBrowser } from './browser';
import { expectTicking, row, rows } from './quotes';
import { SENTINEL, sentinelSocket } from './sentinel';

const baseUrl = inject('baseUrl');
const examplesUrl = inject('examplesUrl');
const { browser } = useBrowser();

/** React's marker string, in every copy of React (the platform's chunk and a partner's bundle). */
const REACT_MARKER = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE';

/** What one document of the page fetched (each URL, how often) and which sockets it opened. */
interface Traffic {
  requests: Map<string, number>;
  sockets: PageSocket[];
  bodies: Map<string, Promise<string>>;
}

let page: Page;
let traffic: Traffic;

beforeAll(async () => {
  ({ page } = await openPage(browser(), 'desktop'));
  page.on('request', (request) => {
    traffic.requests.set(request.url(), (traffic.requests.get(request.url()) ?? 0) + 1);
  });
  page.on('websocket', (socket) => traffic.sockets.push(socket));
  page.on('response', (response) => {
    if (response.url().startsWith(examplesUrl) && response.url().endsWith('.js')) {
      traffic.bodies.set(new URL(response.url()).pathname, response.text());
    }
  });
});

afterAll(async () => {
  await page?.context().close();
});

/** Opens an example in the shared page with fresh traffic counts. */
async function open(example: string): Promise<void> {
  traffic = { requests: new Map(), sockets: [], bodies: new Map() };
  await page.goto(`${examplesUrl}/${example}/`);
}

/**
 * The market sockets the widgets opened: a socket the page opens now and the test awaits is the sentinel,
 * and the page reports its sockets in order, so any second connection of the widgets came before it.
 */
async function widgetSockets(): Promise<string[]> {
  await sentinelSocket(page, baseUrl);
  return traffic.sockets.map((socket) => socket.url()).filter((url) => !url.includes(SENTINEL));
}

/** Clicks a quote row and returns the detail of the `tk-symbol-select` event it fired. */
async function pickRow(symbol: string): Promise<unknown> {
  const fired = page.evaluate(
    () =>
      new Promise((resolve) =>
        document.addEventListener('tk-symbol-select', (event) => resolve((event as CustomEvent).detail), {
          once: true,
        }),
      ),
  );
  await row(page, symbol).click();
  return fired;
}

/** Waits until the chart and the list show `symbol`: the attributes, the chart's product and the marked row. */
async function expectLinked(symbol: string): Promise<void> {
  const quotes = page.locator('tk-quotes');
  const chart = page.locator('tk-chart');
  await expect.poll(() => chart.getAttribute('symbol'), { timeout: 10_000 }).toBe(symbol);
  await expect.poll(() => quotes.getAttribute('selected'), { timeout: 10_000 }).toBe(symbol);
  await expect
    .poll(() => chart.locator('[part="symbol-select"]').inputValue(), { timeout: 15_000 })
    .toBe(symbol);
  expect(await row(quotes, symbol).getAttribute('part')).toBe('row row-selected');
}

/** Each platform script came once, and the page's own bundle (`main.js`) from the examples origin, once. */
async function expectOwnBundle(example: string): Promise<string> {
  const scripts = [...traffic.requests].filter(([url]) => url.startsWith(baseUrl) && url.endsWith('.js'));
  expect(scripts.filter(([, count]) => count !== 1)).toEqual([]);
  const platformReact = reactFiles(readManifest());
  expect(platformReact.length).toBeGreaterThan(0);
  for (const file of platformReact) expect(traffic.requests.get(`${baseUrl}/${file}`)).toBe(1);
  expect(traffic.requests.get(`${examplesUrl}/${example}/main.js`)).toBe(1);
  const bundle = await traffic.bodies.get(`/${example}/main.js`);
  expect(bundle).toBeDefined();
  // Self-contained: the partner's bundle imports nothing, from the platform or elsewhere.
  expect(bundle).not.toMatch(/\bimport\s*[("'{*]/);
  return bundle!;
}

describe('examples on a brand origin: React 19, Vue 3 and a rebrand by tokens and parts', () => {
  it('react-19: typed props and events link the list and the chart; the app has its own React', async () => {
    await open('react-19');
    const watch = page.locator('#watch tk-quotes');
    await expectTicking(watch, 'BTCUSDT');
    expect(await rows(watch).evaluateAll((list) => list.map((r) => r.dataset.symbol))).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'XAUUSD',
      'EURUSD',
      'AAPL',
    ]);
    // `miniChart={false}`, a boolean property: no sparkline.
    expect(await watch.locator('[part="mini-chart"]').count()).toBe(0);
    await expectLinked('BTCUSDT');

    expect(await pickRow('ETHUSDT')).toEqual({ symbol: 'ETHUSDT' });
    await expectLinked('ETHUSDT');
    await expect.poll(() => page.getByTestId('product-title').textContent()).toBe('ETHUSDT');

    // Two copies of React: the partner's, in its own bundle, and the widgets' chunk, fetched once. Each copy
    // marks its roots with a key of its own (`__reactContainer$<random>`).
    expect(await expectOwnBundle('react-19')).toContain(REACT_MARKER);
    const keys = await page.evaluate(() => {
      const key = (node: object) => Object.keys(node).find((k) => k.startsWith('__reactContainer$'));
      return {
        app: key(document.getElementById('root')!),
        widget: key(document.querySelector('tk-quotes')!.shadowRoot!),
      };
    });
    expect(keys.app).toMatch(/^__reactContainer\$/);
    expect(keys.widget).toMatch(/^__reactContainer\$/);
    expect(keys.app).not.toBe(keys.widget);

    const sockets = await widgetSockets();
    expect(sockets.filter((url) => new URL(url).pathname === '/market-ws')).toHaveLength(1);
    expect(takeWidgetWarnings()).toEqual([]);
    await screenshot(page, 'examples-react-19', 'desktop');
  });

  it('vue-3: reactive attributes and @tk-symbol-select link the list and the chart', async () => {
    await open('vue-3');
    const watch = page.locator('#watch tk-quotes');
    await row(watch, 'ETHUSDT')
      .locator('[data-field="price"]')
      .waitFor({ state: 'visible', timeout: 15_000 });
    await expect
      .poll(() => row(watch, 'ETHUSDT').locator('[data-field="price"]').textContent())
      .toMatch(/\d/);
    expect(await rows(watch).count()).toBe(5);
    await expectLinked('BTCUSDT');

    expect(await pickRow('XAUUSD')).toEqual({ symbol: 'XAUUSD' });
    await expectLinked('XAUUSD');
    await expect.poll(() => page.getByTestId('product-title').textContent()).toBe('XAUUSD');

    // The partner's Vue is in its bundle and runs the page (`__vue_app__` on its mount point); the widgets keep
    // their React, fetched once.
    const bundle = await expectOwnBundle('vue-3');
    expect(bundle).not.toContain(REACT_MARKER);
    expect(await page.evaluate(() => '__vue_app__' in document.getElementById('app')!)).toBe(true);

    const sockets = await widgetSockets();
    expect(sockets.filter((url) => new URL(url).pathname === '/market-ws')).toHaveLength(1);
    expect(takeWidgetWarnings()).toEqual([]);
    await screenshot(page, 'examples-vue-3', 'desktop');
  });

  it('rebrand-tokens: the brand font and colours from tokens, rounded rows from ::part rules', async () => {
    await open('rebrand-tokens');
    await expectTicking(page, 'BTCUSDT');
    const btc = row(page, 'BTCUSDT');
    const style = (selector: string, properties: string[]) =>
      page
        .locator(selector)
        .first()
        .evaluate((element, names) => {
          const computed = getComputedStyle(element);
          return Object.fromEntries(names.map((name) => [name, computed.getPropertyValue(name)]));
        }, properties);
    // Tokens: the row inherits the brand's font and text colour.
    expect(await btc.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^Georgia/);
    // ::part(row): rounded, with a border all round; ::part(row-selected): outlined in the accent token.
    expect(
      await style('tk-quotes [part~="row-selected"]', [
        'border-radius',
        'border-top-color',
        'background-color',
      ]),
    ).toEqual({
      'border-radius': '12px',
      'border-top-color': 'rgb(107, 45, 140)',
      'background-color': 'rgb(243, 228, 251)',
    });
    expect(
      await style('tk-quotes [part~="row"]:not([part~="row-selected"])', [
        'border-radius',
        'border-top-width',
        'color',
      ]),
    ).toEqual({
      'border-radius': '12px',
      'border-top-width': '1px',
      color: 'rgb(59, 31, 74)',
    });
    expect(await style('tk-chart [part="buy"]', ['border-top-left-radius'])).toEqual({
      'border-top-left-radius': '999px',
    });
    expect(await style('tk-chart [part="header"]', ['background-color'])).toEqual({
      'background-color': 'rgb(253, 240, 213)',
    });

    expect(await pickRow('EURUSD')).toEqual({ symbol: 'EURUSD' });
    await expectLinked('EURUSD');
    expect(takeWidgetWarnings()).toEqual([]);
    await screenshot(page, 'examples-rebrand-tokens', 'desktop');
  });
});
