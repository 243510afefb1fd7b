import type { AddressInfo } from 'node:net';
import { Client, type IMessage, type IStompSocket } from '@stomp/stompjs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Envelope } from '../../../src/core/contract/envelope';
import type { KlinePoint, PriceEntry, ProductInfo } from '../../../src/core/contract/types';
import { createTestClock } from '../clock';
import { buildTestApp } from '../testing';

/**
 * The whole server (real db, broker and market plugins) with the simulator on a stopped test clock: the market
 * moves when a test moves the clock, so what it is sent does not depend on how many random ticks real seconds
 * bring on a busy machine (BTCUSDT ticks about once a second and the test asked for two within 10 s).
 */
describe('the market module in the real app', () => {
  let app: FastifyInstance;
  let wsUrl: string;
  // A Wednesday 12:20 UTC: every market of the seed open, far from an hour's end.
  const clock = createTestClock({ start: Date.UTC(2026, 0, 14, 12, 20), frozen: true });

  beforeAll(async () => {
    // A day of history keeps the start short (the default is 30 days).
    vi.stubEnv('MARKET_BACKFILL_DAYS', '1');
    app = await buildTestApp({ clock, market: { seed: 3, tickMs: 100 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/market-ws`;
  });
  afterAll(async () => {
    await app.close();
    vi.unstubAllEnvs();
  });

  function subscribe(destination: string, received: IMessage[]): Client {
    const client = new Client({
      webSocketFactory: () => new WebSocket(wsUrl, ['v12.stomp']) as unknown as IStompSocket,
      reconnectDelay: 0,
    });
    client.onConnect = () => client.subscribe(destination, (message) => received.push(message));
    client.activate();
    return client;
  }

  it('lists the products with the envelope of the platform', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/wa-na/forex/product/list',
      payload: { type: 5 },
    });
    const body = response.json<Envelope<ProductInfo[]>>();
    expect(body.code).toBe(0);
    expect(body.data.map((p) => p.productCode)).toEqual([
      'AAPL',
      'TSLA',
      'NVDA',
      'MSFT',
      'AMZN',
      'GOOGL',
      'META',
    ]);
  });

  it('answers an unknown symbol with 604 and a bad request with 1001', async () => {
    expect((await app.inject({ method: 'GET', url: '/market/status/NOPE' })).json()).toMatchObject({
      code: 604,
    });
    const history = await app.inject({ method: 'POST', url: '/market/history', payload: { period: '1min' } });
    expect(history.json()).toMatchObject({ code: 1001 });
  });

  it('sends /topic/prices on subscribe and then every interval, as PriceEntry[]', async () => {
    const received: IMessage[] = [];
    const client = subscribe('/topic/prices', received);
    try {
      await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      const entries = JSON.parse(received.at(-1)?.body ?? '[]') as PriceEntry[];
      expect(entries.length).toBe(app.market.instruments.length);
      const btc = entries.find((e) => e.symbol === 'BTCUSDT');
      expect(btc).toMatchObject({ marketOpen: true, type: 1, pricePrecision: 2 });
      expect(btc?.bidPrice).toMatch(/^\d+\.\d{2}$/);
    } finally {
      await client.deactivate();
    }
  });

  it('streams the forming candle of a symbol on its ticks', async () => {
    const received: IMessage[] = [];
    const client = subscribe('/topic/kline.BTCUSDT.1min', received);
    try {
      // The snapshot on subscribe, then a candle for each tick of the market's next 20 s.
      await expect.poll(() => received.length).toBe(1);
      const first = JSON.parse(received[0]?.body ?? '{}') as KlinePoint;
      clock.advance(20_000);
      await expect.poll(() => received.length).toBeGreaterThanOrEqual(3);
      const candle = JSON.parse(received.at(-1)?.body ?? '{}') as KlinePoint;
      expect(candle.time % 60_000).toBe(0);
      expect(candle.time).toBeGreaterThanOrEqual(first.time);
      expect(candle.openPrice).toMatch(/^\d+\.\d{2}$/);
    } finally {
      await client.deactivate();
    }
  });

  it('writes the forming candles to the database while it runs', async () => {
    const hour = Math.floor(app.market.source.time / 3_600_000) * 3_600_000;
    const stored = async () => {
      const { rows } = await app.db.query<{ volume: string }>(
        "select volume from klines where symbol = 'BTCUSDT' and period = '1h' and open_time = $1",
        [hour],
      );
      return rows[0]?.volume;
    };
    const before = await stored();
    // The market's next 20 s (ticks of BTCUSDT), flushed by the 2-s write timer.
    clock.advance(20_000);
    await expect.poll(stored, { timeout: 10_000, interval: 500 }).not.toBe(before);
    expect(await stored()).toMatch(/^\d+\.\d{2}$/);
  });
});
