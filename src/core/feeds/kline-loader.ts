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

export { KLINE_PERIOD_MS };

/** Candles per history request (spec §9 kline history limit). */
export const HISTORY_PAGE_SIZE = HISTORY_DEFAULT;
/** The widest fill of missed candles; a longer outage leaves a jump in the series rather than a huge load. */
export const MAX_FILL_PERIODS = 1000;

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

const num = (value: unknown): number =>
  typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
const finiteOrZero = (value: number): number => (Number.isFinite(value) ? value : 0);

/**
 * A wire KlinePoint (decimal strings) as a chart candle; null when a field is missing or not a number.
 * The numbers only feed the canvas: nothing computed from them is stored or sent.
 */
export function toKLineData(point: unknown): KLineData | null {
  if (typeof point !== 'object' || point === null) return null;
  const p = point as Record<string, unknown>;
  // Runs once per candle of a history page (100,000 and more): no intermediate arrays or objects.
  const timestamp = num(p.time);
  const open = num(p.openPrice);
  const high = num(p.highestPrice);
  const low = num(p.lowestPrice);
  const close = num(p.closePrice);
  const valid =
    Number.isFinite(timestamp) &&
    Number.isFinite(open) &&
    Number.isFinite(high) &&
    Number.isFinite(low) &&
    Number.isFinite(close);
  if (!valid) return null;
  const volume = finiteOrZero(num(p.volume ?? 0));
  const turnover = finiteOrZero(num(p.turnover ?? 0));
  return { timestamp, open, high, low, close, volume, turnover };
}

/** Candles oldest first, one per time (the later one in the input wins), invalid points dropped. */
export function normalizeCandles(points: unknown): KLineData[] {
  if (!Array.isArray(points)) return [];
  const candles: KLineData[] = [];
  let ordered = true;
  let lastTime = -Infinity;
  for (let i = 0; i < points.length; i++) {
    const candle = toKLineData(points[i]);
    if (!candle) continue;
    if (candle.timestamp <= lastTime) ordered = false;
    lastTime = candle.timestamp;
    candles.push(candle);
  }
  // Servers answer in order: the common case is one pass; anything else is sorted and deduplicated.
  if (ordered) return candles;
  const byTime = new Map<number, KLineData>();
  for (const candle of candles) byTime.set(candle.timestamp, candle);
  return [...byTime.values()].sort((a, b) => a.timestamp - b.timestamp);
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
  dispose(): void;
}

/** How long a prefetched first page may wait for the chart. */
export const PREFETCH_TTL_MS = 30_000;

/**
 * Share of the main thread live updates may take: after an update that cost `c` ms the next one waits
 * until `c / UPDATE_BUDGET` ms after it began, and at least MIN_UPDATE_MS. A chart holding many candles
 * (klinecharts recomputes every indicator over all of them per update) is updated less often instead of
 * starving the page when ticks come fast; at ordinary tick rates every tick is still drawn.
 */
export const UPDATE_BUDGET = 0.25;
/** At most 25 live updates a second: beyond that the eye gains nothing and drawing still costs. */
export const MIN_UPDATE_MS = 40;

/** One series shown by the chart (one symbol and period), from its `init` load to its unsubscribe. */
interface Session {
  symbol: string;
  period: KlinePeriod;
  lastTime: number | null;
  callback: ((candle: KLineData) => void) | null;
  release: (() => void) | null;
  /** Live candles waiting for the next frame; one per time. */
  queue: KLineData[];
  scheduled: boolean;
  /** Live candles held while missed candles are fetched; null when no fill runs. */
  held: KLineData[] | null;
}

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
  let nextUpdateAt = 0;
  let live = options.live ?? true;
  let session: Session | null = null;
  let disposed = false;
  let prefetched: { key: string; at: number; result: Promise<FirstPage> } | null = null;
  // Converted as soon as the answer arrives: a prefetched page is ready when the chart asks for it.
  const firstPage = (symbol: string, period: KlinePeriod): Promise<FirstPage> =>
    api
      .call(history, { symbol, period, limit: pageSize }, { silent: true })
      .then((result) =>
        result.ok
          ? { ok: true, candles: normalizeCandles(result.data) }
          : { ok: false, message: result.message },
      );

  const alive = (s: Session) => s === session && !disposed;
  const report = (kind: KlineLoadError['kind'], message: string) => options.onError?.({ kind, message });

  function close(): void {
    session?.release?.();
    session = null;
  }

  function attach(s: Session): void {
    s.release ??= feed.subscribe<unknown>(Topic.kline(s.symbol, s.period), (body) => {
      const candle = toKLineData(body);
      if (candle && alive(s)) accept(s, candle);
    });
  }

  function detach(s: Session): void {
    s.release?.();
    s.release = null;
    s.queue = [];
  }

  function enqueue(s: Session, candle: KLineData): void {
    s.lastTime = candle.timestamp;
    const tail = s.queue.at(-1);
    if (tail?.timestamp === candle.timestamp) s.queue[s.queue.length - 1] = candle;
    else s.queue.push(candle);
    if (s.scheduled) return;
    s.scheduled = true;
    const wait = nextUpdateAt - now();
    if (wait > 0) setTimeout(() => schedule(() => flush(s)), wait);
    else schedule(() => flush(s));
  }

  function flush(s: Session): void {
    s.scheduled = false;
    const due = s.queue;
    s.queue = [];
    if (!alive(s) || !s.callback) return;
    const start = now();
    for (const c of due) s.callback(c);
    // klinecharts lays the chart out in a microtask queued by the update: measure once that ran too.
    queueMicrotask(() =>
      queueMicrotask(() => {
        nextUpdateAt = start + Math.max(MIN_UPDATE_MS, (now() - start) / UPDATE_BUDGET);
      }),
    );
  }

  function accept(s: Session, candle: KLineData): void {
    if (s.held) {
      const tail = s.held.at(-1);
      if (tail?.timestamp === candle.timestamp) s.held[s.held.length - 1] = candle;
      else s.held.push(candle);
      return;
    }
    const last = s.lastTime;
    // A snapshot older than the chart's last candle (a slow broker replay) would move the series back.
    if (last !== null && candle.timestamp < last) return;
    if (last !== null && candle.timestamp > last + KLINE_PERIOD_MS[s.period]) {
      s.held = [candle];
      void fillGap(s, last, candle.timestamp);
      return;
    }
    enqueue(s, candle);
  }

  async function fillGap(s: Session, from: number, to: number): Promise<void> {
    // From the last known candle: it was still forming when we saw it last, its final values come too.
    // The range is [from, to): the live candle itself is held, not fetched.
    const start = Math.max(from, to - MAX_FILL_PERIODS * KLINE_PERIOD_MS[s.period]);
    const result = await api.call(
      history,
      { symbol: s.symbol, period: s.period, from: start, to },
      { silent: true },
    );
    if (!alive(s)) return;
    if (!result.ok) report('gap', result.message);
    const held = s.held ?? [];
    s.held = null;
    const firstHeld = held[0]?.timestamp ?? Infinity;
    const missed = result.ok ? normalizeCandles(result.data) : [];
    for (const candle of missed) {
      if (candle.timestamp < firstHeld && candle.timestamp >= (s.lastTime ?? -Infinity)) enqueue(s, candle);
    }
    // The first held candle is where the fill ended: what is still missing before it does not exist (a
    // closed market) or could not be fetched. Later ones go through the usual rules again.
    const [first, ...rest] = held;
    if (first && first.timestamp >= (s.lastTime ?? -Infinity)) enqueue(s, first);
    for (const candle of rest) accept(s, candle);
  }

  async function loadFirst(s: Session, callback: DataLoaderGetBarsParams['callback']): Promise<void> {
    const key = `${s.symbol} ${s.period}`;
    const early = prefetched?.key === key && Date.now() - prefetched.at < PREFETCH_TTL_MS ? prefetched : null;
    prefetched = null;
    const page = await (early?.result ?? firstPage(s.symbol, s.period));
    if (!alive(s)) return;
    // Without a callback the chart stays in its loading state; a retry resets the chart's data.
    if (!page.ok) return report('history', page.message);
    const { candles } = page;
    s.lastTime = candles.at(-1)?.timestamp ?? null;
    callback(candles, { forward: candles.length >= pageSize, backward: false });
  }

  async function loadOlder(s: Session, to: number, callback: DataLoaderGetBarsParams['callback']) {
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
        const s: Session = {
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
      if (disposed || prefetched?.key === key) return;
      prefetched = { key, at: Date.now(), result: firstPage(symbol, period) };
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
