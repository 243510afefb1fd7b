import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataLoadMore, KLineData, Period } from 'klinecharts';
import { createApiClient } from '../api/api-client';
import { KLINE_PERIODS, Topic } from '../contract/paths';
import type { KlinePeriod } from '../contract/paths';
import type { KlinePoint } from '../contract/types';
import { fakeClientFactory } from './fake-stomp-client.fixture';
import {
  KLINE_PERIOD_MS,
  PREFETCH_TTL_MS,
  createKlineLoader,
  fromChartPeriod,
  normalizeCandles,
  toChartPeriod,
  toKLineData,
} from './kline-loader';
import type { KlineLoadError, KlineLoaderOptions } from './kline-loader';
import { createMarketFeed } from './market-feed';

const MIN = 60_000;
const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

function point(time: number, close: string, overrides: Partial<KlinePoint> = {}): KlinePoint {
  return {
    time,
    openPrice: '1.08000',
    closePrice: close,
    highestPrice: '1.09000',
    lowestPrice: '1.07000',
    volume: '12.5',
    turnover: '13.5',
    ...overrides,
  };
}

/** A market service with candles per symbol and period, answering like the reference server. */
function marketServer() {
  const candles = new Map<string, KlinePoint[]>();
  const requests: Array<{ path: string; body: Record<string, unknown> }> = [];
  const holds: Array<() => void> = [];
  let failing = false;
  let holding = false;
  const set = (symbol: string, period: KlinePeriod, points: KlinePoint[]) =>
    candles.set(`${symbol}.${period}`, points);
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    requests.push({ path, body });
    if (holding) await new Promise<void>((resolve) => holds.push(resolve));
    if (failing) return new Response('down', { status: 500 });
    const all = candles.get(`${String(body.symbol)}.${String(body.period)}`) ?? [];
    let data: KlinePoint[];
    if (path === '/market/history/limit') {
      data = all.filter((c) => c.time < Number(body.to)).slice(-Number(body.limit));
    } else if (body.from !== undefined) {
      data = all.filter((c) => c.time >= Number(body.from) && c.time < Number(body.to));
    } else {
      data = all.slice(-Number(body.limit ?? 300));
    }
    return new Response(JSON.stringify({ code: 0, msg: 'success', data }));
  }) as typeof fetch;
  return {
    set,
    requests,
    fetchImpl,
    fail: (on: boolean) => (failing = on),
    hold: (on: boolean) => (holding = on),
    release: () => holds.splice(0).forEach((resolve) => resolve()),
  };
}

/** A series of 1-minute candles from `start`, `count` long. */
const series = (start: number, count: number, step = MIN) =>
  Array.from({ length: count }, (_, i) => point(start + i * step, `1.08${String(i % 100).padStart(3, '0')}`));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let cleanups: Array<() => void> = [];
afterEach(() => {
  cleanups.forEach((fn) => fn());
  cleanups = [];
  vi.useRealTimers();
});

/**
 * The loader behind a stand-in for klinecharts' store: it calls getBars/subscribeBar/unsubscribeBar in the
 * order klinecharts v10 does (unsubscribe, then init; subscribeBar from the init callback) and keeps the
 * data list the way `_addData` does.
 */
function setup(options: Partial<KlineLoaderOptions> = {}) {
  const server = marketServer();
  const api = createApiClient({
    services: () => ({
      api: 'https://platform.test/v1',
      market: 'https://platform.test/market',
      marketWs: 'wss://platform.test/market-ws',
      exchange: 'https://platform.test/exchange',
      exchangeWs: 'wss://platform.test/exchange-ws',
    }),
    translate: (key) => key,
    fetchImpl: server.fetchImpl,
  });
  const stomp = fakeClientFactory();
  const feed = createMarketFeed({ url: () => 'wss://platform.test/market-ws', clientFactory: stomp.factory });
  const frames: Array<() => void> = [];
  const errors: KlineLoadError[] = [];
  const loader = createKlineLoader({
    api,
    feed,
    schedule: (flush) => frames.push(flush),
    onError: (error) => errors.push(error),
    ...options,
  });
  cleanups.push(() => {
    loader.dispose();
    feed.close();
  });

  const chart = {
    data: [] as KLineData[],
    more: null as DataLoadMore | undefined | null,
    updates: 0,
    symbol: '',
    period: null as Period | null,
  };
  const symbolInfo = () => ({ ticker: chart.symbol, pricePrecision: 5, volumePrecision: 2 });
  function restart(symbol: string, period: KlinePeriod) {
    if (chart.symbol && chart.period) loader.unsubscribeBar({ symbol: symbolInfo(), period: chart.period });
    chart.symbol = symbol;
    chart.period = toChartPeriod(period);
    chart.data = [];
    void loader.getBars({
      type: 'init',
      timestamp: null,
      symbol: symbolInfo(),
      period: chart.period,
      callback: (data, more) => {
        chart.data = data;
        chart.more = more;
        loader.subscribeBar({
          symbol: symbolInfo(),
          period: chart.period!,
          callback: (candle) => {
            chart.updates++;
            const last = chart.data.at(-1);
            if (!last || candle.timestamp > last.timestamp) chart.data.push(candle);
            else if (candle.timestamp === last.timestamp) chart.data[chart.data.length - 1] = candle;
          },
        });
      },
    });
  }
  function scrollBack(): Promise<DataLoadMore | undefined> {
    return new Promise((resolve) => {
      void loader.getBars({
        type: 'forward',
        timestamp: chart.data[0]?.timestamp ?? null,
        symbol: symbolInfo(),
        period: chart.period!,
        callback: (data, more) => {
          chart.data = [...data, ...chart.data];
          resolve(more);
        },
      });
    });
  }
  const frame = () => frames.splice(0).forEach((flush) => flush());
  const closes = () => chart.data.map((c) => c.close);
  const times = () => chart.data.map((c) => (c.timestamp - T0) / MIN);
  const tick = (symbol: string, period: KlinePeriod, p: KlinePoint) =>
    stomp.client().deliver(Topic.kline(symbol, period), p);
  return { server, feed, stomp, loader, chart, errors, restart, scrollBack, frame, closes, times, tick };
}

/** Load EURUSD 1min history of `count` candles ending at T0 + (count-1) min, with a connected socket. */
async function loaded(count = 5, options: Partial<KlineLoaderOptions> = {}) {
  const ctx = setup(options);
  ctx.server.set('EURUSD', '1min', series(T0, count));
  ctx.restart('EURUSD', '1min');
  await settle();
  ctx.stomp.client().acceptConnect();
  return ctx;
}

describe('kline periods and candles', () => {
  it.each(KLINE_PERIODS)('maps %s to a klinecharts period and back', (period) => {
    expect(fromChartPeriod(toChartPeriod(period))).toBe(period);
  });

  it('knows no period the market does not serve', () => {
    expect(fromChartPeriod({ type: 'week', span: 1 })).toBeNull();
    expect(fromChartPeriod({ type: 'minute', span: 3 })).toBeNull();
  });

  it('reads decimal strings into a candle and rejects a point with a missing price', () => {
    expect(toKLineData(point(T0, '1.08512'))).toEqual({
      timestamp: T0,
      open: 1.08,
      high: 1.09,
      low: 1.07,
      close: 1.08512,
      volume: 12.5,
      turnover: 13.5,
    });
    expect(toKLineData({ ...point(T0, '1'), closePrice: undefined })).toBeNull();
    expect(toKLineData({ ...point(T0, '1'), highestPrice: 'abc' })).toBeNull();
    expect(toKLineData(null)).toBeNull();
  });

  it('keeps a candle whose volume or turnover is missing or unreadable, with zero there', () => {
    const candle = toKLineData({ ...point(T0, '1'), volume: undefined, turnover: 'n/a' });
    expect(candle).toMatchObject({ close: 1, volume: 0, turnover: 0 });
    expect(toKLineData({ ...point(T0, '1'), time: true })).toBeNull();
  });

  it('keeps an ordered page as it is, one candle per point', () => {
    const page = [point(T0, '1'), point(T0 + MIN, '2'), point(T0 + 2 * MIN, '3')];
    expect(normalizeCandles(page).map((c) => c.close)).toEqual([1, 2, 3]);
  });

  it('sorts candles, keeps the later of two with one time and drops invalid ones', () => {
    const candles = normalizeCandles([point(T0 + MIN, '2'), point(T0, '1'), { time: 'x' }, point(T0, '3')]);
    expect(candles.map((c) => [c.timestamp - T0, c.close])).toEqual([
      [0, 3],
      [MIN, 2],
    ]);
    expect(normalizeCandles({ not: 'a list' })).toEqual([]);
  });
});

describe('kline loader history', () => {
  it('loads the latest page, flags older data and subscribes the kline topic only after it', async () => {
    const ctx = setup();
    ctx.server.set('EURUSD', '1min', series(T0, 400));
    ctx.restart('EURUSD', '1min');
    expect(() => ctx.stomp.client()).toThrow();
    await settle();
    expect(ctx.server.requests).toEqual([
      { path: '/market/history', body: { symbol: 'EURUSD', period: '1min', limit: 300 } },
    ]);
    expect(ctx.chart.data).toHaveLength(300);
    expect(ctx.chart.more).toEqual({ forward: true, backward: false });
    ctx.stomp.client().acceptConnect();
    expect(ctx.stomp.client().subscribed()).toEqual(['/topic/kline.EURUSD.1min']);
  });

  it('takes a prefetched first page for the next init of that series without asking again', async () => {
    const ctx = setup();
    ctx.server.set('EURUSD', '5min', series(T0, 3, 5 * MIN));
    ctx.loader.prefetch('EURUSD', '5min');
    ctx.loader.prefetch('EURUSD', '5min');
    await settle();
    expect(ctx.server.requests).toHaveLength(1);
    ctx.restart('EURUSD', '5min');
    await settle();
    expect(ctx.chart.data).toHaveLength(3);
    expect(ctx.server.requests).toHaveLength(1);
    ctx.restart('EURUSD', '5min');
    await settle();
    expect(ctx.server.requests).toHaveLength(2);
  });

  it('says when a prefetched first page has been answered or has failed, and at once when none was asked (EK75)', async () => {
    const ctx = setup();
    let settled = false;
    await ctx.loader.prefetchSettled();
    ctx.server.set('EURUSD', '1min', series(T0, 3));
    ctx.server.hold(true);
    ctx.loader.prefetch('EURUSD', '1min');
    void ctx.loader.prefetchSettled().then(() => (settled = true));
    await settle();
    expect(ctx.server.requests).toHaveLength(1);
    expect(settled).toBe(false);
    ctx.server.release();
    await vi.waitFor(() => expect(settled).toBe(true));

    const failed = setup();
    failed.server.fail(true);
    failed.loader.prefetch('EURUSD', '1min');
    await expect(failed.loader.prefetchSettled()).resolves.toBeUndefined();
  });

  it('takes a prefetched first page however long its answer took, and asks again once the answer has waited past PREFETCH_TTL_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ctx = setup();
    ctx.server.set('EURUSD', '1min', series(T0, 3));
    ctx.server.hold(true);
    ctx.loader.prefetch('EURUSD', '1min');
    await settle();
    // A slow answer: it comes after the TTL, and is fresh when it comes.
    vi.setSystemTime(Date.now() + PREFETCH_TTL_MS + 1_000);
    ctx.server.release();
    ctx.server.hold(false);
    await ctx.loader.prefetchSettled();
    ctx.restart('EURUSD', '1min');
    await settle();
    expect(ctx.chart.data).toHaveLength(3);
    expect(ctx.server.requests).toHaveLength(1);

    // An answer that then waits past the TTL for the chart is asked for again.
    ctx.server.set('EURUSD', '5min', series(T0, 2, 5 * MIN));
    ctx.loader.prefetch('EURUSD', '5min');
    await ctx.loader.prefetchSettled();
    vi.setSystemTime(Date.now() + PREFETCH_TTL_MS + 1_000);
    ctx.restart('EURUSD', '5min');
    await settle();
    expect(ctx.chart.data).toHaveLength(2);
    expect(ctx.server.requests.map((r) => r.body.period)).toEqual(['1min', '5min', '5min']);
  });

  it('does not give a prefetched page to another series', async () => {
    const ctx = setup();
    ctx.server.set('EURUSD', '1min', series(T0, 4));
    ctx.loader.prefetch('EURUSD', '5min');
    ctx.restart('EURUSD', '1min');
    await settle();
    expect(ctx.chart.data).toHaveLength(4);
    expect(ctx.server.requests.map((r) => r.body.period)).toEqual(['5min', '1min']);
  });

  it('says there is nothing older when the first page is short', async () => {
    const { chart } = await loaded(5);
    expect(chart.more).toEqual({ forward: false, backward: false });
  });

  it('pages back through history/limit before the oldest candle until the history ends', async () => {
    const ctx = setup();
    ctx.server.set('EURUSD', '1min', series(T0, 650));
    ctx.restart('EURUSD', '1min');
    await settle();
    expect(await ctx.scrollBack()).toEqual({ forward: true });
    expect(ctx.server.requests[1]).toEqual({
      path: '/market/history/limit',
      body: { symbol: 'EURUSD', period: '1min', limit: 300, to: T0 + 350 * MIN },
    });
    expect(await ctx.scrollBack()).toEqual({ forward: false });
    expect(ctx.times()).toEqual(Array.from({ length: 650 }, (_, i) => i));
  });

  it('keeps gaps of a closed market in the history as they are and fetches nothing for them', async () => {
    const ctx = setup();
    const friday = series(T0, 3);
    const monday = series(T0 + 3 * 24 * 60 * MIN, 3);
    ctx.server.set('EURUSD', '1min', [...friday, ...monday]);
    ctx.restart('EURUSD', '1min');
    await settle();
    ctx.stomp.client().acceptConnect();
    expect(ctx.chart.data).toHaveLength(6);
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('reports a failed first page without data and loads again on a restart', async () => {
    const ctx = setup();
    ctx.server.set('EURUSD', '1min', series(T0, 3));
    ctx.server.fail(true);
    ctx.restart('EURUSD', '1min');
    await settle();
    expect(ctx.errors.map((e) => e.kind)).toEqual(['history']);
    expect(ctx.chart.more).toBeNull();
    ctx.server.fail(false);
    ctx.restart('EURUSD', '1min');
    await settle();
    expect(ctx.chart.data).toHaveLength(3);
  });

  it('keeps "more" on when an older page fails so that scrolling back retries', async () => {
    const ctx = setup();
    ctx.server.set('EURUSD', '1min', series(T0, 400));
    ctx.restart('EURUSD', '1min');
    await settle();
    ctx.server.fail(true);
    expect(await ctx.scrollBack()).toEqual({ forward: true });
    expect(ctx.errors.map((e) => e.kind)).toEqual(['older']);
    ctx.server.fail(false);
    expect(await ctx.scrollBack()).toEqual({ forward: false });
    expect(ctx.chart.data).toHaveLength(400);
  });
});

describe('kline loader live candle', () => {
  it('moves the forming candle with the ticks, one chart update per frame with the latest value', async () => {
    const ctx = await loaded(5);
    const forming = T0 + 4 * MIN;
    for (let i = 0; i < 50; i++)
      ctx.tick('EURUSD', '1min', point(forming, `1.1${String(i).padStart(3, '0')}`));
    expect(ctx.chart.updates).toBe(0);
    ctx.frame();
    expect(ctx.chart.updates).toBe(1);
    expect(ctx.closes().at(-1)).toBe(1.1049);
  });

  it('spaces live updates by their cost so that a heavy chart cannot starve the page', async () => {
    let clock = 0;
    const pending: Array<() => void> = [];
    // Each chart update "costs" 20 ms of the clock: the next may start 80 ms after the last one began.
    const run = () =>
      pending.splice(0).forEach((flush) => {
        flush();
        clock += 20;
      });
    const ctx = await loaded(5, { now: () => clock, schedule: (flush) => pending.push(flush) });
    ctx.tick('EURUSD', '1min', point(T0 + 4 * MIN, '1.2'));
    run();
    await settle();
    expect(ctx.chart.updates).toBe(1);
    // The update began at 0 and took 20 ms, so the next may start at 20 / UPDATE_BUDGET = 80, 60 ms from now.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    ctx.tick('EURUSD', '1min', point(T0 + 4 * MIN, '1.3'));
    vi.advanceTimersByTime(59);
    expect(pending).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(pending).toHaveLength(1);
    clock = 80;
    run();
    expect(ctx.closes().at(-1)).toBe(1.3);
  });

  it('closes a candle before it opens the next one within one frame', async () => {
    const ctx = await loaded(5);
    ctx.tick('EURUSD', '1min', point(T0 + 4 * MIN, '1.2'));
    ctx.tick('EURUSD', '1min', point(T0 + 4 * MIN, '1.3'));
    ctx.tick('EURUSD', '1min', point(T0 + 5 * MIN, '1.4'));
    ctx.frame();
    expect(ctx.times()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ctx.closes().slice(-2)).toEqual([1.3, 1.4]);
  });

  it('ignores a replayed candle older than the last one the chart has', async () => {
    const ctx = await loaded(5);
    ctx.tick('EURUSD', '1min', point(T0 + 2 * MIN, '9'));
    ctx.frame();
    expect(ctx.chart.updates).toBe(0);
    expect(ctx.closes()).not.toContain(9);
  });

  it('fetches the missed candles when a live candle skips buckets and holds ticks until they arrive', async () => {
    const ctx = await loaded(5);
    ctx.server.set('EURUSD', '1min', [
      ...series(T0, 4),
      point(T0 + 4 * MIN, '1.5'),
      ...series(T0 + 5 * MIN, 3),
    ]);
    ctx.server.hold(true);
    ctx.tick('EURUSD', '1min', point(T0 + 8 * MIN, '1.6'));
    ctx.tick('EURUSD', '1min', point(T0 + 8 * MIN, '1.7'));
    await settle();
    expect(ctx.server.requests.at(-1)).toEqual({
      path: '/market/history',
      body: { symbol: 'EURUSD', period: '1min', from: T0 + 4 * MIN, to: T0 + 8 * MIN },
    });
    ctx.frame();
    expect(ctx.times()).toEqual([0, 1, 2, 3, 4]);
    ctx.server.release();
    await settle();
    ctx.frame();
    expect(ctx.times()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    // The candle that was forming when the gap began gets its final close; the live value wins at the end.
    expect(ctx.closes()[4]).toBe(1.5);
    expect(ctx.closes()[8]).toBe(1.7);
  });

  it('appends the live candle after a closed-market gap when there is nothing to fill', async () => {
    const ctx = await loaded(5);
    const monday = T0 + 3 * 24 * 60 * MIN;
    ctx.tick('EURUSD', '1min', point(monday, '1.3'));
    await settle();
    ctx.frame();
    expect(ctx.server.requests).toHaveLength(2);
    // A fill never asks for more than 1000 periods, however long the market was closed.
    expect(ctx.server.requests[1]?.body).toEqual({
      symbol: 'EURUSD',
      period: '1min',
      from: monday - 1000 * MIN,
      to: monday,
    });
    expect(ctx.chart.data.at(-1)?.timestamp).toBe(monday);
    expect(ctx.chart.data).toHaveLength(6);
  });

  it('keeps the live candle going when the fill fails', async () => {
    const ctx = await loaded(5);
    ctx.server.fail(true);
    ctx.tick('EURUSD', '1min', point(T0 + 7 * MIN, '1.3'));
    await settle();
    ctx.frame();
    expect(ctx.errors.map((e) => e.kind)).toEqual(['gap']);
    expect(ctx.times().at(-1)).toBe(7);
  });

  it('subscribes the kline topic again after a reconnect and fills what the outage missed', async () => {
    const ctx = await loaded(5);
    const client = ctx.stomp.client();
    client.serverClose();
    expect(client.subscribed()).toEqual([]);
    ctx.server.set('EURUSD', '1min', series(T0, 8));
    client.activate();
    client.acceptConnect();
    expect(client.frames).toEqual([
      'SUBSCRIBE /topic/kline.EURUSD.1min',
      'SUBSCRIBE /topic/kline.EURUSD.1min',
    ]);
    ctx.tick('EURUSD', '1min', point(T0 + 8 * MIN, '1.9'));
    await settle();
    ctx.frame();
    expect(ctx.times()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('unsubscribes the old topic on a period switch and keeps exactly one subscription', async () => {
    const ctx = await loaded(5);
    ctx.server.set('EURUSD', '5min', series(T0, 5, 5 * MIN));
    const client = ctx.stomp.client();
    for (const period of ['5min', '15min', '5min'] as const) {
      ctx.restart('EURUSD', period);
      await settle();
    }
    expect(client.subscribed()).toEqual(['/topic/kline.EURUSD.5min']);
    expect(client.frames).toEqual([
      'SUBSCRIBE /topic/kline.EURUSD.1min',
      'UNSUBSCRIBE /topic/kline.EURUSD.1min',
      'SUBSCRIBE /topic/kline.EURUSD.5min',
      'UNSUBSCRIBE /topic/kline.EURUSD.5min',
      'SUBSCRIBE /topic/kline.EURUSD.15min',
      'UNSUBSCRIBE /topic/kline.EURUSD.15min',
      'SUBSCRIBE /topic/kline.EURUSD.5min',
    ]);
    ctx.tick('EURUSD', '1min', point(T0 + 4 * MIN, '7'));
    ctx.frame();
    expect(ctx.closes()).not.toContain(7);
  });

  it('drops the answer of a series that was switched away while it loaded', async () => {
    const ctx = setup();
    ctx.server.set('EURUSD', '1min', series(T0, 5));
    ctx.server.set('GBPUSD', '1min', series(T0, 2));
    ctx.server.hold(true);
    ctx.restart('EURUSD', '1min');
    await settle();
    ctx.restart('GBPUSD', '1min');
    await settle();
    ctx.server.release();
    await settle();
    ctx.server.release();
    await settle();
    expect(ctx.chart.data).toHaveLength(2);
    ctx.stomp.client().acceptConnect();
    expect(ctx.stomp.client().subscribed()).toEqual(['/topic/kline.GBPUSD.1min']);
  });

  it('makes one request when symbol and period change in the same task', async () => {
    const ctx = setup();
    ctx.server.set('GBPUSD', '1h', series(T0, 3, 60 * MIN));
    ctx.restart('EURUSD', '1min');
    ctx.restart('GBPUSD', '1min');
    ctx.restart('GBPUSD', '1h');
    await settle();
    expect(ctx.server.requests.map((r) => r.body)).toEqual([{ symbol: 'GBPUSD', period: '1h', limit: 300 }]);
    expect(KLINE_PERIOD_MS['1h']).toBe(60 * MIN);
  });

  it('stays history-only while not live and subscribes when the market opens', async () => {
    const ctx = setup({ live: false });
    ctx.server.set('EURUSD', '1min', series(T0, 5));
    ctx.restart('EURUSD', '1min');
    await settle();
    expect(ctx.chart.data).toHaveLength(5);
    expect(() => ctx.stomp.client()).toThrow();
    ctx.loader.setLive(true);
    const client = ctx.stomp.client();
    client.acceptConnect();
    expect(client.subscribed()).toEqual(['/topic/kline.EURUSD.1min']);
    ctx.loader.setLive(false);
    expect(client.subscribed()).toEqual([]);
  });

  it('releases its subscription when disposed', async () => {
    const ctx = await loaded(5);
    ctx.loader.dispose();
    expect(ctx.stomp.client().subscribed()).toEqual([]);
    ctx.restart('EURUSD', '1min');
    await settle();
    expect(ctx.server.requests).toHaveLength(1);
  });
});
