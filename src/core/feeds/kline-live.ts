/**
 * The live half of the chart's data: candles from the feed are coalesced to one chart update per frame
 * (under a share of the main thread), and a candle that skips buckets first fetches the missed ones.
 */
import type { KLineData } from 'klinecharts';
import { history } from '../contract/market';
import { KLINE_PERIOD_MS } from '../contract/paths';
import type { KlinePeriod } from '../contract/paths';
import type { ApiClient } from '../runtime/types';
import { normalizeCandles } from './kline-candles';

/** The widest fill of missed candles; a longer outage leaves a jump in the series rather than a huge load. */
export const MAX_FILL_PERIODS = 1000;

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
export interface Series {
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

/** What the live candles need of their loader. */
export interface LiveCandleDeps {
  api: Pick<ApiClient, 'call'>;
  /** Runs the coalesced chart update. */
  schedule: (flush: () => void) => void;
  /** Clock of the update budget. */
  now: () => number;
  /** Whether the series is still the one shown (answers of an older one are dropped). */
  alive: (s: Series) => boolean;
  /** The fill of missed candles failed. */
  onGapError: (message: string) => void;
}

/** The live candle pipeline of one loader. */
export interface LiveCandles {
  /** Take a live candle of series `s`: update, hold behind a running fill, or start a fill. */
  accept(s: Series, candle: KLineData): void;
}

/** Create the live candle pipeline of one loader. */
export function createLiveCandles(deps: LiveCandleDeps): LiveCandles {
  const { api, schedule, now, alive } = deps;
  let nextUpdateAt = 0;

  function enqueue(s: Series, candle: KLineData): void {
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

  function flush(s: Series): void {
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

  function accept(s: Series, candle: KLineData): void {
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

  async function fillGap(s: Series, from: number, to: number): Promise<void> {
    // From the last known candle: it was still forming when we saw it last, its final values come too.
    // The range is [from, to): the live candle itself is held, not fetched.
    const start = Math.max(from, to - MAX_FILL_PERIODS * KLINE_PERIOD_MS[s.period]);
    const result = await api.call(
      history,
      { symbol: s.symbol, period: s.period, from: start, to },
      { silent: true },
    );
    if (!alive(s)) return;
    if (!result.ok) deps.onGapError(result.message);
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

  return { accept };
}
