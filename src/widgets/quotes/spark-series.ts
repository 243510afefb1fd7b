/**
 * Mini-chart series per page platform and symbol. Outside React state on purpose: r2wc unmounts rows on
 * a move and tabs unmount them on a switch, and the history must be fetched once per symbol, not per mount.
 */
import { thumb } from '../../core/contract/market';
import { pageSingletonMap } from '../../core/runtime/page-singleton';
import type { Platform } from '../../core/runtime/types';
import { appendLive, parseThumb } from './sparkline';
import type { SparkPoint } from './sparkline';
import { createSymbolListeners } from './symbol-listeners';

/** Series of one platform: history once per symbol, live points appended. */
export interface SeriesStore {
  /** The series: its history and the live points kept since. */
  get(symbol: string): readonly SparkPoint[] | undefined;
  /**
   * The history as fetched (the same array until it is fetched again): what a chart subscribes to, since the
   * live points it draws come from its own prices (EK32).
   */
  history(symbol: string): readonly SparkPoint[] | undefined;
  /** Fetch `thumb/{symbol}` unless loaded or in flight; a failure starts the series from live prices. */
  load(symbol: string): void;
  /**
   * Keep a live point in the symbol's series without telling its listeners: a chart draws its live point from
   * its own price, in the render that shows the price (one render per tick, EK32), and keeps it here for the
   * next mount and the next point.
   */
  appendLive(symbol: string, price: string, time: number): void;
  /** Hear the symbol's history arrive (one symbol's: a thousand charts do not wake for one). */
  subscribe(symbol: string, listener: () => void): () => void;
}

const stores = pageSingletonMap<Platform, SeriesStore>('quotes.sparkSeries', (platform) =>
  createSeriesStore(platform),
);

/** The series store of a platform (one per page). */
export function seriesStore(platform: Platform): SeriesStore {
  return stores.get(platform);
}

function createSeriesStore(platform: Platform): SeriesStore {
  const series = new Map<string, readonly SparkPoint[]>();
  const histories = new Map<string, readonly SparkPoint[]>();
  const inFlight = new Set<string>();
  const listeners = createSymbolListeners();
  const set = (symbol: string, points: readonly SparkPoint[]) => {
    histories.set(symbol, points);
    series.set(symbol, points);
    listeners.notify(symbol);
  };
  return {
    get: (symbol) => series.get(symbol),
    history: (symbol) => histories.get(symbol),
    load(symbol) {
      if (series.has(symbol) || inFlight.has(symbol)) return;
      inFlight.add(symbol);
      void platform.api
        .call(thumb, { symbol }, { silent: true })
        .then((result) => set(symbol, result.ok ? parseThumb(result.data) : []))
        .catch(() => set(symbol, []))
        .finally(() => inFlight.delete(symbol));
    },
    appendLive(symbol, price, time) {
      const points = series.get(symbol);
      if (points) series.set(symbol, appendLive(points, price, time));
    },
    subscribe: (symbol, listener) => listeners.add(symbol, listener),
  };
}
