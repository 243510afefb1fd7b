import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { KlineLoader } from '../../core/feeds/kline-loader';
import { nextTask } from '../../core/runtime/next-task';
import type { Platform } from '../../core/runtime/types';
import type { Drawing } from './chart-prefs';
import type { KlinePeriod } from './chart.logic';
import type { ChartEngine, EngineState, createChartEngine } from './chart-engine';

/** Loads the engine module; the default fetches the klinecharts chunk. Tests pass an engine without canvas. */
export type EngineLoader = () => Promise<{ createChartEngine: typeof createChartEngine }>;

/** The engine's chunk (klinecharts); it also leads to the chunk of the order lines. */
export const loadEngine = () => import('./chart-engine');
/** The kline history loader: asked for at mount, next to the first paint, not inside it. */
const loadKlineLoader = () => import('../../core/feeds/kline-loader');

/** What the widget knows before the engine exists. */
export interface EngineSetup {
  /** The series shown first: its history is requested as soon as the loader exists. */
  series?: { symbol: string; period: KlinePeriod } | null;
  /** Applies the widget's current settings to a new engine, before its first render. */
  onCreate?: (engine: ChartEngine) => void;
}

/** The engine once klinecharts is loaded, its load state and whether a drawing is selected. */
export interface EngineHandle {
  engine: ChartEngine | null;
  /** The chart's data source, there once its small chunk arrived (before klinecharts does). */
  loader: KlineLoader | null;
  state: EngineState;
  candles: number;
  selected: boolean;
  /** Finished drawings on the chart now. */
  drawings: number;
  /** Load the data again, or the chart's chunk when that is what failed. */
  retry: () => void;
}

/**
 * The page's first Intl date formatter starts ICU (about 40 ms on a phone's CPU); klinecharts makes one when it
 * is created. Made here in a task of its own, it is not added to the chart's creation, a long task already
 * (EK30); on a page where Intl has started, it costs a fraction of a millisecond and one task's turn.
 */
async function startIntl<T>(value: T): Promise<T> {
  new Intl.DateTimeFormat('en', { hour: '2-digit' }).format(0);
  await nextTask();
  return value;
}

/**
 * Load the klinecharts engine into `container` after the widget's first render (the header and the
 * skeleton are on screen while the chart's chunk downloads) and dispose it on unmount. `onDrawings`
 * may change between renders; the latest one is called.
 */
export function useChartEngine(
  container: RefObject<HTMLDivElement | null>,
  platform: Platform,
  onDrawings: (symbol: string, drawings: Drawing[]) => void,
  load: EngineLoader = loadEngine,
  setup: EngineSetup = {},
): EngineHandle {
  const [engine, setEngine] = useState<ChartEngine | null>(null);
  const [loader, setLoader] = useState<KlineLoader | null>(null);
  const [status, setLoad] = useState<{ state: EngineState; candles: number }>({
    state: 'loading',
    candles: 0,
  });
  const [selected, setSelected] = useState(false);
  const [drawingCount, setDrawingCount] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const drawings = useRef(onDrawings);
  useEffect(() => {
    drawings.current = onDrawings;
  }, [onDrawings]);
  const wanted = useRef(setup);
  wanted.current = setup;

  useEffect(() => {
    let cancelled = false;
    let created: ChartEngine | null = null;
    let source: KlineLoader | null = null;
    // The history loader is not part of the first paint: its chunk is asked for now, in parallel with the
    // first paint, and the first series' history is requested as soon as it arrives (long before the
    // engine's much bigger chunk, which waits for the paint).
    const sourceReady = loadKlineLoader().then(({ createKlineLoader }) => {
      if (cancelled) return null;
      source = createKlineLoader({
        api: platform.api,
        feed: platform.feed,
        onError: (error) => {
          if (error.kind === 'history' && !cancelled) setLoad({ state: 'error', candles: 0 });
        },
      });
      const first = wanted.current.series;
      if (first?.symbol) source.prefetch(first.symbol, first.period);
      setLoader(source);
      return source;
    });
    // The engine is created once the first series' candles are there (or failed): created before them, it
    // laid out and drew empty axes, then everything again when they came (EK75).
    const firstPage = sourceReady.then(async (loaded) => {
      await loaded?.prefetchSettled();
      return loaded;
    });
    const start = () =>
      Promise.all([load(), firstPage])
        .then(startIntl)
        .then(([{ createChartEngine }, loaded]) => {
          const el = container.current;
          if (cancelled || !el || !loaded) return;
          created = createChartEngine(el, loaded, {
            // klinecharts reports "loading" again when it starts the first page: no render for no change.
            onState: (state, candles) => {
              const apply = () =>
                setLoad((prev) =>
                  prev.state === state && prev.candles === candles ? prev : { state, candles },
                );
              // Data arrives outside React (a network answer): the cover leaves in the same task as the
              // candles are drawn, not one scheduled render later.
              if (state === 'ready') flushSync(apply);
              else apply();
            },
            onDrawings: (symbol, list) => drawings.current(symbol, list),
            onSelection: setSelected,
            onDrawingCount: setDrawingCount,
          });
          // Configured before React hears of it: the first data load then computes the indicators once
          // and nothing waits for another render and its effects.
          wanted.current.onCreate?.(created);
          setEngine(created);
        })
        .catch((error: unknown) => {
          // The chunk could not be fetched (offline, a deploy replaced it): show the error state.
          console.warn('[tradekit] chart engine failed to load', error);
          if (!cancelled) setLoad({ state: 'error', candles: 0 });
        });
    // After the first paint: a frame callback runs before that paint, a task queued from it after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    const later = () => {
      timer = setTimeout(start, 0);
    };
    if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(later);
    else later();
    return () => {
      cancelled = true;
      if (frame) cancelAnimationFrame(frame);
      clearTimeout(timer);
      created?.dispose();
      source?.dispose();
      setEngine(null);
      setLoader(null);
      setSelected(false);
      setDrawingCount(0);
    };
  }, [container, platform, attempt, load]);

  const retry = useCallback(() => {
    if (engine) engine.retry();
    else {
      setLoad({ state: 'loading', candles: 0 });
      setAttempt((n) => n + 1);
    }
  }, [engine]);
  return {
    engine,
    loader,
    state: status.state,
    candles: status.candles,
    selected,
    drawings: drawingCount,
    retry,
  };
}
