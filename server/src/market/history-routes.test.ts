import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/core/contract/envelope';
import type { KlinePoint } from '../../../src/core/contract/types';
import { buildMarketApp, createRecordingBroker } from './test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Wednesday 10:00 UTC: cryptos and forex open; US stocks closed until 13:30 (DST). */
const WEDNESDAY = Date.parse('2026-03-11T10:00:00Z');
const clock = { now: WEDNESDAY };
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildMarketApp(createRecordingBroker(), {
    seed: 21,
    clock: { now: () => clock.now },
    backfillDays: 1,
  });
});
afterAll(() => app.close());

async function post(url: string, payload: object): Promise<Envelope<KlinePoint[]>> {
  const response = await app.inject({ method: 'POST', url, payload });
  expect(response.statusCode).toBe(200);
  return response.json<Envelope<KlinePoint[]>>();
}
const history = (payload: object) => post('/market/history', payload);
const older = (payload: object) => post('/market/history/limit', payload);
const times = (candles: KlinePoint[]) => candles.map((c) => c.time);
const steps = (candles: KlinePoint[]) => candles.slice(1).map((c, i) => c.time - (candles[i]?.time ?? 0));

describe('POST /market/history with a limit', () => {
  it('returns the latest candles of a period oldest first, the forming one last', async () => {
    const { code, data } = await history({ symbol: 'BTCUSDT', period: '1h', limit: 5 });
    expect(code).toBe(0);
    expect(times(data)).toEqual([-4, -3, -2, -1, 0].map((h) => WEDNESDAY + h * HOUR));
    expect(data.at(-1)).toEqual(app.market.klines.forming('BTCUSDT', '1h'));
  });

  it('shows a candle closed by a tick at once, before it is written to the database', async () => {
    clock.now = WEDNESDAY + MINUTE + 20_000;
    app.market.source.stepTo(clock.now);
    const { data } = await history({ symbol: 'BTCUSDT', limit: 3 });
    expect(times(data)).toEqual([WEDNESDAY - MINUTE, WEDNESDAY, WEDNESDAY + MINUTE]);
    expect(data[1]?.volume).not.toBe('0.00');
  });
});

describe('POST /market/history with from and to', () => {
  it('returns every 1-minute candle opening in [from, to)', async () => {
    const { data } = await history({ symbol: 'EURUSD', from: WEDNESDAY - 30 * MINUTE, to: WEDNESDAY });
    expect(data).toHaveLength(30);
    expect(data[0]?.time).toBe(WEDNESDAY - 30 * MINUTE);
    expect(steps(data).every((s) => s === MINUTE)).toBe(true);
    expect(data[0]?.openPrice).toMatch(/^\d\.\d{5}$/);
  });

  it('includes the forming candle when the range reaches it', async () => {
    const { data } = await history({ symbol: 'BTCUSDT', period: '1min', from: WEDNESDAY, to: clock.now + 1 });
    expect(times(data)).toEqual([WEDNESDAY, WEDNESDAY + MINUTE]);
    expect(data.at(-1)).toEqual(app.market.klines.forming('BTCUSDT', '1min'));
  });

  it('serves the other periods over the same kind of range', async () => {
    const { data } = await history({
      symbol: 'BTCUSDT',
      period: '5min',
      from: WEDNESDAY - 2 * HOUR,
      to: WEDNESDAY,
    });
    expect(data).toHaveLength(24);
    expect(steps(data).every((s) => s === 5 * MINUTE)).toBe(true);
  });

  it('has no candles while the market is closed', async () => {
    const { data } = await history({
      symbol: 'AAPL',
      period: '1h',
      from: WEDNESDAY - 24 * HOUR,
      to: WEDNESDAY,
    });
    // Tuesday's regular session in summer hours: 13:30 to 20:00 UTC.
    expect(times(data).map((t) => new Date(t).getUTCHours())).toEqual([13, 14, 15, 16, 17, 18, 19]);
  });

  it('accepts a range of exactly 7 days of 1-minute candles', async () => {
    const { code } = await history({ symbol: 'BTCUSDT', from: WEDNESDAY - 7 * 24 * HOUR, to: WEDNESDAY });
    expect(code).toBe(0);
  });
});

describe('POST /market/history/limit', () => {
  it('returns the candles before a time, so a chart can scroll back without gaps or overlap', async () => {
    const latest = (await history({ symbol: 'BTCUSDT', limit: 100 })).data;
    const first = latest[0]?.time ?? 0;
    const { code, data } = await older({ symbol: 'BTCUSDT', period: '1min', limit: 50, to: first });
    expect(code).toBe(0);
    expect(data).toHaveLength(50);
    expect(data.at(-1)?.time).toBe(first - MINUTE);
    expect(steps([...data, ...latest]).every((s) => s === MINUTE)).toBe(true);
  });

  it('defaults to the latest 300 candles and answers an empty list before the history starts', async () => {
    const { data } = await older({ symbol: 'ETHUSDT' });
    expect(data).toHaveLength(300);
    expect(data.at(-1)).toEqual(app.market.klines.forming('ETHUSDT', '1min'));
    expect((await older({ symbol: 'ETHUSDT', to: WEDNESDAY - 30 * 24 * HOUR })).data).toEqual([]);
  });
});

describe('bad input to the history routes', () => {
  it.each([
    ['an unknown symbol', '/market/history', { symbol: 'NOPE' }, 604],
    ['an unknown symbol', '/market/history/limit', { symbol: 'NOPE', to: WEDNESDAY }, 604],
    ['a missing symbol', '/market/history/limit', { period: '1min' }, 1001],
    ['an unknown period', '/market/history', { symbol: 'BTCUSDT', period: '1w' }, 1001],
    ['an unknown period', '/market/history/limit', { symbol: 'BTCUSDT', period: '60' }, 1001],
    ['from equal to to', '/market/history', { symbol: 'BTCUSDT', from: WEDNESDAY, to: WEDNESDAY }, 1001],
    ['from after to', '/market/history', { symbol: 'BTCUSDT', from: WEDNESDAY, to: WEDNESDAY - 1 }, 1001],
    ['from without to', '/market/history', { symbol: 'BTCUSDT', from: WEDNESDAY }, 1001],
    ['to without from', '/market/history', { symbol: 'BTCUSDT', to: WEDNESDAY }, 1001],
    ['a negative time', '/market/history', { symbol: 'BTCUSDT', from: -1, to: WEDNESDAY }, 1001],
    ['a time that is not a number', '/market/history/limit', { symbol: 'BTCUSDT', to: 'yesterday' }, 1001],
    ['a limit of zero', '/market/history', { symbol: 'BTCUSDT', limit: 0 }, 1001],
    ['a negative limit', '/market/history/limit', { symbol: 'BTCUSDT', limit: -5 }, 1001],
    ['a fractional limit', '/market/history', { symbol: 'BTCUSDT', limit: 2.5 }, 1001],
  ])('answers %s on %s with %i', async (_what, url, payload, code) => {
    expect(await post(url, payload)).toMatchObject({ code, data: null });
  });

  it.each([
    ['1min', 7 * 24 * HOUR + MINUTE],
    ['1h', 421 * 24 * HOUR],
    ['1d', 30 * 365 * 24 * HOUR],
  ])('answers a %s range wider than 10,080 periods with 1001', async (period, span) => {
    const payload = { symbol: 'BTCUSDT', period, from: WEDNESDAY - span, to: WEDNESDAY };
    expect((await history(payload)).code).toBe(1001);
  });

  it('serves a limit above 1000 as 1000', async () => {
    expect((await older({ symbol: 'BTCUSDT', limit: 10 ** 9 })).data).toHaveLength(1000);
  });
});
