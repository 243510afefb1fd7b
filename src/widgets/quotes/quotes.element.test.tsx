// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRAND_TOPIC_PREFIX, Topic } from '../../core/contract/paths';
import { createTestPlatform, priceEntry } from '../_shared/test-platform.fixture';
import type { TestPlatform } from '../_shared/test-platform.fixture';
import { quotesMeta } from './quotes.meta';

const getPlatform = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));

// Every step waits for the state it needs instead of assuming how fast the platform gets there: config
// loading, the socket and the first render in jsdom all slow down a lot on a loaded machine.
const WAIT = { timeout: 15_000, interval: 10 };

let test: TestPlatform;
beforeAll(async () => {
  test = createTestPlatform();
  getPlatform.mockReturnValue(test.platform);
  await import('./quotes.element');
});
afterAll(async () => {
  // Unmount every element inside act so no React work is left to run after the DOM is torn down.
  await act(async () => {
    document.body.innerHTML = '';
  });
  test.platform.close();
});

const rowsOf = (el: Element) => [...(el.shadowRoot?.querySelectorAll<HTMLElement>('[part~="row"]') ?? [])];

/** The socket's subscriptions but the brand's own (BE10, every page's), sorted. */
const subscribed = () =>
  test
    .client()
    .subscribed()
    .filter((destination) => !destination.startsWith(BRAND_TOPIC_PREFIX))
    .sort();

/** Mount the elements, accept the socket once the feed activated it and wait for these subscriptions. */
async function mountLive(html: string, destinations: string[]): Promise<HTMLElement> {
  await act(async () => {
    document.body.innerHTML = html;
  });
  const el = document.body.firstElementChild as HTMLElement;
  await vi.waitFor(() => expect(test.client().active).toBe(true), WAIT);
  if (!test.client().connected) act(() => test.client().acceptConnect());
  await vi.waitFor(() => expect(subscribed()).toEqual([...destinations].sort()), WAIT);
  return el;
}

describe('<tk-quotes>', () => {
  it(
    'renders live rows, fires tk-symbol-select and marks its selected row',
    { timeout: 30_000 },
    async () => {
      const el = await mountLive(
        '<tk-quotes api="https://platform.test" symbols="XAUUSD,EURUSD" tabs="false" mini-chart="false"></tk-quotes>',
        // The listed symbols only, never the whole catalogue (PP1).
        [Topic.symbolPrices('XAUUSD'), Topic.symbolPrices('EURUSD')],
      );
      act(() =>
        test.publish([
          priceEntry({ symbol: 'EURUSD' }),
          priceEntry({ symbol: 'XAUUSD', type: 2, pricePrecision: 2 }),
        ]),
      );
      await vi.waitFor(() => expect(rowsOf(el)).toHaveLength(2), WAIT);
      const rows = rowsOf(el);
      expect(rows.map((r) => [r.dataset.symbol, r.dataset.stale])).toEqual([
        ['XAUUSD', 'false'],
        ['EURUSD', 'false'],
      ]);
      expect(rows[0]?.querySelector('[data-field="bid"]')?.textContent).toBe('1.08');
      expect(el.shadowRoot?.querySelector('[part="mini-chart"]')).toBeNull();
      expect(getPlatform).toHaveBeenCalledWith('https://platform.test');

      const selected: string[] = [];
      document.addEventListener('tk-symbol-select', (e) => selected.push(e.detail.symbol), { once: true });
      act(() => rows[1]?.click());
      expect(selected).toEqual(['EURUSD']);

      await act(async () => el.setAttribute('selected', 'eurusd'));
      await vi.waitFor(() => expect(rows[1]?.getAttribute('part')).toBe('row row-selected'), WAIT);
      expect(rowsOf(el).filter((r) => r.getAttribute('aria-current') === 'true')).toEqual([rows[1]]);
    },
  );

  it(
    'shares one subscription per symbol among the widgets of a page, released with the last one',
    { timeout: 30_000 },
    async () => {
      const first = await mountLive(
        '<tk-quotes symbols="XAUUSD,EURUSD" mini-chart="false"></tk-quotes>' +
          '<tk-quotes symbols="EURUSD,BTCUSDT" mini-chart="false"></tk-quotes>',
        ['XAUUSD', 'EURUSD', 'BTCUSDT'].map(Topic.symbolPrices),
      );
      const second = first.nextElementSibling as HTMLElement;
      const sent = test.client().frames.length;
      act(() => test.publish([priceEntry({ symbol: 'EURUSD' }), priceEntry({ symbol: 'BTCUSDT', type: 1 })]));
      await vi.waitFor(
        () => expect(rowsOf(second).map((r) => r.dataset.symbol)).toEqual(['EURUSD', 'BTCUSDT']),
        WAIT,
      );
      // Two categories, one list: no tabs unless the page asks for them (PP4).
      expect(second.shadowRoot?.querySelector('[role="tablist"]')).toBeNull();

      await act(async () => second.remove());
      await vi.waitFor(
        () => expect(subscribed()).toEqual(['EURUSD', 'XAUUSD'].map(Topic.symbolPrices)),
        WAIT,
      );
      expect(test.client().frames.slice(sent)).toEqual([`UNSUBSCRIBE ${Topic.symbolPrices('BTCUSDT')}`]);
    },
  );

  it(
    "reads a partner's category in any spelling and warns once about what it would ignore (EK1)",
    { timeout: 30_000 },
    async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const html =
        '<tk-quotes symbols="BTCUSDT,EURUSD" category="Crypto" categry="forex" layout="tabel" ' +
        'mini-chart="hide" class="mine" data-note="x"></tk-quotes>';
      const el = await mountLive(html, ['BTCUSDT', 'EURUSD'].map(Topic.symbolPrices));
      act(() => test.publish([priceEntry({ symbol: 'EURUSD' }), priceEntry({ symbol: 'BTCUSDT', type: 1 })]));
      // `category="crypto"` showed every row before: the widget knew `1` and `cryptos` only.
      await vi.waitFor(() => expect(rowsOf(el).map((r) => r.dataset.symbol)).toEqual(['BTCUSDT']), WAIT);
      // The unknown layout falls back to the table (bid and ask cells).
      expect(rowsOf(el)[0]?.querySelector('[data-field="bid"]')).not.toBeNull();
      // The checks load after the first paint.
      const messages = () => warn.mock.calls.map(([message]) => String(message)).sort();
      await vi.waitFor(() => expect(messages()).toHaveLength(3), WAIT);
      expect(messages()).toEqual([
        'TradeKit: <tk-quotes layout="tabel">: accepted values: table, logo.',
        'TradeKit: <tk-quotes mini-chart="hide">: accepted values: true, false; read as false.',
        'TradeKit: <tk-quotes> has no attribute "categry" (did you mean "category"?); its attributes: api, symbols, category, lang, theme, layout, mini-chart, selected, tabs.',
      ]);
      // A second copy of the same snippet warns no more.
      await act(async () => el.insertAdjacentHTML('afterend', html));
      await import('../_shared/attribute-check');
      expect(warn).toHaveBeenCalledTimes(3);
      // A category it does not know shows every row, and says which it knows.
      await act(async () => el.setAttribute('category', 'metals'));
      await vi.waitFor(() => expect(rowsOf(el)).toHaveLength(2), WAIT);
      expect(warn).toHaveBeenLastCalledWith(
        'TradeKit: <tk-quotes category="metals">: accepted values: 1 or cryptos, 2 or commodities, 3 or forex, 4 or indices, 5 or usStocks.',
      );
      warn.mockRestore();
    },
  );

  it('observes exactly the attributes of its meta', () => {
    const ctor = customElements.get('tk-quotes') as unknown as { observedAttributes: string[] };
    expect(ctor.observedAttributes).toEqual(quotesMeta.attributes.map((a) => a.name));
  });
});
