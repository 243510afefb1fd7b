import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from './instruments';
import { createMemoryKlineStore, type KlineStore, type StoredCandle } from './kline-store';
import { createKlines, isKlinePeriod } from './klines';
import type { Tick } from './price-source';

const btc = INSTRUMENTS.filter((i) => i.productCode === 'BTCUSDT');
const at = (iso: string) => Date.parse(iso);
const tick = (iso: string, bid: number, volume: number): Tick => ({
  symbol: 'BTCUSDT',
  time: at(iso),
  bid,
  ask: bid + 1000,
  volume,
});

describe('kline aggregation', () => {
  it('builds a candle with the first tick as open, the last as close and the extremes as high and low', () => {
    const klines = createKlines(btc);
    klines.apply(tick('2026-03-11T10:00:05Z', 9_850_000, 100));
    klines.apply(tick('2026-03-11T10:00:20Z', 9_870_050, 50));
    klines.apply(tick('2026-03-11T10:00:40Z', 9_840_000, 25));
    klines.apply(tick('2026-03-11T10:00:59Z', 9_860_000, 25));
    expect(klines.forming('BTCUSDT', '1min')).toEqual({
      time: at('2026-03-11T10:00:00Z'),
      openPrice: '98500.00',
      closePrice: '98600.00',
      highestPrice: '98700.50',
      lowestPrice: '98400.00',
      volume: '2.00',
      // 98500×1 + 98700.50×0.5 + 98400×0.25 + 98600×0.25
      turnover: '197100.2500',
    });
  });

  it('closes a candle into the store when the next bucket starts, for every period', async () => {
    const klines = createKlines(btc);
    klines.apply(tick('2026-03-11T10:00:05Z', 9_850_000, 100));
    klines.apply(tick('2026-03-11T10:01:00Z', 9_860_000, 100));
    klines.apply(tick('2026-03-11T10:05:00Z', 9_870_000, 100));
    const minutes = await klines.recent('BTCUSDT', '1min', 10);
    expect(minutes.map((c) => [new Date(c.time).toISOString().slice(11, 16), c.openPrice])).toEqual([
      ['10:00', '98500.00'],
      ['10:01', '98600.00'],
      ['10:05', '98700.00'],
    ]);
    const fives = await klines.recent('BTCUSDT', '5min', 10);
    expect(fives.map((c) => [c.openPrice, c.closePrice, c.volume])).toEqual([
      ['98500.00', '98600.00', '2.00'],
      ['98700.00', '98700.00', '1.00'],
    ]);
    expect((await klines.recent('BTCUSDT', '1d', 10)).map((c) => c.time)).toEqual([
      at('2026-03-11T00:00:00Z'),
    ]);
    expect(await klines.recent('BTCUSDT', '1min', 2)).toHaveLength(2);
    expect(await klines.recent('ETHUSDT', '1min', 2)).toEqual([]);
  });

  it('ignores a tick older than the forming candle', () => {
    const klines = createKlines(btc);
    klines.apply(tick('2026-03-11T10:01:00Z', 9_850_000, 100));
    klines.apply(tick('2026-03-11T10:00:00Z', 1, 100));
    expect(klines.forming('BTCUSDT', '1min')?.lowestPrice).toBe('98500.00');
  });

  it.each([
    // price × volume per tick 9e14 units: the running sum passes 2^53 after ten ticks
    [90_000_000, 10_000_000, '4500000000000.0000'],
    // price × volume per tick 9e17 units: every product is beyond 2^53
    [9_000_000_000, 100_000_000, '4500000000000000.0000'],
  ])('sums the turnover of 50 ticks at %i × %i units exactly as %s', (bid, volume, expected) => {
    const klines = createKlines(btc);
    for (let s = 0; s < 50; s += 1)
      klines.apply(tick(`2026-03-11T10:00:${String(s).padStart(2, '0')}Z`, bid, volume));
    expect(klines.forming('BTCUSDT', '1min')?.turnover).toBe(expected);
  });
});

describe('forming candles across a restart', () => {
  /** A memory store that also records what each flush was given. */
  function recordingStore(): KlineStore & { flushed: StoredCandle[][] } {
    const inner = createMemoryKlineStore();
    const flushed: StoredCandle[][] = [];
    return { ...inner, flushed, flush: async (forming = []) => (flushed.push([...forming]), forming.length) };
  }

  it('continues a restored candle with the next ticks of its bucket', () => {
    const klines = createKlines(btc);
    klines.restore('BTCUSDT', '5min', {
      time: at('2026-03-11T10:00:00Z'),
      openPrice: '98500.00',
      closePrice: '98550.00',
      highestPrice: '98700.00',
      lowestPrice: '98400.00',
      volume: '1.00',
      turnover: '98500.0000',
    });
    klines.apply(tick('2026-03-11T10:03:00Z', 9_880_000, 50));
    expect(klines.forming('BTCUSDT', '5min')).toEqual({
      time: at('2026-03-11T10:00:00Z'),
      openPrice: '98500.00',
      closePrice: '98800.00',
      highestPrice: '98800.00',
      lowestPrice: '98400.00',
      volume: '1.50',
      turnover: '147900.0000',
    });
  });

  it('closes a restored candle when a tick of a later bucket arrives', async () => {
    const klines = createKlines(btc);
    const restored = {
      time: at('2026-03-11T09:59:00Z'),
      openPrice: '98500.00',
      closePrice: '98500.00',
      highestPrice: '98500.00',
      lowestPrice: '98500.00',
      volume: '0.10',
      turnover: '9850.0000',
    };
    klines.restore('BTCUSDT', '1min', restored);
    klines.apply(tick('2026-03-11T10:00:10Z', 9_860_000, 100));
    expect(await klines.recent('BTCUSDT', '1min', 5)).toEqual([
      restored,
      expect.objectContaining({ time: at('2026-03-11T10:00:00Z'), openPrice: '98600.00' }),
    ]);
  });

  it('flushes only the forming candles that changed since the last flush', async () => {
    const store = recordingStore();
    const klines = createKlines(btc, store);
    klines.apply(tick('2026-03-11T10:00:05Z', 9_850_000, 100));
    expect(await klines.flush()).toBe(6);
    expect(await klines.flush()).toBe(0);
    klines.apply(tick('2026-03-11T10:01:05Z', 9_851_000, 100));
    await klines.flush();
    expect(store.flushed.map((f) => f.length)).toEqual([6, 0, 6]);
    expect(store.flushed[2]?.find((f) => f.period === '1min')?.candle.time).toBe(at('2026-03-11T10:01:00Z'));
  });

  it('flushes a forming candle again after a failed flush', async () => {
    const store = recordingStore();
    let fail = true;
    const klines = createKlines(btc, {
      ...store,
      flush: (forming) => (fail ? Promise.reject(new Error('db down')) : store.flush(forming)),
    });
    klines.apply(tick('2026-03-11T10:00:05Z', 9_850_000, 100));
    await expect(klines.flush()).rejects.toThrow('db down');
    fail = false;
    expect(await klines.flush()).toBe(6);
  });
});

describe('kline queries', () => {
  it('returns the candles opening in [from, to), with the forming one when it is inside', async () => {
    const klines = createKlines(btc);
    for (let m = 0; m < 10; m += 1) klines.apply(tick(`2026-03-11T10:0${m}:05Z`, 9_850_000 + m * 100, 100));
    const minutes = (list: Array<{ time: number }>) =>
      list.map((c) => new Date(c.time).toISOString().slice(14, 16));
    const range = { from: at('2026-03-11T10:02:00Z'), to: at('2026-03-11T10:05:00Z'), limit: 100 };
    expect(minutes(await klines.query('BTCUSDT', '1min', range))).toEqual(['02', '03', '04']);
    const open = { from: at('2026-03-11T10:07:30Z'), limit: 100 };
    expect(minutes(await klines.query('BTCUSDT', '1min', open))).toEqual(['08', '09']);
    const before = { to: at('2026-03-11T10:09:00Z'), limit: 3 };
    expect(minutes(await klines.query('BTCUSDT', '1min', before))).toEqual(['06', '07', '08']);
    expect(await klines.query('BTCUSDT', '1min', { limit: 0 })).toEqual([]);
  });
});

describe('the memory kline store', () => {
  it('keeps only the newest candles up to its capacity, oldest first', async () => {
    const store = createMemoryKlineStore({ '1min': 3, '5min': 3, '15min': 3, '30min': 3, '1h': 3, '1d': 3 });
    for (let t = 1; t <= 5; t += 1) {
      store.append('X', '1min', {
        time: t,
        openPrice: '1',
        closePrice: '1',
        highestPrice: '1',
        lowestPrice: '1',
        volume: '0',
        turnover: '0',
      });
    }
    expect((await store.recent('X', '1min', 10)).map((c) => c.time)).toEqual([3, 4, 5]);
    expect((await store.recent('X', '1min', 2)).map((c) => c.time)).toEqual([4, 5]);
    expect(await store.recent('X', '1min', 0)).toEqual([]);
  });
});

describe('isKlinePeriod', () => {
  it.each([
    ['1min', true],
    ['1d', true],
    ['2min', false],
    [60, false],
  ])('says %j is %s', (value, expected) => {
    expect(isKlinePeriod(value)).toBe(expected);
  });
});
