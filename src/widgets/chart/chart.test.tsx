// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrimitiveAtom } from '../../core/state/store';
import type { RuntimeConfig } from '../../core/contract';
import type { PriceEntry } from '../../core/contract/types';
import { PlatformProvider } from '../_shared/platform-context';
import { WidgetHostContext } from '../_shared/widget-host';
import { priceEntry } from '../_shared/test-platform.fixture';
import { Chart, chartBodyReady } from './chart';
import { chartHeaderReady } from './chart-body';
import type { ChartProps } from './chart';
import { prefsKey } from './chart-prefs';
import { createChartPlatform, productInfo, recordingEngine } from './chart-test.fixture';
import type { ChartTestPlatform, MarketScript, RecordingEngine } from './chart-test.fixture';

// The chart's and its header's chunks load after the first paint; these tests read them from the start.
beforeAll(() => Promise.all([chartBodyReady, chartHeaderReady]));

let current: ChartTestPlatform | null = null;
let engine: RecordingEngine;

beforeEach(() => {
  localStorage.clear();
  engine = recordingEngine();
});
afterEach(() => {
  cleanup();
  current?.platform.close();
  current = null;
});

const QUOTES: PriceEntry[] = [
  priceEntry({ symbol: 'EURUSD', name: 'Euro / US Dollar', sort: 1, pricePrecision: 5 }),
  priceEntry({ symbol: 'BTCUSDT', name: 'Bitcoin', type: 1, sort: 1, price: '65000.5', volume: '1234567' }),
];
const OPEN: Partial<MarketScript> = {
  products: [productInfo({ productCode: 'EURUSD' }), productInfo({ productCode: 'BTCUSDT', type: 1 })],
  status: { EURUSD: 'open', BTCUSDT: 'open' },
};

/** Render the chart; with `host`, as inside that custom element (the element a widget acts on). */
async function renderChart(
  props: Partial<ChartProps> = {},
  script: Partial<MarketScript> = OPEN,
  host?: HTMLElement,
) {
  current = createChartPlatform(script);
  const chart = <Chart symbol="EURUSD" engineLoader={engine.loader} {...props} />;
  const view = render(
    <PlatformProvider platform={current.platform}>
      {host ? <WidgetHostContext.Provider value={host}>{chart}</WidgetHostContext.Provider> : chart}
    </PlatformProvider>,
  );
  await act(() => current!.connect());
  act(() => current!.publish(QUOTES));
  await waitFor(() => expect(engine.created()).toBe(1));
  return { ...view, test: current };
}

const $ = <E extends Element = HTMLElement>(selector: string) => document.querySelector<E>(selector);
const ready = (candles = 300) => act(() => engine.events().onState('ready', candles));
const notice = () => $('[role="status"][data-testid="chart-notice"]')?.textContent;

describe('Chart', () => {
  it('paints the header and the skeleton before the chart engine is there', () => {
    current = createChartPlatform(OPEN);
    const never = () => new Promise<never>(() => undefined);
    render(
      <PlatformProvider platform={current.platform}>
        <Chart symbol="EURUSD" engineLoader={never} />
      </PlatformProvider>,
    );
    expect($('[part="header"]')).not.toBeNull();
    expect($('[data-testid="chart-canvas"]')?.dataset.state).toBe('loading');
    expect($('[data-testid="chart-canvas"]')?.getAttribute('aria-busy')).toBe('true');
    expect($('.tk-chart__skeleton')).not.toBeNull();
  });

  it('shows the symbol with its precision, default period and indicators and marks the canvas ready', async () => {
    await renderChart();
    await waitFor(() =>
      expect(engine.shown()).toMatchObject({ symbol: 'EURUSD', precision: 5, period: '1min' }),
    );
    expect(engine.last('setIndicators')).toEqual([{ main: ['MA'], sub: ['VOL'] }]);
    expect(engine.last('setCandleType')).toEqual(['candle_solid']);
    ready(300);
    const canvas = $('[data-testid="chart-canvas"]')!;
    expect([canvas.dataset.state, canvas.dataset.candles]).toEqual(['ready', '300']);
    expect($('.tk-chart__skeleton')).toBeNull();
  });

  it('fills the header from the live quote and hides volume for forex', async () => {
    await renderChart();
    const header = $('[part="header"]')!;
    expect(header.querySelector('[part="price"]')?.textContent).toBe('1.08240');
    expect(header.querySelector('[data-field="change"]')?.textContent).toBe('+0.12%');
    expect(header.querySelector('[data-field="high"]')?.textContent).toBe('1.08400');
    expect(header.querySelector('[data-field="volume"]')).toBeNull();
    expect($<HTMLSelectElement>('[data-testid="symbol-select"]')?.value).toBe('EURUSD');
  });

  it('emits tk-trade for buy and sell while the market is open', async () => {
    const onTrade = vi.fn();
    await renderChart({ onTrade });
    await waitFor(() => expect($('[data-testid="buy"]')?.hasAttribute('aria-disabled')).toBe(false));
    fireEvent.click($('[data-testid="buy"]')!);
    fireEvent.click($('[data-testid="sell"]')!);
    expect(onTrade.mock.calls).toEqual([
      [{ symbol: 'EURUSD', direction: 0 }],
      [{ symbol: 'EURUSD', direction: 1 }],
    ]);
  });

  it('blocks buy and sell with a notice while the market state is not known', async () => {
    const onTrade = vi.fn();
    await renderChart({ onTrade }, { ...OPEN, status: {} });
    expect($('[data-testid="buy"]')?.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click($('[data-testid="buy"]')!);
    expect(onTrade).not.toHaveBeenCalled();
    expect(notice()).toBe('The market status is not known yet, please try again in a moment');
  });

  it("locks buy and sell with a notice where the brand does not trade in the chart's mode (spec §5, CB1)", async () => {
    const onTrade = vi.fn();
    const { test } = await renderChart({ onTrade, tradeMode: 'option' });
    await waitFor(() => expect($('[data-testid="buy"]')?.hasAttribute('aria-disabled')).toBe(false));
    const store = test.platform.store;
    const config = store.get(test.platform.atoms.config) as RuntimeConfig;
    act(() =>
      store.set(test.platform.atoms.config as PrimitiveAtom<RuntimeConfig | null>, {
        ...config,
        brand: { ...config.brand, tradeModes: ['market'] },
      }),
    );
    await waitFor(() => expect($('[data-testid="buy"]')?.getAttribute('aria-disabled')).toBe('true'));
    fireEvent.click($('[data-testid="buy"]')!);
    expect(onTrade).not.toHaveBeenCalled();
    expect(notice()).toBe('This trading mode is not available');
  });

  it.each([
    ['closed', 'Market closed'],
    ['early_trading', 'Pre-market'],
  ])('shows the closed banner and stops the live candle for status %s', async (status, text) => {
    await renderChart({}, { ...OPEN, status: { EURUSD: status } });
    await waitFor(() => expect($('[data-testid="closed-banner"]')?.textContent).toBe(text));
    expect($('[data-testid="buy"]')).toBeNull();
    expect(engine.last('setLive')).toEqual([false]);
    expect($('[part="price"]')?.textContent).toBe('1.08240');
  });

  it('shows the closed banner for a product whose tradeStatus is 0 and keeps the candle live', async () => {
    await renderChart({}, { ...OPEN, products: [productInfo({ productCode: 'EURUSD', tradeStatus: 0 })] });
    await waitFor(() => expect($('[data-testid="closed-banner"]')?.dataset.reason).toBe('not_tradable'));
    expect(engine.last('setLive')).toEqual([true]);
  });

  it('toggles indicators in the dialog, refuses a fourth with a notice and remembers them', async () => {
    await renderChart();
    fireEvent.click($('[data-action="indicators"]')!);
    // The dialog's code loads when it first opens.
    const dialog = await waitFor(
      () => $('[data-testid="indicator-dialog"]') ?? Promise.reject(new Error('no dialog')),
    );
    expect(dialog.getAttribute('role')).toBe('dialog');
    for (const name of ['EMA', 'BOLL', 'SAR'])
      fireEvent.click(dialog.querySelector(`[data-indicator="${name}"][data-pane="main"]`)!);
    expect(notice()).toBe('At most 3 indicators per chart area');
    expect(engine.last('setIndicators')).toEqual([{ main: ['MA', 'EMA', 'BOLL'], sub: ['VOL'] }]);
    fireEvent.click(dialog.querySelector('[data-indicator="MACD"][data-pane="sub"]')!);
    expect(
      dialog.querySelector('[data-indicator="MACD"][data-pane="sub"]')?.getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect($('[data-testid="indicator-dialog"]')).toBeNull();
    expect(JSON.parse(localStorage.getItem(prefsKey('EURUSD'))!).indicators).toEqual({
      main: ['MA', 'EMA', 'BOLL'],
      sub: ['VOL', 'MACD'],
    });
  });

  it('offers SAR over the candles, toggles it on and off and counts it toward the three', async () => {
    await renderChart();
    fireEvent.click($('[data-action="indicators"]')!);
    // The dialog's code loads when it first opens.
    const dialog = await waitFor(
      () => $('[data-testid="indicator-dialog"]') ?? Promise.reject(new Error('no dialog')),
    );
    const chip = (name: string, pane = 'main') =>
      dialog.querySelector<HTMLButtonElement>(`[data-indicator="${name}"][data-pane="${pane}"]`);
    expect(chip('SAR', 'sub')).toBeNull();
    expect(chip('SAR')?.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(chip('SAR')!);
    expect(chip('SAR')?.getAttribute('aria-pressed')).toBe('true');
    expect(engine.last('setIndicators')).toEqual([{ main: ['MA', 'SAR'], sub: ['VOL'] }]);
    fireEvent.click(chip('EMA')!);
    fireEvent.click(chip('BOLL')!);
    expect(notice()).toBe('At most 3 indicators per chart area');
    expect(chip('BOLL')?.getAttribute('aria-pressed')).toBe('false');
    expect(engine.last('setIndicators')).toEqual([{ main: ['MA', 'SAR', 'EMA'], sub: ['VOL'] }]);
    expect(JSON.parse(localStorage.getItem(prefsKey('EURUSD'))!).indicators.main).toEqual([
      'MA',
      'SAR',
      'EMA',
    ]);
    fireEvent.click(chip('SAR')!);
    expect(chip('SAR')?.getAttribute('aria-pressed')).toBe('false');
    expect(engine.last('setIndicators')).toEqual([{ main: ['MA', 'EMA'], sub: ['VOL'] }]);
  });

  it('remembers period, candle type and drawings per symbol across a remount', async () => {
    const first = await renderChart();
    fireEvent.click($('[data-period="15min"]')!);
    fireEvent.change($('[data-testid="candle-type"]')!, { target: { value: 'area' } });
    const drawing = { name: 'priceLine' as const, points: [{ timestamp: 1, value: 1.08 }], styles: null };
    act(() => engine.events().onDrawings('EURUSD', [drawing]));
    await waitFor(() => expect(engine.shown()?.period).toBe('15min'));
    first.unmount();
    engine = recordingEngine();
    await renderChart();
    await waitFor(() => expect(engine.shown()).toMatchObject({ period: '15min', drawings: [drawing] }));
    expect(engine.last('setCandleType')).toEqual(['area']);
    expect($('[data-period="15min"]')?.getAttribute('aria-pressed')).toBe('true');
  });

  it('lets a period attribute win over the remembered period', async () => {
    localStorage.setItem(prefsKey('EURUSD'), JSON.stringify({ v: 1, period: '1h' }));
    await renderChart({ period: '5min' });
    await waitFor(() => expect(engine.shown()?.period).toBe('5min'));
  });

  it('switches the symbol from the name dropdown and tells the host', async () => {
    const onSymbolSelect = vi.fn();
    await renderChart({ onSymbolSelect });
    fireEvent.change($('[data-testid="symbol-select"]')!, { target: { value: 'BTCUSDT' } });
    expect(onSymbolSelect).toHaveBeenCalledWith({ symbol: 'BTCUSDT' });
    await waitFor(() => expect(engine.shown()?.symbol).toBe('BTCUSDT'));
    expect($('[data-field="volume"]')?.textContent).toBe('1.23M');
  });

  it('runs the view actions and the drawing tools on the engine once it is ready', async () => {
    await renderChart();
    expect($<HTMLButtonElement>('[data-action="zoom-in"]')?.disabled).toBe(true);
    ready();
    for (const action of ['zoom-in', 'zoom-out', 'shift-left', 'shift-right'])
      fireEvent.click($(`[data-action="${action}"]`)!);
    fireEvent.click($('[data-overlay="fibonacciLine"]')!);
    fireEvent.click($('[data-action="delete-all"]')!);
    expect($<HTMLButtonElement>('[data-action="delete-selected"]')?.disabled).toBe(true);
    act(() => engine.events().onSelection(true));
    fireEvent.click($('[data-action="delete-selected"]')!);
    const names = engine.calls.map((c) => c[0]);
    expect(names.filter((n) => ['zoom', 'shift', 'draw', 'deleteAll', 'deleteSelected'].includes(n))).toEqual(
      ['zoom', 'zoom', 'shift', 'shift', 'draw', 'deleteAll', 'deleteSelected'],
    );
    expect(engine.last('draw')).toEqual(['fibonacciLine']);
  });

  it('toggles light and dark and emits the theme and colour scheme for the host', async () => {
    const onThemeChange = vi.fn();
    const onColorSchemeChange = vi.fn();
    await renderChart({ onThemeChange, onColorSchemeChange });
    fireEvent.click($('[data-action="theme"]')!);
    expect(onThemeChange).toHaveBeenCalledWith({ theme: 'dark' });
    expect($('.tk-root')?.getAttribute('data-theme')).toBe('dark');
    fireEvent.click($('[data-scheme="green-red"]')!);
    expect(onColorSchemeChange).toHaveBeenCalledWith({ id: 'green-red', up: '#16a34a', down: '#dc2626' });
    expect($('[data-scheme="green-red"]')?.getAttribute('aria-checked')).toBe('true');
    expect($('.tk-chart__frame')?.style.getPropertyValue('--tk-color-up')).toBe('#16a34a');
  });

  describe('full screen', () => {
    // jsdom has no Fullscreen API: the document side is stubbed per test, the element side per case.
    let fullscreenElement: Element | null = null;
    const changed = () => document.dispatchEvent(new Event('fullscreenchange'));
    const button = () => $<HTMLButtonElement>('[data-action="fullscreen"]')!;
    let host: HTMLElement;
    beforeEach(() => {
      fullscreenElement = null;
      Object.defineProperty(document, 'fullscreenElement', {
        configurable: true,
        get: () => fullscreenElement,
      });
      Object.defineProperty(document, 'exitFullscreen', {
        configurable: true,
        value: vi.fn(async () => {
          fullscreenElement = null;
          changed();
        }),
      });
      host = document.body.appendChild(document.createElement('tk-chart'));
    });
    afterEach(() => {
      Reflect.deleteProperty(document, 'fullscreenElement');
      Reflect.deleteProperty(document, 'exitFullscreen');
      host.remove();
    });

    it('puts the widget host in full screen and a second click leaves it', async () => {
      const requestFullscreen = vi.fn(async () => {
        fullscreenElement = host;
        changed();
      });
      host.requestFullscreen = requestFullscreen;
      await renderChart({}, OPEN, host);
      expect([button().getAttribute('aria-pressed'), button().getAttribute('aria-label')]).toEqual([
        'false',
        'Full screen',
      ]);
      fireEvent.click(button());
      await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));
      expect(requestFullscreen).toHaveBeenCalledTimes(1);
      expect(requestFullscreen.mock.contexts[0]).toBe(host);
      expect(button().getAttribute('aria-label')).toBe('Exit full screen');
      fireEvent.click(button());
      await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('false'));
      expect(document.exitFullscreen).toHaveBeenCalledTimes(1);
      expect(requestFullscreen).toHaveBeenCalledTimes(1);
      expect(button().getAttribute('aria-label')).toBe('Full screen');
      expect(notice()).toBe('');
    });

    it.each([
      ['the host has no requestFullscreen', undefined],
      ['requestFullscreen rejects', vi.fn(() => Promise.reject(new TypeError('Permissions check failed')))],
    ])('shows the unavailable notice when %s', async (_, requestFullscreen) => {
      if (requestFullscreen) host.requestFullscreen = requestFullscreen;
      else expect(host.requestFullscreen).toBeUndefined();
      await renderChart({}, OPEN, host);
      fireEvent.click(button());
      await waitFor(() => expect(notice()).toBe('Full screen is not available here'));
      expect(button().getAttribute('aria-pressed')).toBe('false');
      if (requestFullscreen) expect(requestFullscreen).toHaveBeenCalledTimes(1);
      expect(document.exitFullscreen).not.toHaveBeenCalled();
    });
  });

  it('offers a retry when the history cannot be loaded', async () => {
    await renderChart();
    act(() => engine.events().onState('error', 0));
    fireEvent.click($('[data-action="retry"]')!);
    expect(engine.last('retry')).toEqual([]);
  });

  it('hides header and tools when asked', async () => {
    await renderChart({ header: false, toolbar: false });
    expect($('[part="header"]')).toBeNull();
    expect($('[part="toolbar"]')).toBeNull();
    expect($('[data-testid="chart-canvas"]')).not.toBeNull();
  });
});
