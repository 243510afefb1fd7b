// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformProvider } from '../_shared/platform-context';
import { priceEntry } from '../_shared/test-platform.fixture';
import { Chart, chartBodyReady } from './chart';
import { chartHeaderReady } from './chart-body';
import type { ChartProps } from './chart';
import { createChartPlatform, productInfo, recordingEngine } from './chart-test.fixture';
import type { ChartTestPlatform, RecordingEngine } from './chart-test.fixture';

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

const $ = <E extends Element = HTMLElement>(selector: string) => document.querySelector<E>(selector);

/** A page that drives the chart from its own selectors (the desktop top bar of the host). */
async function renderControlled(props: Partial<ChartProps>) {
  current = createChartPlatform({
    products: [productInfo({ productCode: 'EURUSD' })],
    status: { EURUSD: 'open' },
  });
  const tree = (more: Partial<ChartProps>) => (
    <PlatformProvider platform={current!.platform}>
      <Chart symbol="EURUSD" engineLoader={engine.loader} selectors={false} {...props} {...more} />
    </PlatformProvider>
  );
  const view = render(tree({}));
  await act(() => current!.connect());
  act(() => current!.publish([priceEntry({ symbol: 'EURUSD', pricePrecision: 5 })]));
  await waitFor(() => expect(engine.created()).toBe(1));
  return { rerender: (more: Partial<ChartProps>) => view.rerender(tree(more)) };
}

describe('Chart driven by the page', () => {
  it('leaves out its own selectors but keeps the view actions and drawing tools', async () => {
    await renderControlled({});
    expect($('[data-period]')).toBeNull();
    expect($('[data-testid="candle-type"]')).toBeNull();
    expect($('[data-action="indicators"]')).toBeNull();
    expect($('[data-scheme]')).toBeNull();
    expect($('[data-action="screenshot"]')).not.toBeNull();
    expect($('[data-overlay="priceLine"]')).not.toBeNull();
  });

  it('follows the period, candle type and colour scheme the page sets', async () => {
    const { rerender } = await renderControlled({
      period: '5min',
      candleType: 'ohlc',
      colorScheme: 'red-green',
    });
    await waitFor(() => expect(engine.shown()?.period).toBe('5min'));
    expect(engine.last('setCandleType')).toEqual(['ohlc']);
    expect($('.tk-chart__frame')?.style.getPropertyValue('--tk-color-up')).toBe('#dc2626');
    rerender({ period: '1d', candleType: 'area', colorScheme: 'brand' });
    await waitFor(() => expect(engine.shown()?.period).toBe('1d'));
    expect(engine.last('setCandleType')).toEqual(['area']);
    expect($('.tk-chart__frame')?.style.getPropertyValue('--tk-color-up')).toBe('');
  });

  it('opens the indicator dialog when the page asks and tells the page when it closes', async () => {
    const onIndicatorsToggle = vi.fn();
    const { rerender } = await renderControlled({ indicatorsOpen: false, onIndicatorsToggle });
    expect($('[data-testid="indicator-dialog"]')).toBeNull();
    rerender({ indicatorsOpen: true, onIndicatorsToggle });
    // The dialog's code loads when it first opens.
    const dialog = await waitFor(
      () => $('[data-testid="indicator-dialog"]') ?? Promise.reject(new Error('no dialog')),
    );
    expect(dialog).not.toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onIndicatorsToggle).toHaveBeenCalledWith({ open: false });
    // Controlled: it stays until the page follows the event.
    expect($('[data-testid="indicator-dialog"]')).not.toBeNull();
    rerender({ indicatorsOpen: false, onIndicatorsToggle });
    expect($('[data-testid="indicator-dialog"]')).toBeNull();
  });

  it('shows how many drawings the chart holds on its canvas', async () => {
    await renderControlled({});
    const canvas = $('[data-testid="chart-canvas"]')!;
    expect(canvas.dataset.drawings).toBe('0');
    act(() => engine.events().onDrawingCount(2));
    expect(canvas.dataset.drawings).toBe('2');
  });
});
