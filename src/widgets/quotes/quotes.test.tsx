// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../core/i18n/i18n';
import { PlatformProvider } from '../_shared/platform-context';
import { FakeResizeObserver, stubWidgetWidth } from '../_shared/resize-observer.fixture';
import { createTestPlatform, nextFrame, priceEntry } from '../_shared/test-platform.fixture';
import type { TestPlatform, TestPlatformOptions } from '../_shared/test-platform.fixture';
import { Quotes, quotesTableReady } from './quotes';
import type { QuotesProps } from './quotes';
import { NO_CHART_AT, NO_TIME_AT } from './quotes-table';

let current: TestPlatform | null = null;

// The table's code loads after the first paint (quotes.tsx); these tests look at the rows it draws.
beforeAll(() => quotesTableReady);
let clock = Date.UTC(2025, 0, 15, 12, 0, 0);

afterEach(() => {
  cleanup();
  current?.platform.close();
  current = null;
  clock = Date.UTC(2025, 0, 15, 12, 0, 0);
});

const QUOTES = [
  priceEntry({
    symbol: 'EURUSD',
    name: 'Euro / US Dollar',
    sort: 2,
    bidPrice: '1.0823',
    askPrice: '1.08251',
  }),
  priceEntry({
    symbol: 'USDJPY',
    name: 'US Dollar / Yen',
    sort: 1,
    pricePrecision: 3,
    bidPrice: '151.2',
    askPrice: '151.22',
  }),
  priceEntry({ symbol: 'GBPUSD', sort: null, priceChangePercent: '-0.5' }),
  priceEntry({ symbol: 'XAUUSD', name: 'Gold', type: 2, pricePrecision: 2, priceChangePercent: '0' }),
  priceEntry({ symbol: 'BTCUSDT', name: 'Bitcoin', type: 1, logoUrl: '/logos/btc.svg', price: '65000.5' }),
];

async function renderQuotes(props: QuotesProps = {}, options: TestPlatformOptions = {}, quotes = QUOTES) {
  current = createTestPlatform({ now: () => clock, ...options });
  const view = render(
    <PlatformProvider platform={current.platform}>
      <Quotes {...props} />
    </PlatformProvider>,
  );
  await act(() => current!.connect());
  act(() => current!.publish(quotes));
  return { ...view, test: current };
}

/** Publishes prices and lets the frame come that shows them (rows hear their quotes once a frame, EK34). */
async function publishFrame(test: NonNullable<typeof current>, quotes: Parameters<typeof test.publish>[0]) {
  await act(async () => {
    test.publish(quotes);
    await nextFrame();
  });
}

const rowOf = (symbol: string) =>
  document.querySelector<HTMLElement>(`[part~="row"][data-symbol="${symbol}"]`);
const rowSymbols = () =>
  [...document.querySelectorAll<HTMLElement>('[part~="row"]')].map((r) => r.dataset.symbol);
const field = (symbol: string, name: string) =>
  rowOf(symbol)?.querySelector(`[data-field="${name}"]`)?.textContent;

describe('Quotes', () => {
  it('shows the loading state until the first prices arrive', async () => {
    current = createTestPlatform({ now: () => clock });
    render(
      <PlatformProvider platform={current.platform}>
        <Quotes />
      </PlatformProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await act(() => current!.connect());
    act(() => current!.publish(QUOTES));
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('lists the first trade-list tab ranked by sort, symbols without a valid sort last', async () => {
    await renderQuotes();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Forex', 'Commodities', 'Cryptos', 'Indices']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(rowSymbols()).toEqual(['USDJPY', 'EURUSD', 'GBPUSD']);
  });

  it('shows name, code, bid and ask at the product precision, low/high and the change badge', async () => {
    await renderQuotes();
    const row = rowOf('EURUSD')!;
    expect(row.getAttribute('data-stale')).toBe('false');
    expect(within(row).getByText('Euro / US Dollar')).toBeTruthy();
    expect(within(row).getByText('EURUSD')).toBeTruthy();
    expect(field('EURUSD', 'bid')).toBe('1.08230');
    expect(field('EURUSD', 'ask')).toBe('1.08251');
    expect(field('USDJPY', 'bid')).toBe('151.200');
    expect(row.textContent).toContain('Low 1.08000');
    expect(row.textContent).toContain('High 1.08400');
    expect(field('EURUSD', 'change')).toBe('+0.12%');
    expect(rowOf('EURUSD')?.querySelector('[data-field="change"]')?.getAttribute('data-tone')).toBe('up');
    expect(rowOf('GBPUSD')?.querySelector('[data-field="change"]')?.getAttribute('data-tone')).toBe('down');
  });

  it('switches category with a click and with the arrow keys', async () => {
    await renderQuotes();
    fireEvent.click(screen.getByRole('tab', { name: 'Cryptos' }));
    expect(rowSymbols()).toEqual(['BTCUSDT']);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Cryptos' }), { key: 'ArrowLeft' });
    expect(rowSymbols()).toEqual(['XAUUSD']);
    expect(document.activeElement?.textContent).toBe('Commodities');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Commodities' }), { key: 'End' });
    expect(screen.getByRole('tabpanel').textContent).toBe('No products');
  });

  it('selects a symbol with a click or Enter through onSymbolSelect', async () => {
    const onSymbolSelect = vi.fn();
    await renderQuotes({ onSymbolSelect });
    fireEvent.click(within(rowOf('EURUSD')!).getByText('Euro / US Dollar'));
    rowOf('USDJPY')!.focus();
    fireEvent.keyDown(rowOf('USDJPY')!, { key: 'Enter' });
    expect(onSymbolSelect.mock.calls).toEqual([[{ symbol: 'EURUSD' }], [{ symbol: 'USDJPY' }]]);
    expect(rowOf('USDJPY')?.tabIndex).toBe(0);
  });

  it('highlights the selected symbol and opens on its tab until the user picks one', async () => {
    const { rerender, test } = await renderQuotes({ selected: 'btcusdt' });
    const tree = (selected: string) => (
      <PlatformProvider platform={test.platform}>
        <Quotes selected={selected} />
      </PlatformProvider>
    );
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Cryptos');
    expect(rowOf('BTCUSDT')?.getAttribute('aria-current')).toBe('true');
    expect(rowOf('BTCUSDT')?.getAttribute('part')).toBe('row row-selected');
    fireEvent.click(screen.getByRole('tab', { name: 'Forex' }));
    rerender(tree('EURUSD'));
    expect(rowOf('EURUSD')?.getAttribute('part')).toBe('row row-selected');
    expect(rowOf('USDJPY')?.getAttribute('aria-current')).toBeNull();
    rerender(tree('XAUUSD'));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Forex');
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(0);
  });

  it('filters by the symbols attribute in the listed order and hides tabs for one category', async () => {
    await renderQuotes({ symbols: 'gbpusd,EURUSD' });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(rowSymbols()).toEqual(['GBPUSD', 'EURUSD']);
  });

  it('lists symbols of several categories in one list, in their order, unless the page asks for tabs', async () => {
    const view = await renderQuotes({ symbols: 'BTCUSDT,EURUSD,XAUUSD' });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(rowSymbols()).toEqual(['BTCUSDT', 'EURUSD', 'XAUUSD']);
    view.rerender(
      <PlatformProvider platform={current!.platform}>
        <Quotes symbols="BTCUSDT,EURUSD,XAUUSD" tabs />
      </PlatformProvider>,
    );
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Forex', 'Commodities', 'Cryptos']);
    expect(rowSymbols()).toEqual(['EURUSD']);
  });

  it('shows one category without tabs for the category attribute', async () => {
    await renderQuotes({ category: 'commodities' });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(rowSymbols()).toEqual(['XAUUSD']);
  });

  it('marks a quote without updates for more than 10 s as delayed', async () => {
    await renderQuotes();
    clock += 10_500;
    act(() => current!.publish([QUOTES[1]!]));
    clock += 1_000;
    await waitFor(() => expect(rowOf('EURUSD')?.getAttribute('data-stale')).toBe('true'), { timeout: 2_500 });
    expect(rowOf('USDJPY')?.getAttribute('data-stale')).toBe('false');
    const marker = within(rowOf('EURUSD')!).getByText('Delayed');
    expect(marker.getAttribute('title')).toBe('No update for more than 10 s');
    expect(marker.getAttribute('part')).toBe('stale');
  });

  it('shows the last update in the brand time zone', async () => {
    await renderQuotes({}, {}, [
      priceEntry({ symbol: 'EURUSD', lastUpdate: Date.UTC(2025, 0, 15, 12, 0, 5) }),
    ]);
    expect(rowOf('EURUSD')?.querySelector('.tk-quotes__cell--time')?.textContent).toBe('01-15 07:00:05');
  });

  it('marks a closed market instead of delaying it', async () => {
    await renderQuotes({}, {}, [priceEntry({ symbol: 'EURUSD', marketOpen: false })]);
    expect(within(rowOf('EURUSD')!).getByText('Closed')).toBeTruthy();
    expect(rowOf('EURUSD')?.getAttribute('data-stale')).toBe('false');
  });

  it('flashes a price in the direction it moved', async () => {
    await renderQuotes();
    await publishFrame(current!, [{ ...QUOTES[0]!, bidPrice: '1.0824', askPrice: '1.08249' }]);
    expect(field('EURUSD', 'bid')).toBe('1.08240');
    expect(rowOf('EURUSD')?.querySelector('[data-field="bid"] [data-move]')?.getAttribute('data-move')).toBe(
      'up',
    );
    expect(rowOf('EURUSD')?.querySelector('[data-field="ask"] [data-move]')?.getAttribute('data-move')).toBe(
      'down',
    );
  });

  it('keeps the colour of the last move until the next move, and a stale row shows no move colour (QF1)', async () => {
    await renderQuotes();
    const bidMove = () =>
      rowOf('EURUSD')?.querySelector('[data-field="bid"] .tk-quotes__flash')?.getAttribute('data-move');
    expect(bidMove()).toBeNull();
    await publishFrame(current!, [{ ...QUOTES[0]!, bidPrice: '1.0824', askPrice: '1.08249' }]);
    expect(bidMove()).toBe('up');
    // Same bid again (another ask): the bid keeps its colour rather than blinking off.
    await publishFrame(current!, [{ ...QUOTES[0]!, bidPrice: '1.08240', askPrice: '1.08251' }]);
    expect(bidMove()).toBe('up');
    await publishFrame(current!, [{ ...QUOTES[0]!, bidPrice: '1.0820', askPrice: '1.08251' }]);
    expect(bidMove()).toBe('down');
    // No CSS animation is left on the price: nothing repaints between ticks.
    const css = readFileSync('src/widgets/quotes/quotes-table.css', 'utf8');
    expect(css).not.toMatch(/tk-quotes__flash[^{]*\{[^}]*animation\s*:/);
    expect(css).toMatch(/data-stale='true'\] \.tk-quotes__flash\[data-move\]/);
  });

  it('shows logo, name and price in the logo layout', async () => {
    await renderQuotes({ layout: 'logo', category: '1' });
    const row = rowOf('BTCUSDT')!;
    expect(row.querySelector('img')?.getAttribute('src')).toBe('https://platform.test/logos/btc.svg');
    expect(field('BTCUSDT', 'price')).toBe('65000.50000');
    expect(row.querySelector('[data-field="bid"]')).toBeNull();
  });

  it('draws the 30-minute history once per symbol and appends live prices', async () => {
    const t0 = clock - 30 * 60_000;
    const points = Array.from({ length: 30 }, (_, i) => ({ time: t0 + i * 60_000, price: `1.08${10 + i}` }));
    const quotes = [{ ...QUOTES[0]!, price: '1.0850', lastUpdate: clock - 30_000 }, ...QUOTES.slice(1)];
    const { test } = await renderQuotes({}, { thumbs: { EURUSD: points } }, quotes);
    const chart = () => rowOf('EURUSD')?.querySelector('svg[part="mini-chart"]');
    // The history, then the row's own price as its live point: the chart ends where the row's price is (EK32).
    await waitFor(() => expect(chart()?.getAttribute('data-points')).toBe('31'));
    expect(chart()?.getAttribute('data-direction')).toBe('up');
    expect(chart()?.getAttribute('aria-label')).toBe('Last 30 minutes');
    clock += 1_000;
    await publishFrame(test, [{ ...QUOTES[0]!, price: '1.0700', lastUpdate: clock }]);
    expect(chart()?.getAttribute('data-points')).toBe('32');
    expect(chart()?.getAttribute('data-direction')).toBe('down');
    fireEvent.click(screen.getByRole('tab', { name: 'Cryptos' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Forex' }));
    expect(chart()?.getAttribute('data-points')).toBe('32');
    expect(test.fetched.filter((p) => p === '/market/thumb/EURUSD')).toHaveLength(1);
  });

  it.each([
    [600, { time: true, chart: true }],
    [560, { time: false, chart: true }],
    [500, { time: false, chart: true }],
    [440, { time: false, chart: false }],
    [390, { time: false, chart: false }],
  ])(
    'at a container %i px wide draws only the columns its container queries show (EK29)',
    async (width, shown) => {
      // jsdom lays nothing out: the widget's container reports the width a browser would.
      const spy = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
        this: HTMLElement,
      ) {
        return this.classList.contains('tk-quotes') ? width : 0;
      });
      try {
        const { test } = await renderQuotes();
        const row = rowOf('EURUSD')!;
        expect(!!row.querySelector('.tk-quotes__cell--time')).toBe(shown.time);
        expect(!!document.querySelector('[role="columnheader"].tk-quotes__cell--time')).toBe(shown.time);
        expect(!!row.querySelector('[part="mini-chart"]')).toBe(shown.chart);
        expect(!!document.querySelector('[role="columnheader"].tk-quotes__cell--chart')).toBe(shown.chart);
        expect(field('EURUSD', 'bid')).toBe('1.08230');
        // A chart not drawn fetches no history.
        await act(() => Promise.resolve());
        expect(test.fetched.some((p) => p.startsWith('/market/thumb/'))).toBe(shown.chart);
      } finally {
        spy.mockRestore();
      }
    },
  );

  describe('in a page that lays out (a resize observer and animation frames, EK36)', () => {
    /** The widget's containers that live observers watch (the column fit observes cells of its own). */
    const containers = () => FakeResizeObserver.observed().filter((el) => el.classList.contains('tk-quotes'));

    /** EURUSD's row as a phone's room draws it: its price, without a mini chart or a time column. */
    const expectPhoneRow = () => {
      expect(field('EURUSD', 'bid')).toBe('1.08230');
      expect(rowOf('EURUSD')!.querySelector('[part="mini-chart"]')).toBeNull();
      expect(document.querySelector('[role="columnheader"].tk-quotes__cell--time')).toBeNull();
    };

    /** Runs `body`, then a notice of 600 px, which brings the mini chart; no layout was read meanwhile. */
    async function thenWideWithoutLayoutReads(body: () => Promise<void>): Promise<void> {
      const layout = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get');
      try {
        await body();
        act(() => FakeResizeObserver.resize(600));
        expect(rowOf('EURUSD')!.querySelector('[part="mini-chart"]')).not.toBeNull();
        expect(layout).not.toHaveBeenCalled();
      } finally {
        layout.mockRestore();
        vi.unstubAllGlobals();
      }
    }

    it('renders its rows when the observer first reports the width, in that callback, without a layout of its own', async () => {
      stubWidgetWidth(0, { later: true });
      await thenWideWithoutLayoutReads(async () => {
        await renderQuotes();
        expect(containers()).toHaveLength(1);
        expect(rowOf('EURUSD')).toBeNull();
        // No act(): the callback itself commits the rows, as it must before the frame is painted.
        FakeResizeObserver.resize(390);
        expectPhoneRow();
      });
    });

    it('renders its rows with the table where the viewport is a phone’s, before any notice, and follows the observer after (EK64)', async () => {
      stubWidgetWidth(0, { later: true });
      const queries: string[] = [];
      vi.stubGlobal('matchMedia', (query: string) => {
        queries.push(query);
        return { matches: query === `(max-width: ${NO_CHART_AT}px)` };
      });
      // After the notices, a container wider than its viewport (a page that scrolls sideways): the observer wins.
      await thenWideWithoutLayoutReads(async () => {
        await renderQuotes();
        // No notice yet: the viewport alone says the container is a phone's.
        expectPhoneRow();
        expect(queries).toContain(`(max-width: ${NO_CHART_AT}px)`);
        FakeResizeObserver.resize(390);
        expectPhoneRow();
      });
    });

    it('waits for the observer where the viewport is wider than a phone’s', async () => {
      stubWidgetWidth(0, { later: true });
      vi.stubGlobal('matchMedia', () => ({ matches: false }));
      try {
        await renderQuotes();
        expect(rowOf('EURUSD')).toBeNull();
        FakeResizeObserver.resize(600);
        expect(rowOf('EURUSD')!.querySelector('[part="mini-chart"]')).not.toBeNull();
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('measures a container the observer never reports (no box) once a frame passed without a report', async () => {
      stubWidgetWidth(0, { later: true });
      try {
        await renderQuotes();
        await act(() => nextFrame());
        expect(rowOf('EURUSD')).toBeNull();
        await act(() => nextFrame());
        // jsdom lays nothing out: a width of 0, which shows every column, as a container without a box did before.
        expect(field('EURUSD', 'bid')).toBe('1.08230');
        expect(rowOf('EURUSD')!.querySelector('[part="mini-chart"]')).not.toBeNull();
      } finally {
        vi.unstubAllGlobals();
      }
    });
  });

  it('keeps its breakpoints equal to the container queries of quotes-table.css (EK29)', () => {
    const css = readFileSync('src/widgets/quotes/quotes-table.css', 'utf8');
    const hides = (cell: string) =>
      [...css.matchAll(/@container tk-quotes \(max-width: (\d+)px\) \{([^@]*)/g)]
        .filter(([, , body]) => new RegExp(`\\.tk-quotes__cell--${cell} \\{\\s*display: none`).test(body!))
        .map(([, px]) => Number(px));
    expect(hides('time')).toEqual([NO_TIME_AT]);
    expect(hides('chart')).toEqual([NO_CHART_AT]);
  });

  it('leaves the mini chart out when mini-chart is false', async () => {
    await renderQuotes({ miniChart: false });
    expect(document.querySelector('[part="mini-chart"]')).toBeNull();
  });

  it('shows the reconnect notice and offers Retry after the feed gave up', async () => {
    const { test } = await renderQuotes();
    act(() => test.client().serverClose());
    expect(screen.getByText('Trying to reconnect...')).toBeTruthy();
    expect(rowOf('EURUSD')?.getAttribute('data-stale')).toBe('true');
    const retry = vi.spyOn(test.platform.feed, 'retry');
    act(() => {
      for (let i = 0; i < 10; i++) {
        test.client().activate();
        test.client().serverClose();
      }
    });
    expect(screen.getByRole('alert').textContent).toContain('Connection to live prices failed.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('shows the config error when config.json cannot be loaded', async () => {
    current = createTestPlatform({ config: null });
    render(
      <PlatformProvider platform={current.platform}>
        <Quotes />
      </PlatformProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cannot load config, please contact administrator.',
    );
  });

  it('follows a language change of the page', async () => {
    const { test } = await renderQuotes();
    await act(() => loadLanguage(test.platform.i18n, 'de'));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Geld');
  });

  it('puts its styles into the document once when rendered in a host React tree', async () => {
    await renderQuotes();
    render(
      <PlatformProvider platform={current!.platform}>
        <Quotes />
      </PlatformProvider>,
    );
    expect(document.head.querySelectorAll('style[data-href="tk-quotes"]')).toHaveLength(1);
    expect(document.head.querySelector('style[data-href="tk-shared"]')?.textContent).toContain(
      '--_tk-color-up',
    );
  });

  it('takes the brand colours and theme from the runtime config', async () => {
    await renderQuotes(
      {},
      { config: { brand: { ...brand(), theme: 'dark', colors: { up: '#00a0a0', down: '#a000a0' } } } },
    );
    const root = document.querySelector<HTMLElement>('.tk-root')!;
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.getPropertyValue('--_tk-color-up')).toBe('#00a0a0');
  });
});

function brand(): Record<string, unknown> {
  return {
    id: 'demo',
    name: 'Demo',
    logoUrl: '',
    defaultTradeMode: 'market',
    tradeModes: ['market'],
    tradeList: [3, 2, 1, 4],
    languages: ['en'],
    defaultLanguage: 'en',
  };
}
