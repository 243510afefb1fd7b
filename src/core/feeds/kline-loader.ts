/**
 * The chart's data source: a klinecharts v10 `DataLoader` over the page's market API and market feed.
 * History comes from `market/history` (older pages from `market/history/limit` as the user scrolls back),
 * the forming candle from `/topic/kline.{SYMBOL}.{period}`. Live candles are coalesced to one chart update
 * per animation frame (the forming candle changes on every tick, the screen only once per frame), and a
 * live candle that skips buckets (a reconnect, a tab that slept) first fetches the missed candles.
 * Framework-free: only klinecharts' types are imported, so the chart library stays in the chart's chunk.
 */
import type {
  DataLoader,
  DataLoaderGetBarsParams,
  DataLoaderSubscribeBarParams,
  KLineData,
  Period,
} from 'klinecharts';
import { HISTORY_DEFAULT, history, historyLimit } from '../contract/market';
import { KLINE_PERIOD_MS, KLINE_PERIODS, Topic } from '../contract/paths';
import type { KlinePeriod } from '../contract/paths';
import type { ApiClient, MarketFeed } from '../runtime/types';
import { normalizeCandles, toKLineData } from './kline-candles';
import { createLiveCandles } from './kline-live';
import type { Series } from './kline-live';

export { KLINE_PERIOD_MS };
export { normalizeCandles, toKLineData } from './kline-candles';
export { MAX_FILL_PERIODS, MIN_UPDATE_MS, UPDATE_BUDGET } from './kline-live';

/** Candles per history request (spec §9 kline history limit). */
export const HISTORY_PAGE_SIZE = HISTORY_DEFAULT;

const CHART_PERIODS: Record<KlinePeriod, Period> = {
  '1min': { type: 'minute', span: 1 },
  '5min': { type: 'minute', span: 5 },
  '15min': { type: 'minute', span: 15 },
  '30min': { type: 'minute', span: 30 },
  '1h': { type: 'hour', span: 1 },
  '1d': { type: 'day', span: 1 },
};

/** Our period as klinecharts' `{ type, span }`. */
export function toChartPeriod(period: KlinePeriod): Period {
  return { ...CHART_PERIODS[period] };
}

/** klinecharts' period back to ours; null for a period the market does not serve. */
export function fromChartPeriod(period: Period): KlinePeriod | null {
  return (
    KLINE_PERIODS.find(
      (p) => CHART_PERIODS[p].type === period.type && CHART_PERIODS[p].span === period.span,
    ) ?? null
  );
}

/** The first page of a series, converted; or why it could not be loaded. */
type FirstPage = { ok: true; candles: KLineData[] } | { ok: false; message: string };

/** What went wrong: the first page, an older page or the fill of missed candles. */
export interface KlineLoadError {
  kind: 'history' | 'older' | 'gap';
  message: string;
}

/** Dependencies and knobs of {@link createKlineLoader}. */
export interface KlineLoaderOptions {
  api: Pick<ApiClient, 'call'>;
  feed: Pick<MarketFeed, 'subscribe'>;
  pageSize?: number;
  /** Subscribe the live candle (false: history only, e.g. while the market is closed). Default true. */
  live?: boolean;
  /** Runs the coalesced chart update; default: the next animation frame. */
  schedule?: (flush: () => void) => void;
  /** Clock of the update budget (default `performance.now`). */
  now?: () => number;
  onError?: (error: KlineLoadError) => void;
}

/** A DataLoader with the live switch, an early history request and a teardown. */
export interface KlineLoader extends Required<DataLoader> {
  /** Start or stop the live candle of the current series (history stays). */
  setLive(live: boolean): void;
  /**
   * Request the first page of a series now, before the chart asks for it (e.g. while the chart library
   * is still downloading); the chart's next `init` of that series takes the answer.
   */
  prefetch(symbol: string, period: KlinePeriod): void;
  /**
   * Settles when the prefetched first page has been answered or has failed, at once when none is on its way
   * (never rejects): the chart is created once its candles are there, and draws them in its first frame (EK75).
   */
  prefetchSettled(): Promise<void>;
  dispose(): void;
}

/** How long a prefetched first page may wait for the chart once it has been answered. */
export const PREFETCH_TTL_MS = 30_000;

/** A first page asked for before the chart wants it; `answered` settles (never rejects) when its answer or failure has come. */
interface Prefetched {
  key: string;
  result: Promise<FirstPage>;
  answered: Promise<void>;
  /** Null while the answer is on its way (the chart then waits for it, however long it takes). */
  answeredAt: number | null;
}

function prefetchedPage(key: string, result: Promise<FirstPage>): Prefetched {
  const page = { key, result, answeredAt: null as number | null };
  const mark = () => void (page.answeredAt = Date.now());
  return Object.assign(page, { answered: result.then(mark, mark) });
}

const fresh = (page: Prefetched) =>
  page.answeredAt === null || Date.now() - page.answeredAt < PREFETCH_TTL_MS;

function defaultSchedule(flush: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
  else setTimeout(flush, 16);
}

/** Create the loader of one chart. */
export function createKlineLoader(options: KlineLoaderOptions): KlineLoader {
  const { api, feed } = options;
  const pageSize = options.pageSize ?? HISTORY_PAGE_SIZE;
  const schedule = options.schedule ?? defaultSchedule;
  const now = options.now ?? (() => performance.now());
  let live = options.live ?? true;
  let session: Series | null = null;
  let disposed = false;
  let prefetched: Prefetched | null = null;
  // Converted as soon as the answer arrives: a prefetched page is ready when the chart asks for it.
  const firstPage = (symbol: string, period: KlinePeriod): Promise<FirstPage> =>
    api
      .call(history, { symbol, period, limit: pageSize }, { silent: true })
      .then((result) =>
        result.ok
          ? { ok: true, candles: normalizeCandles(result.data) }
          : { ok: false, message: result.message },
      );

  const alive = (s: Series) => s === session && !disposed;
  const report = (kind: KlineLoadError['kind'], message: string) => options.onError?.({ kind, message });
  const { accept } = createLiveCandles({
    api,
    schedule,
    now,
    alive,
    onGapError: (message) => report('gap', message),
  });

  function close(): void {
    session?.release?.();
    session = null;
  }

  function attach(s: Series): void {
    s.release ??= feed.subscribe<unknown>(Topic.kline(s.symbol, s.period), (body) => {
      const candle = toKLineData(body);
      if (candle && alive(s)) accept(s, candle);
    });
  }

  function detach(s: Series): void {
    s.release?.();
    s.release = null;
    s.queue = [];
  }

  async function loadFirst(s: Series, callback: DataLoaderGetBarsParams['callback']): Promise<void> {
    const key = `${s.symbol} ${s.period}`;
    const early = prefetched?.key === key && fresh(prefetched) ? prefetched : null;
    prefetched = null;
    const page = await (early?.result ?? firstPage(s.symbol, s.period));
    if (!alive(s)) return;
    // Without a callback the chart stays in its loading state; a retry resets the chart's data.
    if (!page.ok) return report('history', page.message);
    const { candles } = page;
    s.lastTime = candles.at(-1)?.timestamp ?? null;
    callback(candles, { forward: candles.length >= pageSize, backward: false });
  }

  async function loadOlder(s: Series, to: number, callback: DataLoaderGetBarsParams['callback']) {
    const result = await api.call(
      historyLimit,
      { symbol: s.symbol, period: s.period, limit: pageSize, to },
      { silent: true },
    );
    if (!alive(s)) return;
    if (!result.ok) {
      report('older', result.message);
      // "More" stays on, so scrolling back to the edge tries again.
      return callback([], { forward: true });
    }
    const received = Array.isArray(result.data) ? result.data.length : 0;
    const candles = normalizeCandles(result.data).filter((c) => c.timestamp < to);
    callback(candles, { forward: candles.length > 0 && received >= pageSize });
  }

  return {
    getBars(params: DataLoaderGetBarsParams) {
      const period = fromChartPeriod(params.period);
      if (disposed || !period) return params.callback([], false);
      if (params.type === 'init') {
        close();
        const s: Series = {
          symbol: params.symbol.ticker,
          period,
          lastTime: null,
          callback: null,
          release: null,
          queue: [],
          scheduled: false,
          held: null,
        };
        session = s;
        // setSymbol and setPeriod each restart the chart: only the last init of one task fetches.
        queueMicrotask(() => {
          if (alive(s)) void loadFirst(s, params.callback);
        });
        return;
      }
      const s = session;
      const same = s && s.symbol === params.symbol.ticker && s.period === period;
      if (params.type === 'forward' && same && params.timestamp !== null)
        return void loadOlder(s, params.timestamp, params.callback);
      // Newer pages do not exist: the live candle brings them.
      params.callback([], params.type === 'forward' ? { forward: false } : { backward: false });
    },
    subscribeBar(params: DataLoaderSubscribeBarParams) {
      const s = session;
      if (!s || s.symbol !== params.symbol.ticker || s.period !== fromChartPeriod(params.period)) return;
      s.callback = params.callback;
      if (live) attach(s);
    },
    unsubscribeBar() {
      // The chart unsubscribes before every restart (symbol, period or loader change): whatever series
      // was shown or still loading is over, including its in-flight requests.
      close();
    },
    prefetch(symbol, period) {
      const key = `${symbol} ${period}`;
      if (disposed || (prefetched?.key === key && fresh(prefetched))) return;
      prefetched = prefetchedPage(key, firstPage(symbol, period));
    },
    prefetchSettled() {
      return prefetched?.answered ?? Promise.resolve();
    },
    setLive(next) {
      live = next;
      const s = session;
      if (!s?.callback) return;
      if (next) attach(s);
      else detach(s);
    },
    dispose() {
      close();
      prefetched = null;
      disposed = true;
    },
  };
}
