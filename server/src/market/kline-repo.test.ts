import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KlinePoint } from '../../../src/core/contract/types';
import { runMigrations } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import type { Db } from '../db/types';
import { createDbKlineStore, latestCandles, readCandles, writeCandles, type KlineDb } from './kline-repo';
import type { StoredCandle } from './kline-store';

const T0 = Date.parse('2026-03-11T10:00:00Z');
const MINUTE = 60_000;

const candle = (minute: number, close = '98500.10'): KlinePoint => ({
  time: T0 + minute * MINUTE,
  openPrice: '98500.00',
  closePrice: close,
  highestPrice: '98600.50',
  lowestPrice: '98400.00',
  volume: '1.25',
  turnover: '123125.1250',
});
const series = (symbol: string, period: StoredCandle['period'], minutes: number[]): StoredCandle[] =>
  minutes.map((m) => ({ symbol, period, candle: candle(m) }));

describeOnBackends('the klines table', { on: 'both' }, (backend) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await backend.create();
    db = database.databaseUrl ? await openPostgres(database.databaseUrl) : await openPglite('memory://');
    await runMigrations(db);
  });
  afterAll(async () => {
    await db?.close();
    await database?.cleanup();
  });

  it('writes candles and reads them back oldest first with their decimal scale', async () => {
    expect(await writeCandles(db, series('BTCUSDT', '1min', [0, 1, 2, 3]))).toBe(4);
    expect(await readCandles(db, 'BTCUSDT', '1min', { limit: 10 })).toEqual(
      [0, 1, 2, 3].map((m) => candle(m)),
    );
  });

  it('reads the last candles of a range, from inclusive and to exclusive', async () => {
    const range = { from: T0 + MINUTE, to: T0 + 3 * MINUTE, limit: 10 };
    const read = await readCandles(db, 'BTCUSDT', '1min', range);
    expect(read.map((c) => c.time)).toEqual([T0 + MINUTE, T0 + 2 * MINUTE]);
    const last = await readCandles(db, 'BTCUSDT', '1min', { to: T0 + 3 * MINUTE, limit: 2 });
    expect(last.map((c) => c.time)).toEqual([T0 + MINUTE, T0 + 2 * MINUTE]);
    expect(await readCandles(db, 'BTCUSDT', '5min', { limit: 10 })).toEqual([]);
  });

  it('overwrites a candle written again and keeps the last of duplicates in one write', async () => {
    await writeCandles(db, [
      { symbol: 'BTCUSDT', period: '1min', candle: candle(3, '98501.00') },
      { symbol: 'BTCUSDT', period: '1min', candle: candle(3, '98502.00') },
    ]);
    const [last] = await readCandles(db, 'BTCUSDT', '1min', { from: T0 + 3 * MINUTE, limit: 1 });
    expect(last?.closePrice).toBe('98502.00');
  });

  it('writes more than one batch in one call', async () => {
    const minutes = Array.from({ length: 25_000 }, (_, i) => 100 + i);
    expect(await writeCandles(db, series('ETHUSDT', '1min', minutes))).toBe(25_000);
    const { rows } = await db.query<{ n: string }>(
      "select count(*) as n from klines where symbol = 'ETHUSDT'",
    );
    expect(rows[0]?.n).toBe('25000');
  });

  it('finds the newest candle of every series of the given symbols', async () => {
    await writeCandles(db, series('BTCUSDT', '1h', [0, 60]));
    const latest = await latestCandles(db, ['BTCUSDT', 'ETHUSDT', 'EURUSD']);
    const summary = latest.map((s) => [s.symbol, s.period, (s.candle.time - T0) / MINUTE]);
    expect(summary.sort()).toEqual([
      ['BTCUSDT', '1h', 60],
      ['BTCUSDT', '1min', 3],
      ['ETHUSDT', '1min', 25_099],
    ]);
  });

  describe('the database kline store', () => {
    it('serves appended candles before they are flushed and persists them on flush', async () => {
      const store = createDbKlineStore(db);
      store.append('SOLUSDT', '1min', candle(0));
      store.append('SOLUSDT', '1min', candle(1));
      expect((await store.recent('SOLUSDT', '1min', 10)).map((c) => c.time)).toEqual([T0, T0 + MINUTE]);
      expect(await readCandles(db, 'SOLUSDT', '1min', { limit: 10 })).toEqual([]);
      const forming = { symbol: 'SOLUSDT', period: '1min' as const, candle: candle(2) };
      expect(await store.flush([forming])).toBe(3);
      expect(await readCandles(db, 'SOLUSDT', '1min', { limit: 10 })).toHaveLength(3);
      expect(await store.flush()).toBe(0);
    });

    it('keeps unwritten candles after a failed flush and writes them with the next one', async () => {
      let down = true;
      const flaky: KlineDb = {
        query: (sql, params) =>
          down && sql.startsWith('insert') ? Promise.reject(new Error('down')) : db.query(sql, params),
        transaction: (fn) => db.transaction(fn),
      };
      const store = createDbKlineStore(flaky);
      store.append('ADAUSDT', '1min', candle(0));
      await expect(store.flush()).rejects.toThrow('down');
      store.append('ADAUSDT', '1min', candle(1));
      expect(await store.recent('ADAUSDT', '1min', 10)).toHaveLength(2);
      down = false;
      expect(await store.flush()).toBe(2);
      expect((await readCandles(db, 'ADAUSDT', '1min', { limit: 10 })).map((c) => c.time)).toEqual([
        T0,
        T0 + MINUTE,
      ]);
    });
  });
});
