// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeResizeObserver, stubWidgetWidth } from '../_shared/resize-observer.fixture';
import { priceEntry } from '../_shared/test-platform.fixture';
import type { createChartEngine } from './chart-engine';
import type { TkTradeEvent } from './chart-events';
import { chartMeta } from './chart.meta';
import { createChartPlatform, productInfo, recordingEngine } from './chart-test.fixture';
import type { ChartTestPlatform } from './chart-test.fixture';

const getPlatform = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));
// jsdom has no canvas: the klinecharts engine is replaced by one that records what the widget asks.
const engine = vi.hoisted(() => ({ current: null as ReturnType<typeof recordingEngine> | null }));
vi.mock(import('./chart-engine'), async () => ({
  createChartEngine: (...args: Parameters<typeof createChartEngine>) => engine.current!.create(...args),
  loadTradeLines: () => import('./trade-lines'),
}));

let test: ChartTestPlatform;
beforeAll(async () => {
  // jsdom lays nothing out: the chart measures the width a test sets (0, unknown, until then).
  stubWidgetWidth(0);
  // nor has it modal dialogs: open and close as the browser's do, less the top layer.
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
  engine.current = recordingEngine();
  test = createChartPlatform({
    products: [productInfo({ productCode: 'EURUSD' })],
    status: { EURUSD: 'open' },
  });
  getPlatform.mockReturnValue(test.platform);
  await import('./chart.element');
  // The chart's code loads after the element's first paint; these tests drive it from the start.
  await (
    await import('./chart')
  ).chartBodyReady;
});
afterAll(async () => {
  // Unmount before the platform and the jsdom window go: no React work may be left scheduled.
  await act(async () => {
    document.body.innerHTML = '';
  });
  test.platform.close();
});

describe('<tk-chart>', () => {
  it('renders the header in its shadow root and fires tk-trade from the element', async () => {
    await act(async () => {
      document.body.innerHTML =
        '<tk-chart api="https://platform.test" symbol="EURUSD" period="5min"></tk-chart>';
    });
    const el = document.querySelector('tk-chart')!;
    await act(() => test.connect());
    act(() => test.publish([priceEntry({ symbol: 'EURUSD' })]));
    const root = el.shadowRoot!;
    expect(root.querySelector('[part="header"]')).not.toBeNull();
    await waitFor(() => expect(engine.current!.shown()).toMatchObject({ symbol: 'EURUSD', period: '5min' }));
    await waitFor(() =>
      expect(root.querySelector('[data-testid="buy"]')?.hasAttribute('aria-disabled')).toBe(false),
    );

    const trades: unknown[] = [];
    document.addEventListener('tk-trade', (e) => trades.push(e.detail), { once: true });
    act(() => root.querySelector<HTMLElement>('[data-testid="sell"]')?.click());
    expect(trades).toEqual([{ symbol: 'EURUSD', direction: 1 }]);
    expect(getPlatform).toHaveBeenCalledWith('https://platform.test');
  });

  it('opens the indicator dialog from its attribute and reflects the close back to it', async () => {
    await act(async () => {
      document.body.innerHTML =
        '<tk-chart api="https://platform.test" symbol="EURUSD" selectors="false" indicators-open="true"></tk-chart>';
    });
    const el = document.querySelector('tk-chart')!;
    const root = el.shadowRoot!;
    expect(root.querySelector('[data-action="indicators"]')).toBeNull();
    // The dialog's chunk (and the header's) load after the first paint: wait until it is there (a bare
    // querySelector in waitFor would resolve at once with null).
    const dialog = await waitFor(() => {
      const found = root.querySelector<HTMLElement>('[data-testid="indicator-dialog"]');
      expect(found).not.toBeNull();
      return found!;
    });
    const toggles: unknown[] = [];
    el.addEventListener('tk-indicators-toggle', (e) => toggles.push(e.detail));
    await act(async () => {
      dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(toggles).toEqual([{ open: false }]);
    expect(el.getAttribute('indicators-open')).toBe('false');
    await waitFor(() => expect(root.querySelector('[data-testid="indicator-dialog"]')).toBeNull());
  });

  it('keeps one toolbar row in a box narrower than 640 px, by its own width', async () => {
    await act(async () => {
      document.body.innerHTML = '<tk-chart api="https://platform.test" symbol="EURUSD"></tk-chart>';
    });
    const root = document.querySelector('tk-chart')!.shadowRoot!;
    const frame = root.querySelector<HTMLElement>('.tk-chart__frame')!;
    const toolbar = root.querySelector<HTMLElement>('[part="toolbar"]')!;
    expect(toolbar.querySelectorAll('[data-period]')).toHaveLength(6);
    await act(async () => FakeResizeObserver.resize(480));
    expect(frame.hasAttribute('data-compact')).toBe(true);
    const period = toolbar.querySelector<HTMLSelectElement>('select[data-testid="period"]')!;
    expect([...period.options].map((o) => o.value)).toEqual(['1min', '5min', '15min', '30min', '1h', '1d']);
    expect(toolbar.querySelectorAll('[data-period], [data-scheme], [data-action^="zoom"]')).toHaveLength(0);
    expect(toolbar.querySelector('[data-action="indicators"]')?.getAttribute('aria-label')).toBe(
      'Indicators',
    );
    await act(async () => {
      period.value = '1h';
      period.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(engine.current!.shown()).toMatchObject({ period: '1h' }));
    // The window never changed: only the element's own width did.
    await act(async () => FakeResizeObserver.resize(1000));
    expect(frame.hasAttribute('data-compact')).toBe(false);
    expect(toolbar.querySelectorAll('[data-period]')).toHaveLength(6);
  });

  it('lets the page take tk-trade, else routes it, else opens the page’s order form in a dialog', async () => {
    await act(async () => {
      document.body.innerHTML = '<tk-chart api="https://platform.test" symbol="EURUSD"></tk-chart>';
    });
    const el = document.querySelector('tk-chart')!;
    const root = el.shadowRoot!;
    act(() => test.publish([priceEntry({ symbol: 'EURUSD' })]));
    const buy = await waitFor(() => {
      const button = root.querySelector<HTMLElement>('[data-testid="buy"]');
      expect(button?.hasAttribute('aria-disabled')).toBe(false);
      return button!;
    });
    const navigations: string[] = [];
    const trades: TkTradeEvent[] = [];
    document.addEventListener('tk-navigate', (e) => navigations.push(e.detail.to));
    const take = (e: TkTradeEvent) => {
      trades.push(e);
      e.preventDefault();
    };

    // 1. The page takes it: nothing else happens.
    document.addEventListener('tk-trade', take, { once: true });
    await act(async () => buy.click());
    expect(trades.map((e) => [e.detail, e.cancelable, e.composed])).toEqual([
      [{ symbol: 'EURUSD', direction: 0 }, true, true],
    ]);
    // 2. A page that routes (the reference host) takes the navigation to the order page.
    const route = (e: Event) => e.preventDefault();
    document.addEventListener('tk-navigate', route, { once: true });
    await act(async () => root.querySelector<HTMLElement>('[data-testid="sell"]')!.click());
    await waitFor(() => expect(navigations).toEqual(['/EURUSD/place?direction=1']));
    expect(root.querySelector('dialog')).toBeNull();
    // 3. Nobody routes, and the page loaded the order form: it opens over the chart.
    customElements.define('tk-order-form', class extends HTMLElement {});
    await act(async () => buy.click());
    const dialog = await waitFor(() => {
      const found = root.querySelector<HTMLDialogElement>('dialog[part="trade-dialog"]');
      expect(found?.open).toBe(true);
      return found!;
    });
    expect(navigations).toEqual(['/EURUSD/place?direction=1', '/EURUSD/place?direction=0']);
    const form = dialog.querySelector('tk-order-form')!;
    expect([form.getAttribute('symbol'), form.getAttribute('direction'), form.getAttribute('api')]).toEqual([
      'EURUSD',
      '0',
      'https://platform.test',
    ]);
    act(() => dialog.querySelector('button')!.click());
    expect(root.querySelector('dialog')).toBeNull();
  });

  it('observes exactly the attributes of its meta', () => {
    const ctor = customElements.get('tk-chart') as unknown as { observedAttributes: string[] };
    expect(ctor.observedAttributes).toEqual(chartMeta.attributes.map((a) => a.name));
  });
});
