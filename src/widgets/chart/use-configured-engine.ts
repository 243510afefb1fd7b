/**
 * The chart engine of <tk-chart> kept in step with the widget: the engine (loaded after the first paint),
 * the canvas colours, and every setting (time zone, candles, indicators, colours, labels, live, series)
 * applied to a new engine before React hears of it and again on every change.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { RefObject } from 'react';
import type { Platform } from '../../core/runtime/types';
import type { Translate } from '../_shared/use-t';
import type { ChartEngine, ChartLabels } from './chart-engine';
import { isLive } from './chart.logic';
import type { Appearance } from './engine-styles';
import { useChartEngine } from './use-chart-engine';
import type { EngineLoader } from './use-chart-engine';
import type { ChartSymbol } from './use-chart-symbol';
import { useAppearance } from './use-chart-view';
import { useLatestCallback } from './use-latest-callback';

/** What the engine shows and how. */
export interface ConfiguredEngineInput {
  platform: Platform;
  t: Translate;
  language: string;
  timeZone: string | null;
  /** The series to show, with its prefs (nothing is shown while its precision is null). */
  shown: ChartSymbol;
  engineLoader: EngineLoader | undefined;
  /** The widget's frame, whose resolved tokens give the canvas colours. */
  frame: RefObject<HTMLDivElement | null>;
  theme: 'light' | 'dark';
  /** What else changes the colours (the scheme and the brand's up/down pair): read again when it changes. */
  colorDeps: readonly unknown[];
}

/** The engine's container, its handle and the colours it draws with. */
export function useConfiguredEngine(input: ConfiguredEngineInput) {
  const { t, language, timeZone } = input;
  const { symbol, precision, prefs } = input.shown;
  const live = isLive(input.shown.market.status);
  const canvas = useRef<HTMLDivElement>(null);
  const labels = useMemo<ChartLabels>(
    () => ({
      time: t('chart.ohlc.time'),
      open: t('chart.ohlc.open'),
      high: t('quotes.high'),
      low: t('quotes.low'),
      close: t('chart.ohlc.close'),
      volume: t('quotes.volume'),
      turnover: t('chart.ohlc.turnover'),
      change: t('quotes.change'),
    }),
    [t],
  );
  const appearanceRef = useRef<Appearance | null>(null);
  // The engine's settings, applied to a new engine before React hears of it and again on every change
  // (indicators and styles before the series, so a new series computes its indicators once).
  const configure = useLatestCallback((created: ChartEngine) => {
    created.setTimezone(timeZone);
    created.setCandleType(prefs.candleType);
    created.setIndicators(prefs.indicators);
    if (appearanceRef.current) created.setAppearance(appearanceRef.current);
    created.setLabels(language, labels);
    created.setLive(live);
    if (symbol && precision !== null)
      created.show({ symbol, precision, period: prefs.period, drawings: prefs.drawings });
  });
  const handle = useChartEngine(canvas, input.platform, input.shown.saveDrawings, input.engineLoader, {
    series: symbol ? { symbol, period: prefs.period } : null,
    onCreate: configure,
  });
  const { engine } = handle;
  const appearance = useAppearance(input.frame, input.theme, [...input.colorDeps, engine]);
  appearanceRef.current = appearance;

  // The first page is requested at once, while klinecharts and the product's precision are on their way.
  useEffect(() => {
    if (handle.loader && symbol) handle.loader.prefetch(symbol, prefs.period);
  }, [handle.loader, symbol, prefs.period]);
  // Every later change goes through the same function: the engine's setters skip what did not change, and
  // drawings are read only when a symbol is shown (later changes come from the engine itself).
  useEffect(() => {
    if (engine) configure(engine);
  }, [
    engine,
    configure,
    timeZone,
    prefs.candleType,
    prefs.indicators,
    appearance,
    language,
    labels,
    live,
    symbol,
    precision,
    prefs.period,
  ]);
  return { canvas, handle, appearance };
}
