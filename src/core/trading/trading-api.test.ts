import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/api-client';
import type { RuntimeConfig } from '../contract/types';
import { createTradingApi } from './trading-api';

const services: RuntimeConfig['services'] = {
  api: 'https://platform.test/v1',
  market: 'https://platform.test/market',
  marketWs: 'wss://platform.test/market-ws',
  exchange: 'https://platform.test/exchange',
  exchangeWs: 'wss://platform.test/exchange-ws',
};

function setup() {
  const fetchImpl = vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify({ code: 0, msg: 'success', data: 'ORD-1' }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
  const api = createApiClient({
    services: () => services,
    getToken: () => 'tok-1',
    translate: (key) => key,
    fetchImpl: fetchImpl as unknown as typeof fetch,
  });
  const calls = () =>
    fetchImpl.mock.calls.map(([url, init]) => ({
      url: String(url),
      body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>,
      auth: (init?.headers as Record<string, string>).authorization,
    }));
  return { trading: createTradingApi({ api }), calls };
}

const ORDER = {
  tradePair: 'BTCUSDT',
  price: '0',
  stopPrice: '',
  takeProfitPprice: '',
  orderQuantity: '0.10',
  multiple: 100,
  orderType: 0,
  buyPoint: 2,
} as const;

describe('createTradingApi', () => {
  it('sends real-account orders to the plain exchange calls with the bearer token', async () => {
    const { trading, calls } = setup();
    const result = await trading.addOrder(ORDER, false);
    expect(result).toMatchObject({ ok: true, data: 'ORD-1' });
    expect(calls()[0]).toEqual({
      url: 'https://platform.test/exchange/order/addOrder',
      body: { ...ORDER },
      auth: 'Bearer tok-1',
    });
  });

  it('sends demo-account calls to the Mock variants (spec §6)', async () => {
    const { trading, calls } = setup();
    await trading.addOrder(ORDER, true);
    await trading.closeOrder('7', true);
    await trading.cancelOrder('8', true);
    await trading.updateOrder({ orderId: '9', stopPrice: '1.5', takeProfitPrice: '' }, true);
    await trading.queryOrders({ page: 1, limit: 10, positionStatus: 2 }, true);
    expect(calls().map((c) => c.url.replace('https://platform.test', ''))).toEqual([
      '/exchange/order/addOrderMock',
      '/exchange/order/closeOrderMock',
      '/exchange/order/cancelOrderMock',
      '/exchange/order/updateOrderMock',
      '/v1/waa/order/queryMock',
    ]);
    expect(calls()[1]!.body).toEqual({ orderId: '7' });
  });

  it('asks the protected web API for product order info by product code', async () => {
    const { trading, calls } = setup();
    await trading.productInfo('EURUSD');
    await trading.queryOrders({ page: 2, limit: 10 }, false);
    expect(calls()).toEqual([
      {
        url: 'https://platform.test/v1/waa/product/order/info',
        body: { productCode: 'EURUSD' },
        auth: 'Bearer tok-1',
      },
      { url: 'https://platform.test/v1/waa/order/query', body: { page: 2, limit: 10 }, auth: 'Bearer tok-1' },
    ]);
  });
});
