// Issue #23: widgets inside a partner's page survive what partner pages do — moved in the DOM, removed and
// added again, created by script, two copies of the bundle, a dark page with aggressive global CSS — and leak no
// socket, STOMP subscription or interval over 100 mount/unmount cycles of every widget (EK8, EK9).
//
// The partner page is written with `page.setContent` into the examples origin's own index page rather than
// fulfilled with `page.route`: Chromium gives a routed document no loopback address space, so its requests to
// the platform on 127.0.0.1 are refused (Local Network Access), and a hostile-CSS page is no example a partner
// should copy, so it gets no folder under examples/.
import type { Page, WebSocket as PageSocket } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { BRAND_TOPIC_PREFIX } from '../../src/core/contract/paths';
import { IDLE_CLOSE_MS } from '../../src/core/feeds/reconnect-policy';
import { readManifest, widgetTags } from '../fixtures/dist-graph';
import { openPage, screenshot, useBrowser } from './browser';
import { LIVE_ATTRIBUTES, widgetScripts } from './partner-widgets';
import { expectTicking, row, rows } from './quotes';
import { fundedAccount, post } from './trading-steps';

const baseUrl = inject('baseUrl');
const examplesUrl = inject('examplesUrl');
const { browser } = useBrowser();
/** Every widget the build defines (one entry per folder of src/widgets). */
const TAGS = widgetTags(readManifest());
/** A second copy of the whole bundle under another path, as a partner's second widget built another day. */
const COPY = `${baseUrl}/copy`;

/** Opens the partner page on the examples origin: `head` and `body` as the partner wrote them. */
async function partnerPage(page: Page, head: string, body = ''): Promise<void> {
  await page.goto(`${examplesUrl}/`);
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">` +
      `<title>Partner</title>${head}</head><body>${body}</body></html>`,
  );
}

/**
 * The page's STOMP frames as its sockets send them: every SUBSCRIBE and UNSUBSCRIBE by destination (an
 * UNSUBSCRIBE names the id of its SUBSCRIBE) but the brand's topic, and the sockets by path.
 */
function watchSockets(page: Page) {
  // The brand's topic is the page's, not a widget's (BE10): it rides along on the socket the widgets open.
  const isBrandTopic = (destination: string) => destination.startsWith(BRAND_TOPIC_PREFIX);
  const sockets: PageSocket[] = [];
  const subscribed = new Map<string, number>();
  const unsubscribed = new Map<string, number>();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  page.on('websocket', (socket) => {
    sockets.push(socket);
    const ids = new Map<string, string>();
    socket.on('framesent', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      const header = (name: string) => new RegExp(`\n${name}:([^\n]*)\n`).exec(text)?.[1] ?? '';
      if (text.startsWith('SUBSCRIBE\n')) {
        ids.set(header('id'), header('destination'));
        if (!isBrandTopic(header('destination'))) add(subscribed, header('destination'));
      } else if (text.startsWith('UNSUBSCRIBE\n')) {
        const destination = ids.get(header('id'));
        if (!destination || !isBrandTopic(destination))
          add(unsubscribed, destination ?? `unknown id ${header('id')}`);
      }
    });
  });
  const of = (path: string) => sockets.filter((socket) => new URL(socket.url()).pathname.startsWith(path));
  return {
    market: () => of('/market-ws'),
    orders: () => of('/exchange-ws/'),
    all: () => sockets,
    /** Destinations still subscribed on the page's sockets, with how many subscriptions each holds. */
    live: () =>
      Object.fromEntries(
        [...subscribed]
          .map(([destination, n]) => [destination, n - (unsubscribed.get(destination) ?? 0)] as const)
          .filter(([, n]) => n !== 0),
      ),
    subscribes: () => [...subscribed.values()].reduce((a, b) => a + b, 0),
    subscribesOf: (destination: string) => subscribed.get(destination) ?? 0,
  };
}

/** A socket's close, waited for as a condition (the feeds close it IDLE_CLOSE_MS after the last widget). */
function closed(socket: PageSocket): Promise<unknown> {
  return socket.isClosed() ? Promise.resolve() : socket.waitForEvent('close', { timeout: 15_000 });
}

/** Each pending interval of the page with the stack that started it (installed before the page's scripts). */
function trackIntervals(): void {
  const live = new Map<number, string>();
  (window as unknown as { tkIntervals: Map<number, string> }).tkIntervals = live;
  const { setInterval: set, clearInterval: clear } = window;
  window.setInterval = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
    const id = set(handler, ms, ...rest);
    live.set(id, `${ms} ms ${new Error().stack?.split('\n').slice(2, 4).join(' < ') ?? ''}`);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) live.delete(id);
    clear(id);
  }) as typeof window.clearInterval;
}

const liveIntervals = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { tkIntervals: Map<number, string> }).tkIntervals.values()]);

describe('a partner page moves, removes and re-creates widgets', () => {
  it('keeps one tree per element through a move, renders a script-made element only on the page, and ends the tree of one removed', async () => {
    const { context, page } = await openPage(browser(), 'desktop');
    try {
      const watch = watchSockets(page);
      await partnerPage(
        page,
        widgetScripts(baseUrl, ['tk-quotes']),
        '<main id="a"></main><aside id="b"></aside>',
      );
      // Made by script with its attributes set before it is on the page: nothing renders, nothing subscribes.
      const before = await page.evaluate(async (api) => {
        await customElements.whenDefined('tk-quotes');
        const quotes = document.createElement('tk-quotes');
        quotes.id = 'moved';
        quotes.setAttribute('api', api);
        quotes.setAttribute('symbols', 'BTCUSDT,EURUSD');
        (window as unknown as { made: HTMLElement }).made = quotes;
        await new Promise(requestAnimationFrame);
        return quotes.shadowRoot?.childNodes.length;
      }, baseUrl);
      expect(before).toBe(0);
      await page.evaluate(() =>
        document.getElementById('a')!.append((window as unknown as { made: HTMLElement }).made),
      );
      const moved = page.locator('#moved');
      await expectTicking(moved, 'BTCUSDT');
      const live = watch.live();
      expect(Object.keys(live).sort()).toEqual(['/topic/prices.BTCUSDT', '/topic/prices.EURUSD']);

      // Moved to another parent (appendChild), and moved twice within one task: the same tree, rows and
      // subscriptions; not one STOMP frame.
      const subscribes = watch.subscribes();
      const kept = await page.evaluate(async () => {
        const quotes = document.getElementById('moved')!;
        const rowBefore = quotes.shadowRoot!.querySelector('[part~="row"]');
        document.getElementById('b')!.appendChild(quotes);
        document.getElementById('a')!.append(quotes);
        document.getElementById('b')!.prepend(quotes);
        await new Promise(requestAnimationFrame);
        return {
          sameRow: quotes.shadowRoot!.querySelector('[part~="row"]') === rowBefore && rowBefore!.isConnected,
          roots: quotes.shadowRoot!.querySelectorAll('.tk-root').length,
          parent: quotes.parentElement!.id,
        };
      });
      expect(kept).toEqual({ sameRow: true, roots: 1, parent: 'b' });
      await expectTicking(moved, 'BTCUSDT');
      expect(watch.subscribes()).toBe(subscribes);
      expect(watch.live()).toEqual(live);

      // Removed, and added again a frame later: its tree ended, a new one renders, one root again.
      const emptied = await page.evaluate(async () => {
        const quotes = document.getElementById('moved')!;
        quotes.remove();
        await new Promise(requestAnimationFrame);
        const left = quotes.shadowRoot!.querySelectorAll('.tk-root').length;
        document.getElementById('a')!.append(quotes);
        return left;
      });
      expect(emptied).toBe(0);
      await row(moved, 'EURUSD').waitFor({ state: 'visible', timeout: 10_000 });
      expect(await moved.evaluate((el) => el.shadowRoot!.querySelectorAll('.tk-root').length)).toBe(1);

      // The partner replaces the markup with innerHTML, twice: one element, one tree, its own symbols.
      await page.evaluate((api) => {
        const b = document.getElementById('b')!;
        b.innerHTML = `<tk-quotes api="${api}" symbols="ETHUSDT"></tk-quotes>`;
        b.innerHTML = `<tk-quotes id="replaced" api="${api}" symbols="XAUUSD"></tk-quotes>`;
      }, baseUrl);
      await row(page.locator('#replaced'), 'XAUUSD').waitFor({ state: 'visible', timeout: 10_000 });
      expect(await rows(page.locator('#replaced')).count()).toBe(1);
      // Every subscription a removed element made was released: only the two live elements' symbols remain.
      await expect
        .poll(() => Object.keys(watch.live()).sort(), { timeout: 5_000 })
        .toEqual(['/topic/prices.BTCUSDT', '/topic/prices.EURUSD', '/topic/prices.XAUUSD']);
      expect(Object.values(watch.live()).every((n) => n === 1)).toBe(true);
      expect(watch.market()).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});

describe('two copies of the bundle on one page', () => {
  it('keeps the first definition, warns once, and shares one platform and one market socket', async () => {
    const { context, page } = await openPage(browser(), 'desktop');
    try {
      // The second copy: the same build under another path, so every chunk (React, the platform, the page
      // singleton) is a module of its own, as with a widget built on another day.
      await page.route(`${COPY}/**`, async (route) => {
        const url = route.request().url().replace(COPY, baseUrl);
        await route.fulfill({ response: await route.fetch({ url }) });
      });
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' && message.text().startsWith('TradeKit:'))
          warnings.push(message.text());
      });
      const watch = watchSockets(page);
      await partnerPage(
        page,
        [
          widgetScripts(baseUrl, ['tk-quotes']),
          `<script type="module" src="${baseUrl}/widgets/tk-quotes.js?v=2"></script>`,
          widgetScripts(COPY, ['tk-quotes', 'tk-search']),
        ].join('\n'),
        `<tk-quotes api="${baseUrl}" symbols="BTCUSDT,EURUSD"></tk-quotes><tk-search api="${baseUrl}"></tk-search>`,
      );
      await expectTicking(page, 'BTCUSDT');
      // tk-search comes from the second copy only, with its own React, on the first copy's platform.
      await page.locator('tk-search input').first().waitFor({ state: 'visible', timeout: 15_000 });
      await expect
        .poll(() => page.evaluate(() => customElements.get('tk-quotes') !== undefined), { timeout: 5_000 })
        .toBe(true);
      // Once by each copy that came second: the `?v=2` entry (it shares the first copy's chunks) and the copy of
      // its own; the first definition stays, and nothing threw.
      expect(warnings).toEqual(
        Array(2).fill('TradeKit: <tk-quotes> is already defined on this page; keeping the first definition.'),
      );
      // One platform: one market socket for both copies (a socket opened later, awaited, closes the window).
      await page.evaluate(
        (url) => new WebSocket(url).close(),
        `${baseUrl.replace(/^http/, 'ws')}/market-ws?sentinel=1`,
      );
      await expect.poll(() => watch.all().some((s) => s.url().includes('sentinel'))).toBe(true);
      expect(watch.market().filter((s) => !s.url().includes('sentinel'))).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});

/** A partner page in dark mode with aggressive global CSS. */
const HOSTILE_CSS = `<style>
  html { color-scheme: dark; }
  body { background: #0b0d12; color: #e6e6e6; margin: 0; padding: 16px; text-align: center; letter-spacing: 3px;
    text-transform: uppercase; font-weight: 700; font-style: italic; word-spacing: 12px; white-space: nowrap;
    text-shadow: 2px 2px 0 magenta; direction: rtl; }
  * { box-sizing: content-box; font: 20px serif; color: red; line-height: 3; }
  div { padding: 10px; display: flex; }
  button { all: unset; }
  table { border-collapse: separate; }
  svg { width: 100%; }
  section { display: grid; gap: 16px; grid-template-columns: repeat(auto-fit, minmax(340px, 1fr)); }
</style>`;

/** The computed styles of a widget's root and of the first element under it matching `inner`. */
function rootStyles(page: Page, tag: string, inner: string) {
  return page.evaluate(
    ([tag, inner]) => {
      const root = document.querySelector(tag)!.shadowRoot!.querySelector('.tk-root')!;
      const pick = (element: Element) => {
        const s = getComputedStyle(element);
        return {
          fontFamily: s.fontFamily,
          fontSize: s.fontSize,
          fontWeight: s.fontWeight,
          fontStyle: s.fontStyle,
          lineHeight: s.lineHeight,
          color: s.color,
          textAlign: s.textAlign,
          letterSpacing: s.letterSpacing,
          wordSpacing: s.wordSpacing,
          textTransform: s.textTransform,
          textShadow: s.textShadow,
          whiteSpace: s.whiteSpace,
          direction: s.direction,
          colorScheme: s.colorScheme,
          boxSizing: s.boxSizing,
          background: s.backgroundColor,
        };
      };
      return { root: pick(root), inner: pick(root.querySelector(inner) ?? root) };
    },
    [tag, inner] as const,
  );
}

describe('a dark partner page with aggressive global CSS', () => {
  it('shows the widgets as designed: the page font only, every other inherited property reset at the root', async () => {
    const { context, page } = await openPage(browser(), 'desktop', { colorScheme: 'dark' });
    try {
      await partnerPage(
        page,
        HOSTILE_CSS + widgetScripts(baseUrl, ['tk-quotes', 'tk-order-form', 'tk-search']),
        `<section>
          <tk-quotes api="${baseUrl}" symbols="BTCUSDT,EURUSD,XAUUSD"></tk-quotes>
          <tk-quotes api="${baseUrl}" symbols="BTCUSDT,EURUSD" theme="dark"></tk-quotes>
          <tk-order-form api="${baseUrl}" symbol="BTCUSDT"></tk-order-form>
          <tk-search api="${baseUrl}" theme="dark"></tk-search>
        </section>`,
      );
      await expectTicking(page.locator('tk-quotes').first(), 'BTCUSDT');
      await page
        .locator('tk-order-form [part~="submit"], tk-order-form .tk-state')
        .first()
        .waitFor({ timeout: 15_000 });
      const designed = {
        // The page's font family, on purpose (EK8; --tk-font overrides it); the rest is the widget's own.
        fontFamily: 'serif',
        fontSize: '14px',
        fontWeight: '400',
        fontStyle: 'normal',
        textAlign: 'start',
        letterSpacing: 'normal',
        wordSpacing: '0px',
        textTransform: 'none',
        textShadow: 'none',
        whiteSpace: 'normal',
        direction: 'ltr',
        boxSizing: 'border-box',
      };
      const light = await rootStyles(page, 'tk-quotes', '[part~="row"]');
      expect(Number.parseFloat(light.root.lineHeight)).toBeCloseTo(14 * 1.4, 3);
      expect(light.root).toMatchObject({
        ...designed,
        color: 'rgb(19, 23, 34)',
        colorScheme: 'light',
        background: 'rgb(255, 255, 255)',
      });
      // A row inherits from the root, not from the page (its size and weight are the widget's own).
      const { fontFamily, fontStyle, letterSpacing, wordSpacing, textTransform, textShadow, direction } =
        designed;
      expect(light.inner).toMatchObject({
        fontFamily,
        fontStyle,
        letterSpacing,
        wordSpacing,
        textTransform,
        textShadow,
        direction,
      });
      const dark = await rootStyles(page, 'tk-quotes[theme="dark"]', '[part~="row"]');
      expect(dark.root).toMatchObject({ ...designed, color: 'rgb(209, 212, 220)', colorScheme: 'dark' });
      // The page's `button { all: unset }` does not reach the form's buttons: they keep the widget's box.
      const buttons = await page.evaluate(() =>
        [...document.querySelector('tk-order-form')!.shadowRoot!.querySelectorAll('button')].map(
          (button) => getComputedStyle(button).boxSizing,
        ),
      );
      expect(buttons.length).toBeGreaterThan(0);
      expect(new Set(buttons)).toEqual(new Set(['border-box']));
      await screenshot(page, 'partner-page-hostile', 'desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      await expectTicking(page.locator('tk-quotes').first(), 'BTCUSDT');
      await screenshot(page, 'partner-page-hostile', 'mobile');
    } finally {
      await context.close();
    }
  });
});

// 21–28 s in clean-clone runs on two busy cores: the browser files' 60-s default is too near a bound (TR67).
describe('100 mount and unmount cycles of every widget', { timeout: 120_000 }, () => {
  it('keeps one market and one order socket, releases every subscription and interval, and closes both sockets when no widget is left', async () => {
    const { context, page } = await openPage(browser(), 'desktop');
    try {
      // The page's timers on Playwright's clock: it runs with real time until the end, where the sockets' idle
      // close is reached by moving it forward instead of waiting IDLE_CLOSE_MS out.
      await page.clock.install();
      await page.addInitScript(trackIntervals);
      const watch = watchSockets(page);
      const account = await fundedAccount();
      await partnerPage(page, widgetScripts(baseUrl, TAGS), '<main id="stage"></main>');
      const intervalsBefore = await liveIntervals(page);

      /** Mounts every widget once in #stage (in the page, no round trip per element). */
      const mountAll = () =>
        page.evaluate(
          async ({ tags, api, attributes }) => {
            await Promise.all(tags.map((tag) => customElements.whenDefined(tag)));
            const stage = document.getElementById('stage')!;
            for (const tag of tags) {
              const element = document.createElement(tag);
              element.setAttribute('api', api);
              for (const [name, value] of Object.entries(attributes[tag] ?? {}))
                element.setAttribute(name, value);
              stage.append(element);
            }
          },
          { tags: TAGS, api: baseUrl, attributes: LIVE_ATTRIBUTES },
        );
      await mountAll();
      await expectTicking(page.locator('tk-quotes'), 'BTCUSDT');
      // Signed in on this page, so the widgets that show the account open the order socket too.
      const login = await post<Record<string, unknown>>('/v1/wa-na/login', {
        username: account.email,
        type: 'E',
        password: account.password,
      });
      expect(login.code).toBe(0);
      await page.evaluate(async (tokens) => {
        const slots = globalThis as unknown as Record<symbol, unknown>;
        const platform = slots[Symbol.for('tradekit.platform')] as object;
        const sessions = slots[Symbol.for('tradekit.sessions')] as WeakMap<
          object,
          { signIn(t: unknown): Promise<void> }
        >;
        await sessions.get(platform)!.signIn(tokens);
      }, login.data);
      await expect.poll(() => watch.orders().length, { timeout: 15_000 }).toBe(1);
      const warm = watch.live();

      // 100 cycles in the page: every widget mounted, then all removed. Every tenth cycle waits until each widget
      // has rendered and subscribed; the others remove them a frame after, while their bodies, strings and first
      // requests are still on their way (what a partner's page that re-renders quickly does).
      const started = Date.now();
      const subscribesBefore = watch.subscribes();
      const symbols = ['/topic/prices.BTCUSDT', '/topic/prices.EURUSD'];
      const symbolsBefore = symbols.map(watch.subscribesOf);
      await page.evaluate(
        async ({ tags, api, attributes }) => {
          const stage = document.getElementById('stage')!;
          const frame = () => new Promise(requestAnimationFrame);
          for (let cycle = 0; cycle < 100; cycle++) {
            stage.replaceChildren();
            await frame();
            for (const tag of tags) {
              const element = document.createElement(tag);
              element.setAttribute('api', api);
              for (const [name, value] of Object.entries(attributes[tag] ?? {}))
                element.setAttribute(name, value);
              stage.append(element);
            }
            await frame();
            if (cycle % 10 !== 9) continue;
            // Rendered: every element shows its tree (React renders in slices across frames); a frame more for
            // the effects that subscribe.
            const elements = [...stage.children];
            while (!elements.every((element) => element.shadowRoot?.querySelector('.tk-root'))) await frame();
            await frame();
          }
          stage.replaceChildren();
        },
        { tags: TAGS, api: baseUrl, attributes: LIVE_ATTRIBUTES },
      );
      console.info(
        `[partner-page] 100 cycles of ${TAGS.length} widgets in ${Date.now() - started} ms, ` +
          `${watch.subscribes() - subscribesBefore} SUBSCRIBE frames, warm destinations ${JSON.stringify(warm)}`,
      );
      // The cycles subscribed for real (tk-quotes' symbols at least in every full cycle), on the same two sockets.
      symbols.forEach((destination, i) =>
        expect(watch.subscribesOf(destination) - symbolsBefore[i]!).toBeGreaterThanOrEqual(10),
      );
      expect(watch.market()).toHaveLength(1);
      expect(watch.orders()).toHaveLength(1);
      // No widget left: no subscription left on the market socket...
      await expect.poll(() => watch.live(), { timeout: 5_000 }).toEqual({});
      // ...and both sockets close IDLE_CLOSE_MS later (EK9; the exact delay is the feeds' unit tests'), with no
      // reconnect.
      await page.clock.fastForward(IDLE_CLOSE_MS);
      await Promise.all([closed(watch.market()[0]!), closed(watch.orders()[0]!)]);
      expect(watch.all()).toHaveLength(2);
      expect(
        await page.evaluate(() => {
          const slots = globalThis as unknown as Record<symbol, { feed: { getState(): { status: string } } }>;
          return slots[Symbol.for('tradekit.platform')]!.feed.getState().status;
        }),
      ).toBe('idle');
      // No interval of a widget keeps running: what runs now ran before any widget was mounted, plus the
      // session's own checks (it stays signed in).
      const intervalsAfter = await liveIntervals(page);
      console.info(
        `[partner-page] intervals before ${JSON.stringify(intervalsBefore)} after ${JSON.stringify(intervalsAfter)}`,
      );
      expect(intervalsAfter.length).toBeLessThanOrEqual(intervalsBefore.length + 1);
    } finally {
      await context.close();
    }
  });
});
