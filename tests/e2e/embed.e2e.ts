// Embedding on a brand's own origin: the examples are served from a second origin and load the widget
// from the platform origin, as a brand's site would.
import type { Locator, Page, WebSocket as PageSocket } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { Topic, brandTopic } from '../../src/core/contract/paths';
import { reactFiles, readManifest } from '../fixtures/dist-graph';
import { openPage, screenshot, takeCspViolations, takeWidgetWarnings, useBrowser } from './browser';
import { expectTicking, row, rows } from './quotes';
import { SENTINEL, sentinelSocket } from './sentinel';

const baseUrl = inject('baseUrl');
const examplesUrl = inject('examplesUrl');
const { browser } = useBrowser();

/** Counts every request per URL and every WebSocket the page opens. */
function watchNetwork(page: Page): { requests: Map<string, number>; sockets: PageSocket[] } {
  const requests = new Map<string, number>();
  const sockets: PageSocket[] = [];
  page.on('request', (request) => requests.set(request.url(), (requests.get(request.url()) ?? 0) + 1));
  page.on('websocket', (socket) => sockets.push(socket));
  return { requests, sockets };
}

/** Destinations of the STOMP MESSAGE frames the page's sockets receive. */
function watchMessages(page: Page): string[] {
  const destinations: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      if (!text.startsWith('MESSAGE\n')) return;
      const header = /\ndestination:([^\n]*)\n/.exec(text);
      if (header) destinations.push(header[1]!);
    }),
  );
  return destinations;
}

describe('examples/plain-html on another origin', () => {
  it('renders live rows from the platform origin with one script tag', async () => {
    expect(new URL(examplesUrl).origin).not.toBe(new URL(baseUrl).origin);
    const { context, page } = await openPage(browser(), 'desktop');
    try {
      const { requests } = watchNetwork(page);
      const messages = watchMessages(page);
      // How each script of the platform came: brotli from the build's precompressed copies (EK2).
      const encodings = new Map<string, string>();
      page.on('response', (response) => {
        if (response.url().startsWith(`${baseUrl}/widgets/`)) {
          encodings.set(new URL(response.url()).pathname, response.headers()['content-encoding'] ?? 'none');
        }
      });
      await page.goto(`${examplesUrl}/plain-html/`);
      await expectTicking(page, 'BTCUSDT');
      // Seven symbols of five categories: one list (no tabs asked for), PP4.
      expect(await rows(page).count()).toBe(7);
      expect(await page.locator('tk-quotes [role="tablist"]').count()).toBe(0);
      // Their prices only, never the whole catalogue (PP1): each symbol's snapshot came, and nothing else but the
      // brand's revision (BE10).
      const own = [
        ...['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XAUUSD', 'EURUSD', 'US30', 'AAPL'].map(Topic.symbolPrices),
        brandTopic('tradekit'),
      ];
      await expect.poll(() => new Set(messages).size, { timeout: 10_000 }).toBe(own.length);
      expect(new Set(messages)).toEqual(new Set(own));
      expect(requests.get(`${baseUrl}/widgets/tk-quotes.js`)).toBe(1);
      const react = reactFiles(readManifest()).map((file) => `/${file}`);
      expect(react.length).toBeGreaterThan(0);
      for (const file of react) expect(encodings.get(file)).toBe('br');
      expect(encodings.get('/widgets/tk-quotes.js')).toBe('br');
      await screenshot(page, 'embed-plain-html', 'desktop');

      // A partner's mistakes (EK1): a category in another spelling is read, a misspelt attribute warns once.
      const snippet =
        '<tk-quotes id="mistaken" symbols="BTCUSDT,EURUSD" category="Crypto" layuot="logo"></tk-quotes>';
      await page.evaluate((html) => {
        document.body.insertAdjacentHTML('beforeend', html);
        document.body.insertAdjacentHTML('beforeend', html.replace('mistaken', 'mistaken-twice'));
      }, snippet);
      const mistaken = page.locator('#mistaken [part~="row"]');
      await expect
        .poll(() => mistaken.evaluateAll((r) => r.map((row) => (row as HTMLElement).dataset.symbol)), {
          timeout: 10_000,
        })
        .toEqual(['BTCUSDT']);
      // Once for both copies; any later one would fail the test as a page problem.
      const warnings: string[] = [];
      const taken = () => {
        warnings.push(...takeWidgetWarnings());
        return [...warnings];
      };
      await expect
        .poll(taken, { timeout: 10_000 })
        .toEqual([
          'TradeKit: <tk-quotes> has no attribute "layuot" (did you mean "layout"?); its attributes: api, symbols, category, lang, theme, layout, mini-chart, selected, tabs.',
        ]);
    } finally {
      await context.close();
    }
  });
});

describe('examples/plain-html/lite.html: the lite tk-quotes on Preact (EK14)', () => {
  it('renders live rows and fires tk-symbol-select, with the lite build only', async () => {
    const { context, page } = await openPage(browser(), 'desktop');
    try {
      const { requests } = watchNetwork(page);
      const encodings = new Map<string, string>();
      page.on('response', (response) => {
        if (response.url().startsWith(`${baseUrl}/widgets/`)) {
          encodings.set(new URL(response.url()).pathname, response.headers()['content-encoding'] ?? 'none');
        }
      });
      await page.goto(`${examplesUrl}/plain-html/lite.html`);
      await expectTicking(page, 'BTCUSDT');
      expect(await rows(page).count()).toBe(7);
      // Every script of the platform came from the lite build, precompressed (EK2): none of the React widgets'.
      const scripts = [...encodings.keys()];
      expect(scripts.filter((path) => !path.startsWith('/widgets/lite/'))).toEqual([]);
      const preact = scripts.filter((path) => /^\/widgets\/lite\/chunks\/preact-[\w-]+\.js$/.test(path));
      expect(preact).toHaveLength(1);
      expect([encodings.get('/widgets/lite/tk-quotes.js'), encodings.get(preact[0]!)]).toEqual(['br', 'br']);
      expect(requests.get(`${baseUrl}/widgets/lite/tk-quotes.js`)).toBe(1);

      await page.evaluate(() => {
        const page = window as unknown as { selected?: string[] };
        page.selected = [];
        document.addEventListener('tk-symbol-select', (e) =>
          page.selected?.push((e as CustomEvent<{ symbol: string }>).detail.symbol),
        );
      });
      await row(page, 'EURUSD').click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { selected: string[] }).selected), {
          timeout: 10_000,
        })
        .toEqual(['EURUSD']);
      await screenshot(page, 'embed-plain-html-lite', 'desktop');
    } finally {
      await context.close();
    }
  });
});

describe('examples/partner-layout with two widgets', () => {
  it('opens exactly one market socket and fetches each module once', async () => {
    const { context, page } = await openPage(browser(), 'desktop');
    try {
      const { requests, sockets } = watchNetwork(page);
      await page.goto(`${examplesUrl}/partner-layout/`);
      const crypto = page.locator('#crypto-panel tk-quotes');
      const forex = page.locator('#forex-panel tk-quotes');
      await expectTicking(crypto, 'BTCUSDT');
      await row(forex, 'EURUSD').waitFor({ state: 'visible', timeout: 15_000 });
      // Both widgets show their rows, so each has subscribed (forex may be closed: no tick to wait for). A socket
      // made after that, awaited, is the sentinel:
      // the page reports its sockets in order, so any second connection of the widgets came before it.
      await sentinelSocket(page, baseUrl);
      const widgetSockets = sockets.filter((socket) => !socket.url().includes(SENTINEL));

      const marketSockets = widgetSockets.filter((socket) => new URL(socket.url()).pathname === '/market-ws');
      expect(marketSockets).toHaveLength(1);
      expect(widgetSockets).toHaveLength(1);

      const scripts = [...requests].filter(([url]) => url.startsWith(baseUrl) && url.endsWith('.js'));
      expect(scripts.filter(([, count]) => count !== 1)).toEqual([]);
      expect(requests.get(`${baseUrl}/widgets/tk-quotes.js`)).toBe(1);
      const react = reactFiles(readManifest());
      expect(react.length).toBeGreaterThan(0);
      for (const file of react) expect(requests.get(`${baseUrl}/${file}`)).toBe(1);
      await screenshot(page, 'embed-partner-layout', 'desktop');
    } finally {
      await context.close();
    }
  });

  it('themes the widgets with the brand tokens set on the page', async () => {
    const { context, page } = await openPage(browser(), 'mobile');
    try {
      await page.goto(`${examplesUrl}/partner-layout/`);
      const firstRow = row(page.locator('#crypto-panel tk-quotes'), 'BTCUSDT');
      await firstRow.waitFor({ state: 'visible', timeout: 15_000 });
      const color = await firstRow.evaluate((element) => getComputedStyle(element).color);
      expect(color).toBe('rgb(243, 244, 246)');
      await screenshot(page, 'embed-partner-layout', 'mobile');
    } finally {
      await context.close();
    }
  });
});

/**
 * The heights of a chart's price pane and sub-indicator panes, as klinecharts lays them out: the children of
 * its one root are the price pane, then a separator and a pane per sub-indicator, then the time axis.
 */
async function paneHeights(chart: Locator): Promise<{ price: number; subs: number[] }> {
  const heights = await chart
    .locator('.tk-chart__engine > div > div')
    .evaluateAll((list) => list.map((el) => Math.round(el.getBoundingClientRect().height)));
  return { price: heights[0] ?? 0, subs: heights.slice(2, -1).filter((_, i) => i % 2 === 0) };
}

/** A usable price pane beside a readable volume pane. */
const priceAndVolume = {
  price: expect.toSatisfy((h: number) => h >= 160),
  subs: [expect.toSatisfy((h: number) => h >= 40)],
};

describe('examples/partner-chart: a 480 px chart box, a watch list and the order form', () => {
  it('keeps a usable price pane, lists three categories in one list, and Buy opens the order form', async () => {
    const { context, page } = await openPage(browser(), 'desktop');
    try {
      await page.goto(`${examplesUrl}/partner-chart/`);
      const watch = page.locator('#watch tk-quotes');
      await expectTicking(watch, 'BTCUSDT');
      expect(await rows(watch).evaluateAll((list) => list.map((r) => r.dataset.symbol))).toEqual([
        'BTCUSDT',
        'EURUSD',
        'XAUUSD',
      ]);
      expect(await watch.locator('[role="tablist"]').count()).toBe(0);

      const chart = page.locator('#chart-box tk-chart');
      const canvas = chart.getByTestId('chart-canvas');
      await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
      // The element is 480 px wide on a 1440 px window: the toolbar is compact by its own size (PP5)...
      expect(await chart.locator('.tk-chart__frame[data-compact]').count()).toBe(1);
      const toolbar = await chart.locator('[part="toolbar"]').boundingBox();
      expect(toolbar!.height).toBeLessThanOrEqual(44);
      // ...and the chart area keeps the height the wrapped tool rows took (about 170 px before).
      const pane = await canvas.boundingBox();
      expect(pane!.height).toBeGreaterThanOrEqual(220);
      // The price pane keeps 160 px beside the volume pane, on by default: the sub pane gives way (CZ1).
      await expect.poll(() => paneHeights(chart), { timeout: 10_000 }).toMatchObject(priceAndVolume);
      await screenshot(page, 'embed-partner-chart', 'desktop');

      // Nobody takes tk-trade and the page loaded <tk-order-form>: Buy opens it over the chart (PP6).
      const buy = chart.getByTestId('buy');
      await expect.poll(() => buy.getAttribute('aria-disabled'), { timeout: 10_000 }).toBeNull();
      await buy.click();
      const dialog = chart.locator('dialog[part="trade-dialog"]');
      await dialog.locator('tk-order-form [part~="submit"]').waitFor({ state: 'visible', timeout: 15_000 });
      expect(await dialog.locator('tk-order-form').getAttribute('direction')).toBe('0');
      await screenshot(page, 'embed-partner-chart-order', 'desktop');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      // The same 480 px box in a phone-wide window keeps its wrapped tool rows (PP5) and 200 px of chart:
      // the volume pane is hidden rather than squeeze the price pane to 133 px, and back once there is room.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => paneHeights(chart), { timeout: 10_000 })
        .toMatchObject({ price: expect.toSatisfy((h: number) => h >= 160), subs: [0] });
      await screenshot(page, 'embed-partner-chart-narrow', 'mobile');
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect.poll(() => paneHeights(chart), { timeout: 10_000 }).toMatchObject(priceAndVolume);
    } finally {
      await context.close();
    }
  });
});

describe('examples/strict-csp: a brand page with a strict policy of its own', () => {
  it('shows live, styled rows with no violation, while the policy refuses an inline script', async () => {
    const { context, page } = await openPage(browser(), 'desktop');
    try {
      await page.goto(`${examplesUrl}/strict-csp/`);
      await expectTicking(page, 'BTCUSDT');
      expect(await rows(page).count()).toBe(3);
      // The shared widget CSS (a <style> element with the page's nonce) applies: its theme defaults are set.
      const up = await row(page, 'BTCUSDT').evaluate((element) =>
        getComputedStyle(element).getPropertyValue('--_tk-color-up'),
      );
      expect(up.trim()).not.toBe('');
      expect(takeCspViolations()).toEqual([]);
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.tkInjected = true;';
        document.body.append(script);
      });
      const directives: string[] = [];
      const collect = () => {
        directives.push(...takeCspViolations().map((line) => line.split(' ')[2]!));
        return directives;
      };
      await expect.poll(collect, { timeout: 5_000 }).toEqual(['script-src-elem']);
      await screenshot(page, 'embed-strict-csp', 'desktop');
    } finally {
      await context.close();
    }
  });
});
