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
  get(symbol: string): readonly SparkPoint[] | undefined;
  /** Fetch `thumb/{symbol}` unless loaded or in flight; a failure starts the series from live prices. */
  load(symbol: string): void;
  appendLive(symbol: string, price: string, time: number): void;
  /** Hear the symbol's series change (one symbol's: a live point must not wake a thousand charts). */
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
  const inFlight = new Set<string>();
  const listeners = createSymbolListeners();
  const set = (symbol: string, points: readonly SparkPoint[]) => {
    series.set(symbol, points);
    listeners.notify(symbol);
  };
  return {
    get: (symbol) => series.get(symbol),
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
      if (!points) return;
      const next = appendLive(points, price, time);
      if (next !== points) set(symbol, next);
    },
    subscribe: (symbol, listener) => listeners.add(symbol, listener),
  };
}
