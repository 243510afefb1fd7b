/**
 * The klinecharts side of <tk-chart>, loaded after the first paint (its own chunk): one klinecharts
 * instance fed by the core kline loader, with the indicator panes, drawings, theme and view actions the
 * widget's toolbar asks for. Nothing here touches React.
 */
import { dispose, init, registerLocale } from 'klinecharts';
import type { Chart, DataLoader } from 'klinecharts';
import { toChartPeriod } from '../../core/feeds/kline-loader';
import type { KlineLoader } from '../../core/feeds/kline-loader';
import { createDrawingLayer } from './chart-drawings';
import type { Drawing } from './chart-prefs';
import type { CandleType, DrawingTool, IndicatorSet, KlinePeriod } from './chart.logic';
import { COMPACT_WIDTH, SUB_PANE_LAYOUT, chartStyles, subPaneHeights } from './engine-styles';
import type { Appearance } from './engine-styles';
import { createTradeLayer } from './trade-overlays';
import type { ChartLine, ChartMarker, LineMoved } from './trade-overlays';

/** Loading until the first page is drawn; error when it could not be loaded (retry() tries again). */
export type EngineState = 'loading' | 'ready' | 'error';

/** What the engine reports back to the widget. */
export interface EngineEvents {
  onState(state: EngineState, candles: number): void;
  /** The finished drawings of `symbol` changed (drawn, moved or deleted by the user). */
  onDrawings(symbol: string, drawings: Drawing[]): void;
  onSelection(selected: boolean): void;
  /** How many finished drawings the chart shows now (restored, drawn or deleted). */
  onDrawingCount(count: number): void;
}

/** The series to show. */
export interface SeriesView {
  symbol: string;
  precision: number;
  period: KlinePeriod;
  /** Drawings to restore once the symbol's data is drawn (used when the symbol changes). */
  drawings: readonly Drawing[];
}

/** Tooltip labels in the page language. */
export type ChartLabels = Record<
  'time' | 'open' | 'high' | 'low' | 'close' | 'volume' | 'turnover' | 'change',
  string
>;

/** What the widget can ask of the chart. */
export interface ChartEngine {
  show(view: SeriesView): void;
  setLive(live: boolean): void;
  setCandleType(type: CandleType): void;
  setAppearance(appearance: Appearance): void;
  setIndicators(indicators: IndicatorSet): void;
  setLabels(language: string, labels: ChartLabels): void;
  /** IANA zone of the time axis and tooltip (the brand's); null: the device's. */
  setTimezone(timezone: string | null): void;
  draw(tool: DrawingTool): void;
  /**
   * The trader's order lines and option expiry markers (replacing the previous ones); `onMove` hears a
   * stop loss or take profit line dropped at a new price. A line stays where it was dropped until the next
   * call gives it another price.
   */
  setTradeLines(lines: readonly ChartLine[], markers: readonly ChartMarker[], onMove: LineMoved): void;
  deleteSelected(): boolean;
  deleteAll(): void;
  zoom(direction: 'in' | 'out'): void;
  shift(direction: 'left' | 'right'): void;
  /** JPEG data URL of the chart with its drawings on `background`. */
  screenshot(background: string): string;
  retry(): void;
  dispose(): void;
}

/** The React layer of the trader's order lines (its own chunk, asked for once the engine is there). */
export const loadTradeLines = () => import('./trade-lines');

const MAIN_PANE = 'candle_pane';
const SUB_PANE = 'tk_sub_';
const SHIFT_BARS = 10;
const ANIMATION_MS = 200;

/** Add and remove indicator panes so that chart `c` shows `next` instead of `shown`; answers what it shows. */
function updateIndicators(c: Chart, shown: IndicatorSet, next: IndicatorSet): IndicatorSet {
  for (const name of shown.main)
    if (!next.main.includes(name)) c.removeIndicator({ paneId: MAIN_PANE, name });
  for (const name of next.main)
    if (!shown.main.includes(name)) c.createIndicator({ name, paneId: MAIN_PANE }, true);
  for (const name of shown.sub) if (!next.sub.includes(name)) c.removeIndicator({ paneId: SUB_PANE + name });
  for (const name of next.sub) {
    if (shown.sub.includes(name)) continue;
    const id = SUB_PANE + name;
    if (!c.createIndicator({ name, paneId: id })) continue;
    c.overrideYAxis({ paneId: id, gap: SUB_PANE_LAYOUT.gap });
  }
  return { main: [...next.main], sub: [...next.sub] };
}

/** Whether two indicator sets show the same indicators in the same order. */
const sameIndicators = (a: IndicatorSet, b: IndicatorSet) =>
  a.main.join('\n') === b.main.join('\n') && a.sub.join('\n') === b.sub.join('\n');

/**
 * Size the sub-indicator panes so that the price pane keeps its least height (a phone with three of them, a
 * short box): a pane that does not fit is minimized to nothing and comes back in normal state once it does.
 */
function fitSubPanes(c: Chart, sub: readonly string[], chartHeight: number): void {
  const heights = subPaneHeights(chartHeight, sub.length);
  sub.forEach((name, index) => {
    const height = heights[index]!;
    const id = SUB_PANE + name;
    if (height === 0) c.setPaneOptions({ id, state: 'minimize', minHeight: 0 });
    else
      c.setPaneOptions({
        id,
        state: 'normal',
        height,
        minHeight: Math.min(height, SUB_PANE_LAYOUT.minHeight),
      });
  });
}

/** Register the tooltip labels as klinecharts locale `tk-{language}`; answers its name. */
function registerLabels(language: string, labels: ChartLabels): string {
  const name = `tk-${language}`;
  const colon = (text: string) => `${text}: `;
  registerLocale(name, {
    time: colon(labels.time),
    open: colon(labels.open),
    high: colon(labels.high),
    low: colon(labels.low),
    close: colon(labels.close),
    volume: colon(labels.volume),
    turnover: colon(labels.turnover),
    change: colon(labels.change),
    second: 'S',
    minute: '',
    hour: 'H',
    day: 'D',
    week: 'W',
    month: 'M',
    year: 'Y',
  });
  return name;
}

/**
 * Create the chart in `el` (klinecharts owns its children), fed by `loader` (owned by the caller, which
 * may have started the first history request before this chunk arrived).
 */
export function createChartEngine(el: HTMLElement, loader: KlineLoader, events: EngineEvents): ChartEngine {
  // Hotkeys off: klinecharts listens on the document and cannot see into shadow roots, so it would take
  // "+" or Shift+Arrow typed into another widget's input. The widget binds its keys on its own container.
  const chart = init(el, { hotkey: { enabled: false } });
  if (!chart) throw new Error('klinecharts could not create a chart');
  // klinecharts makes its own box focusable with tabindex 1, which puts the chart before everything else in the
  // page's tab order (WCAG 2.4.3). The widget's container is the chart's one tab stop (tabindex 0, its keys).
  for (const box of el.querySelectorAll('[tabindex]'))
    if (box.getAttribute('tabindex') !== '-1') box.setAttribute('tabindex', '-1');
  const c: Chart = chart;
  let view: SeriesView | null = null;
  let candleType: CandleType = 'candle_solid';
  let appearance: Appearance | null = null;
  let shown: IndicatorSet = { main: [], sub: [] };
  let labelsKey = '';
  // The sub-panes' heights as last set: each `setPaneOptions` lays the whole chart out and draws it again, so
  // heights that did not change are not set again (a second configure, the size observer's first notice).
  let fitted = '';
  function fit(height: number): void {
    const key = `${shown.sub.join('\n')}|${subPaneHeights(height, shown.sub.length).join(',')}`;
    if (key === fitted) return;
    fitted = key;
    fitSubPanes(c, shown.sub, height);
  }
  const drawings = createDrawingLayer(c, events, () => view?.symbol);

  const dataLoader: DataLoader = {
    getBars(params) {
      if (params.type === 'init') events.onState('loading', 0);
      return loader.getBars({
        ...params,
        callback: (data, more) => {
          params.callback(data, more);
          if (params.type === 'init') drawings.restorePending();
          events.onState('ready', c.getDataList().length);
        },
      });
    },
    subscribeBar: (params) => loader.subscribeBar(params),
    unsubscribeBar: (params) => loader.unsubscribeBar(params),
  };
  c.setDataLoader(dataLoader);

  let compact = el.clientWidth > 0 && el.clientWidth < COMPACT_WIDTH;
  const trade = createTradeLayer(c, el, MAIN_PANE, () => appearance);
  function applyStyles(): void {
    if (!appearance) return;
    c.setStyles(appearance.theme);
    c.setStyles(chartStyles(appearance, candleType, compact));
    trade.restyle();
  }
  // A phone turned sideways (or a resized panel) switches the legends between compact and full.
  const resized = new ResizeObserver(([entry]) => {
    fit(entry?.contentRect.height ?? 0);
    const width = entry?.contentRect.width ?? 0;
    const next = width > 0 && width < COMPACT_WIDTH;
    if (next === compact) return;
    compact = next;
    applyStyles();
  });
  resized.observe(el);

  function onKeyDown(event: KeyboardEvent): void {
    const step =
      event.shiftKey && event.key === 'ArrowLeft'
        ? 'left'
        : event.shiftKey && event.key === 'ArrowRight'
          ? 'right'
          : null;
    if (step) engine.shift(step);
    else if (event.key === '+' || event.key === '=') engine.zoom('in');
    else if (event.key === '-' || event.key === '_') engine.zoom('out');
    else if (event.key === 'Escape' && drawings.hasUnfinished()) drawings.cancelUnfinished();
    else if ((event.key === 'Delete' || event.key === 'Backspace') && engine.deleteSelected()) void 0;
    else return;
    event.preventDefault();
  }
  el.addEventListener('keydown', onKeyDown);

  const engine: ChartEngine = {
    show(next) {
      const symbolChanged = next.symbol !== view?.symbol;
      const precisionChanged = next.precision !== view?.precision;
      const periodChanged = next.period !== view?.period;
      if (symbolChanged) drawings.changeSymbol(next.drawings);
      view = next;
      // klinecharts restarts the data on each setter; the loader fetches once for both in one task.
      if (symbolChanged || precisionChanged)
        c.setSymbol({ ticker: next.symbol, pricePrecision: next.precision, volumePrecision: 2 });
      if (periodChanged) c.setPeriod(toChartPeriod(next.period));
    },
    setLive: (live) => loader.setLive(live),
    // The setters skip what changes nothing: each klinecharts setter lays out and redraws the chart.
    setCandleType(type) {
      if (type === candleType) return;
      candleType = type;
      c.setStyles({ candle: { type } });
    },
    setAppearance(next) {
      if (next === appearance) return;
      appearance = next;
      applyStyles();
    },
    setIndicators(next) {
      if (sameIndicators(next, shown)) return;
      shown = updateIndicators(c, shown, next);
      fit(el.clientHeight);
    },
    setLabels(language, labels) {
      const key = `${language}\n${JSON.stringify(labels)}`;
      if (key === labelsKey) return;
      labelsKey = key;
      c.setLocale(registerLabels(language, labels));
    },
    setTimezone(timezone) {
      const zone =
        timezone && timezone !== 'device' ? timezone : Intl.DateTimeFormat().resolvedOptions().timeZone;
      // klinecharts re-formats every candle's time on each call: skip the call that changes nothing.
      if (zone !== c.getTimezone()) c.setTimezone(zone);
    },
    draw(tool) {
      drawings.draw(tool);
      el.focus({ preventScroll: true });
    },
    setTradeLines: (lines, markers, onMove) => trade.set(lines, markers, onMove),
    deleteSelected: () => drawings.deleteSelected(),
    deleteAll: () => drawings.deleteAll(),
    zoom(direction) {
      c.zoomAtCoordinate(direction === 'in' ? 1.25 : 0.8, undefined, ANIMATION_MS);
    },
    shift(direction) {
      // As klinecharts' own Shift+Arrow keys: "left" moves the candles left, towards the latest.
      const distance = SHIFT_BARS * c.getBarSpace().bar;
      c.scrollByDistance(direction === 'left' ? -distance : distance, ANIMATION_MS);
    },
    screenshot: (background) => c.getConvertPictureUrl(true, 'jpeg', background),
    retry() {
      events.onState('loading', 0);
      c.resetData();
    },
    dispose() {
      el.removeEventListener('keydown', onKeyDown);
      resized.disconnect();
      dispose(c);
    },
  };
  return engine;
}
