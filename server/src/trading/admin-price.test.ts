import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../accounts/test-app';
import { buildTestApp } from '../testing';
import type { FastifyInstance } from 'fastify';

describe('POST /admin/v1/market/{symbol}/price in production', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      adminToken: ADMIN_TOKEN,
      market: { autostart: false, backfillDays: 0.01 },
      trading: { production: true },
    });
    await app.ready();
  }, 120_000);
  afterAll(() => app?.close());

  it('does not exist, so no one can steer prices on a live platform', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/admin/v1/market/BTCUSDT/price',
      payload: { bid: '1.00' },
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(app.market.source.current('BTCUSDT')?.bid).not.toBe(100);
  });
});
