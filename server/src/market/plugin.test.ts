import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/core/contract/envelope';
import type { KlinePoint, PriceEntry, ProductInfo } from '../../../src/core/contract/types';
import { BACKFILL_STEP_MS, planStart } from './backfill';
import { INSTRUMENTS } from './instruments';
import { createQuoteBook } from './quote-book';
import { createSimulator } from './simulator';
import { buildMarketApp, createRecordingBroker, type RecordingBroker } from './test-app';

/** Wednesday 10:00 UTC: cryptos, forex and futures open; US stocks closed until 13:30 (DST). */
const WEDNESDAY = Date.parse('2026-03-11T10:00:00Z');
const clock = { now: WEDNESDAY };
let broker: RecordingBroker;
let app: FastifyInstance;

beforeAll(async () => {
  broker = createRecordingBroker();
  app = await buildMarketApp(broker, { seed: 11, clock: { now: () => clock.now }, backfillDays: 1 });
});
afterAll(() => app.close());

async function call<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<Envelope<T>> {
  const response = await app.inject({ method, url, payload });
  expect(response.statusCode).toBe(200);
  return response.json<Envelope<T>>();
}

describe('POST /v1/wa-na/forex/product/list', () => {
  it('lists at least 30 products over the five categories in category and sort order', async () => {
    const { code, data } = await call<ProductInfo[]>('POST', '/v1/wa-na/forex/product/list', {});
    expect(code).toBe(0);
    expect(data.length).toBeGreaterThanOrEqual(30);
    expect(new Set(data.map((p) => p.type))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(data.map((p) => p.type)).toEqual(data.map((p) => p.type).sort());
    expect(data[0]).toMatchObject({
      productCode: 'BTCUSDT',
      pip: '0.01',
      minCount: '0.01',
      feeType: 'PERCENTAGE',
    });
  });

  it('filters by category when given a type', async () => {
    const { data } = await call<ProductInfo[]>('POST', '/v1/wa-na/forex/product/list', { type: 3 });
    expect(data.map((p) => p.productCode)).toEqual([
      'EURUSD',
      'GBPUSD',
      'USDJPY',
      'AUDUSD',
      'USDCAD',
      'USDCHF',
      'NZDUSD',
      'EURGBP',
      'USDHKD',
      'EURJPY',
    ]);
  });

  it('accepts a request without a body', async () => {
    const response = await app.inject({ method: 'POST', url: '/v1/wa-na/forex/product/list' });
    expect(response.json<Envelope<ProductInfo[]>>().data.length).toBeGreaterThanOrEqual(30);
  });

  it('keeps the products whose code or name contains the keyword, ignoring case', async () => {
    const list = async (payload: object) =>
      (await call<ProductInfo[]>('POST', '/v1/wa-na/forex/product/list', payload)).data.map(
        (p) => p.productCode,
      );
    expect(await list({ keyword: 'gold' })).toEqual(['XAUUSD']);
    expect(await list({ keyword: 'hkd' })).toEqual(['USDHKD']);
    const usd = await list({ keyword: ' Usd ' });
    expect(usd).toContain('EURUSD');
    expect(usd).toContain('BTCUSDT');
    expect(usd).not.toContain('EURGBP');
    expect(await list({ keyword: 'usd', type: 2 })).toEqual(['XAUUSD', 'XAGUSD']);
    expect(await list({ keyword: '%' })).toEqual([]);
    expect(await list({ keyword: '_' })).toEqual([]);
    expect(await list({ keyword: '' })).toHaveLength(INSTRUMENTS.length);
  });

  it('rejects an unknown category through schema validation', async () => {
    expect((await call('POST', '/v1/wa-na/forex/product/list', { type: 9 })).code).not.toBe(0);
  });
});

describe('GET|POST /market/thumb/{symbol}', () => {
  it('returns at most 30 one-minute open prices, one minute apart, oldest first', async () => {
    const { code, data } = await call<{ symbol: string; points: Array<{ time: number; price: string }> }>(
      'GET',
      '/market/thumb/BTCUSDT',
    );
    expect(code).toBe(0);
    expect(data.symbol).toBe('BTCUSDT');
    expect(data.points.length).toBeGreaterThan(25);
    expect(data.points.length).toBeLessThanOrEqual(30);
    data.points.slice(1).forEach((p, i) => expect(p.time - (data.points[i]?.time ?? 0)).toBe(60_000));
    expect(data.points.at(-1)?.time).toBe(WEDNESDAY);
    for (const p of data.points) expect(p.price).toMatch(/^\d+\.\d{2}$/);
  });

  it('shows the end of the last session for a closed market and takes POST and lower case', async () => {
    const { data } = await call<{ points: Array<{ time: number }> }>('POST', '/market/thumb/aapl', {
      symbol: 'aapl',
    });
    expect(data.points.length).toBeGreaterThan(25);
    // AAPL last traded on Tuesday before 20:00 UTC (summer hours).
    expect(data.points.at(-1)?.time).toBe(Date.parse('2026-03-10T19:59:00Z'));
  });

  it('answers 604 for an unknown symbol', async () => {
    expect(await call('GET', '/market/thumb/NOPE')).toEqual({
      code: 604,
      msg: 'trading pair does not exist',
      data: null,
    });
  });
});

describe('GET|POST /market/status/{symbol}', () => {
  it('reads open, closed and early_trading from the market hours', async () => {
    expect((await call('GET', '/market/status/BTCUSDT')).data).toBe('open');
    expect((await call('POST', '/market/status/AAPL')).data).toBe('closed');
    clock.now = Date.parse('2026-03-11T13:10:00Z');
    try {
      expect((await call('GET', '/market/status/AAPL')).data).toBe('early_trading');
    } finally {
      clock.now = WEDNESDAY;
    }
  });

  it('answers 604 for an unknown symbol', async () => {
    expect((await call('GET', '/market/status/NOPE')).code).toBe(604);
  });
});

describe('POST /market/history', () => {
  it('returns the last 300 one-minute candles by default, ending with the forming one', async () => {
    const { data } = await call<KlinePoint[]>('POST', '/market/history', { symbol: 'ETHUSDT' });
    expect(data).toHaveLength(300);
    expect(data.at(-1)?.time).toBe(WEDNESDAY);
    expect(data.every((c, i) => i === 0 || c.time > (data[i - 1]?.time ?? 0))).toBe(true);
    expect(data[0]).toMatchObject({ openPrice: expect.stringMatching(/^\d+\.\d{2}$/) });
  });

  it('serves other periods and caps the limit at 1000', async () => {
    expect(
      (await call<KlinePoint[]>('POST', '/market/history', { symbol: 'EURUSD', period: '1h', limit: 5 }))
        .data,
    ).toHaveLength(5);
    const many = await call<KlinePoint[]>('POST', '/market/history', {
      symbol: 'BTCUSDT',
      period: '1min',
      limit: 5000,
    });
    expect(many.data).toHaveLength(1000);
  });

  it('answers 1001 for an unknown period and 604 for an unknown symbol', async () => {
    expect((await call('POST', '/market/history', { symbol: 'BTCUSDT', period: '2min' })).code).toBe(1001);
    expect((await call('POST', '/market/history', { symbol: 'NOPE', period: '1min' })).code).toBe(604);
  });
});

describe('GET /market-assets/logo/{symbol}.svg', () => {
  it('serves an SVG logo for a known symbol and 404 for an unknown one', async () => {
    const logo = await app.inject({ method: 'GET', url: '/market-assets/logo/EURUSD.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.body).toContain('>EUR</text>');
    // Partner pages load it by <img> from their own origin.
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await app.inject({ method: 'GET', url: '/market-assets/logo/NOPE.svg' })).statusCode).toBe(404);
  });
});

describe('the market plugin', () => {
  it('backfills at least a day of one-minute candles at start', async () => {
    const candles = await app.market.klines.recent('BTCUSDT', '1min', 1500);
    expect(candles.length).toBeGreaterThanOrEqual(24 * 60);
  });

  it('starts from a state that depends only on the seed and the clock', () => {
    const replay = (seed: number) => {
      const { startMs, starts } = planStart(INSTRUMENTS, [], WEDNESDAY, 1, seed);
      const source = createSimulator({ instruments: INSTRUMENTS, seed, startMs, starts });
      const book = createQuoteBook(INSTRUMENTS, source);
      source.onTick(book.apply);
      source.stepTo(WEDNESDAY, BACKFILL_STEP_MS);
      return book.entries(WEDNESDAY).map((e) => e.price);
    };
    const mine = app.market.book.entries(WEDNESDAY).map((e) => e.price);
    expect(replay(11)).toEqual(mine);
    expect(replay(12)).not.toEqual(mine);
  });

  it('publishes /topic/prices as PriceEntry[] after driven ticks', async () => {
    broker.subscribed.add('/topic/prices');
    clock.now = WEDNESDAY + 2_000;
    app.market.source.stepTo(clock.now);
    app.market.publisher.publishPrices();
    const last = broker.published.filter((p) => p.destination === '/topic/prices').at(-1);
    const entries = JSON.parse(last?.body ?? '[]') as PriceEntry[];
    expect(entries).toHaveLength(app.market.instruments.length);
    expect(entries.find((e) => e.symbol === 'AAPL')?.marketOpen).toBe(false);
    expect(Math.max(...entries.map((e) => e.lastUpdate))).toBeGreaterThan(WEDNESDAY);
  });
});
