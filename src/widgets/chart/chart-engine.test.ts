// @vitest-environment jsdom
/**
 * EK69: the engine does not ask klinecharts for a layout that changes nothing. Each `setPaneOptions` lays the whole
 * chart out and draws it again; jsdom has no canvas, so klinecharts is replaced by a chart that records calls.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KlineLoader } from '../../core/feeds/kline-loader';
import { FakeResizeObserver, stubWidgetWidth } from '../_shared/resize-observer.fixture';
import { createChartEngine } from './chart-engine';
import { subPaneHeights } from './engine-styles';

const calls = vi.hoisted(() => [] as Array<[string, ...unknown[]]>);
vi.mock(import('klinecharts'), async () => {
  // Every method records its call; a created indicator answers its id, the data list is empty.
  const chart = new Proxy({} as Record<string, unknown>, {
    get: (_target, name: string) => {
      if (name === 'then') return undefined;
      return (...args: unknown[]) => {
        calls.push([name, ...args]);
        if (name === 'createIndicator') return 'ind';
        if (name === 'getDataList') return [];
        if (name === 'getStyles') return {};
        return undefined;
      };
    },
  });
  return {
    init: () => chart,
    dispose: () => undefined,
    registerLocale: () => undefined,
    registerOverlay: () => undefined,
  } as never;
});

const loader = {
  getBars: () => undefined,
  subscribeBar: () => undefined,
  unsubscribeBar: () => undefined,
  setLive: () => undefined,
} as unknown as KlineLoader;
const events = {
  onState: () => undefined,
  onDrawings: () => undefined,
  onSelection: () => undefined,
  onDrawingCount: () => undefined,
};
const paneSets = () => calls.filter(([name]) => name === 'setPaneOptions');

let el: HTMLElement;
beforeEach(() => {
  calls.length = 0;
  stubWidgetWidth(400, { later: true });
  el = document.createElement('div');
  Object.defineProperty(el, 'clientHeight', { value: 600 });
  document.body.append(el);
});
afterEach(() => {
  el.remove();
  vi.unstubAllGlobals();
});

describe('createChartEngine', () => {
  it('sizes the sub-panes once: not again for the same indicators, nor for the size observer’s first notice', () => {
    const engine = createChartEngine(el, loader, events);
    engine.setIndicators({ main: ['MA'], sub: ['VOL'] });
    expect(paneSets()).toHaveLength(1);
    expect(calls.filter(([name]) => name === 'createIndicator')).toHaveLength(2);
    // A second configure of the same settings (React's effect after the engine is created).
    engine.setIndicators({ main: ['MA'], sub: ['VOL'] });
    // The observer's first notice: the size the panes were fitted to.
    FakeResizeObserver.resize(400, 600);
    expect(paneSets()).toHaveLength(1);
    expect(calls.filter(([name]) => name === 'createIndicator')).toHaveLength(2);
  });

  it('sizes them again when the box’s height gives other heights, or the sub-indicators change', () => {
    const engine = createChartEngine(el, loader, events);
    engine.setIndicators({ main: [], sub: ['VOL'] });
    expect(paneSets()).toHaveLength(1);
    // A phone turned sideways: a box short enough to change the pane's height.
    const short = [200, 150, 120].find((h) => subPaneHeights(h, 1)[0] !== subPaneHeights(600, 1)[0])!;
    FakeResizeObserver.resize(400, short);
    expect(paneSets()).toHaveLength(2);
    engine.setIndicators({ main: [], sub: ['VOL', 'MACD'] });
    expect(paneSets().length).toBeGreaterThan(2);
  });
});
