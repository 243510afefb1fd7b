// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { priceEntry } from '../_shared/test-platform.fixture';
import type { createChartEngine } from './chart-engine';
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
  engine.current = recordingEngine();
  test = createChartPlatform({
    products: [productInfo({ productCode: 'EURUSD' })],
    status: { EURUSD: 'open' },
  });
  getPlatform.mockReturnValue(test.platform);
  await import('./chart.element');
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

  it('observes exactly the attributes of its meta', () => {
    const ctor = customElements.get('tk-chart') as unknown as { observedAttributes: string[] };
    expect(ctor.observedAttributes).toEqual(chartMeta.attributes.map((a) => a.name));
  });
});
