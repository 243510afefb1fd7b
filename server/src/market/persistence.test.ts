import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KlinePeriod } from '../../../src/core/contract/paths';
import type { KlinePoint } from '../../../src/core/contract/types';
import { add, compare, toScaledInt } from '../../../src/core/domain/decimal';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { PERIOD_MS } from './klines';
import { buildMarketApp, createRecordingBroker, type TestDbOptions } from './test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Monday 10:00 UTC; three days of history reach back to Friday 10:00, over a closed forex weekend. */
const MONDAY = Date.parse('2026-03-09T10:00:00Z');
const SATURDAY = Date.parse('2026-03-07T00:00:00Z');
const SUNDAY = SATURDAY + 24 * HOUR;

/** Candles of a period built from 1-minute candles (what the aggregator must have stored). */
function aggregate(minutes: readonly KlinePoint[], period: KlinePeriod): KlinePoint[] {
  const buckets = new Map<number, KlinePoint>();
  for (const m of minutes) {
    const time = Math.floor(m.time / PERIOD_MS[period]) * PERIOD_MS[period];
    const c = buckets.get(time);
    if (!c) buckets.set(time, { ...m, time });
    else
      buckets.set(time, {
        ...c,
        closePrice: m.closePrice,
        highestPrice: compare(m.highestPrice, c.highestPrice) > 0 ? m.highestPrice : c.highestPrice,
        lowestPrice: compare(m.lowestPrice, c.lowestPrice) < 0 ? m.lowestPrice : c.lowestPrice,
        volume: add(c.volume, m.volume),
        turnover: add(c.turnover, m.turnover),
      });
  }
  return [...buckets.values()];
}

describeOnBackends('market history across restarts', { on: 'pglite' }, (backend) => {
  const clock = { now: MONDAY };
  let database: TestDatabase;
  let dbOptions: TestDbOptions;
  let dataDir: string | undefined;
  let app: FastifyInstance;

  const start = () =>
    buildMarketApp(
      createRecordingBroker(),
      { seed: 9, clock: { now: () => clock.now }, backfillDays: 3 },
      dbOptions,
    );
  const query = (symbol: string, period: KlinePeriod, from: number, to: number) =>
    app.market.klines.query(symbol, period, { from, to, limit: 10_000 });

  beforeAll(async () => {
    database = await backend.create();
    dataDir = backend.name === 'pglite' ? mkdtempSync(join(tmpdir(), 'tk-klines-')) : undefined;
    dbOptions = dataDir ? { dataDir } : { databaseUrl: database.databaseUrl };
    app = await start();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  describe('the first start', () => {
    it('backfills the configured days of 1-minute candles into the database', async () => {
      expect(app.market.startup).toMatchObject({ fresh: true, fromMs: MONDAY - 72 * HOUR });
      expect(app.market.startup.rows).toBeGreaterThan(50_000);
      const btc = await query('BTCUSDT', '1min', 0, MONDAY);
      expect(btc).toHaveLength(72 * 60);
      expect(btc[0]?.time).toBe(MONDAY - 72 * HOUR);
      const { rows } = await app.db.query<{ n: string }>(
        "select count(*) as n from klines where symbol = 'BTCUSDT' and period = '1min'",
      );
      expect(Number(rows[0]?.n)).toBeGreaterThanOrEqual(72 * 60 - 1);
    });

    it('has no forex candles on a Saturday but cryptos trade through the weekend', async () => {
      for (const period of ['1min', '1h', '1d'] as const)
        expect(await query('EURUSD', period, SATURDAY, SUNDAY)).toEqual([]);
      // Forex closes on Friday at 22:00 UTC.
      expect(await query('EURUSD', '1min', SATURDAY - 3 * HOUR, SATURDAY)).toHaveLength(60);
      expect(await query('EURUSD', '1min', MONDAY - HOUR, MONDAY)).toHaveLength(60);
      expect(await query('BTCUSDT', '1min', SATURDAY, SUNDAY)).toHaveLength(24 * 60);
    });

    it.each([
      ['BTCUSDT', '5min'],
      ['BTCUSDT', '1h'],
      ['EURUSD', '15min'],
      ['EURUSD', '1h'],
      ['NAS100', '30min'],
      ['BTCUSDT', '1d'],
    ] as const)(
      'stores %s %s candles equal to the aggregate of its 1-minute candles',
      async (symbol, period) => {
        // Whole buckets only: the first day of the backfill starts at 10:00, the last one is still forming.
        const from = Math.ceil((MONDAY - 72 * HOUR) / PERIOD_MS[period]) * PERIOD_MS[period];
        const to = Math.floor((MONDAY - HOUR) / PERIOD_MS[period]) * PERIOD_MS[period];
        const expected = aggregate(await query(symbol, '1min', from, to), period);
        expect(expected.length).toBeGreaterThan(1);
        expect(await query(symbol, period, from, to)).toEqual(expected);
      },
    );
  });

  describe('a restart', () => {
    it('keeps the candles, resumes the forming ones and continues from the last price', async () => {
      clock.now = MONDAY + 5 * MINUTE + 20_000;
      app.market.source.stepTo(clock.now);
      const minutes = await app.market.klines.recent('BTCUSDT', '1min', 20);
      const hour = app.market.klines.forming('BTCUSDT', '1h');
      const entry = app.market.book.entry('BTCUSDT', clock.now);
      await app.close();

      app = await start();
      expect(app.market.startup).toMatchObject({ fresh: false, rows: 0 });
      expect(await app.market.klines.recent('BTCUSDT', '1min', 20)).toEqual(minutes);
      expect(app.market.klines.forming('BTCUSDT', '1h')).toEqual(hour);
      expect(app.market.book.entry('BTCUSDT', clock.now)).toMatchObject({
        price: entry?.price,
        openPrice: entry?.openPrice,
        highPrice: entry?.highPrice,
        lowPrice: entry?.lowPrice,
        volume: entry?.volume,
      });

      clock.now += 2 * MINUTE;
      app.market.source.stepTo(clock.now);
      const next = await query('BTCUSDT', '1min', MONDAY + 6 * MINUTE, clock.now);
      expect(next.map((c) => c.time)).toEqual([MONDAY + 6 * MINUTE, MONDAY + 7 * MINUTE]);
      const jump =
        Number(toScaledInt(next[0]?.openPrice ?? '0', 2)) / Number(toScaledInt(entry?.price ?? '1', 2));
      expect(Math.abs(jump - 1)).toBeLessThan(0.002);
      expect(app.market.klines.forming('BTCUSDT', '1h')).toMatchObject({
        time: hour?.time,
        openPrice: hour?.openPrice,
      });
    }, 120_000);

    it('fills the gap since the last candle at the next start, keeping the aggregates whole', async () => {
      await app.close();
      clock.now += 3 * HOUR;
      app = await start();
      expect(app.market.startup.fresh).toBe(false);
      expect(app.market.startup.rows).toBeGreaterThan(1000);
      const minutes = await query('BTCUSDT', '1min', MONDAY, clock.now);
      expect(minutes.length).toBe(Math.floor((clock.now - MONDAY) / MINUTE) + 1);
      expect(minutes.slice(1).every((c, i) => c.time - (minutes[i]?.time ?? 0) === MINUTE)).toBe(true);
      const closedHours = { from: MONDAY, to: MONDAY + 3 * HOUR };
      const expected = aggregate(await query('BTCUSDT', '1min', closedHours.from, closedHours.to), '1h');
      expect(await query('BTCUSDT', '1h', closedHours.from, closedHours.to)).toEqual(expected);
    }, 120_000);
  });
});
