import { afterAll, beforeAll, expect, it } from 'vitest';
import Value from 'typebox/value';
import { ExchangeOrderMessage, OrderQueryResponse, orderQuery } from '../../../src/core/contract/trading';
import { ProductInfo } from '../../../src/core/contract/market';
import { add, compare, sub } from '../../../src/core/domain/decimal';
import { utcDayStart } from '../../../src/core/domain/market-hours';
import { netPnl } from '../../../src/core/domain/money';
import { ADMIN_TOKEN } from '../accounts/test-app';
import { describeOnBackends } from '../db/testing';
import { toMoney } from '../ledger';
import { rollover } from './overnight';
import { tradingHarness, urlOf, type Trader, type TradingHarness } from './test-app';

const QUERY = urlOf(orderQuery);

describeOnBackends('order queries, products, snapshots and the admin price', { on: 'any' }, (backend) => {
  let h: TradingHarness;
  let user: Trader;

  beforeAll(async () => {
    h = await tradingHarness(backend);
    user = await h.trader({ credit: '100000' });
    await h.pin('BTCUSDT', '100000.00');
    await h.pin('ETHUSDT', '3000.00');
    // 12 BTC positions, 1 pending ETH order, 2 closed (+99.00 each), 1 cancelled.
    for (let i = 0; i < 12; i += 1) await h.order(user.token, { orderQuantity: '0.1' });
    await h.order(user.token, {
      tradePair: 'ETHUSDT',
      buyPoint: 1,
      price: '2900.00',
      orderQuantity: '1',
      multiple: 50,
    });
    const cancelled = await h.order(user.token, { buyPoint: 1, price: '90000.00', orderQuantity: '0.1' });
    await h.post('/exchange/order/cancelOrder', user.token, { orderId: cancelled.data });
    h.clock.advance(180_000);
    await h.pin('BTCUSDT', '101000.00');
    const { rows } = await h.app.db.query<{ uid: string }>(
      `select uid from orders where user_id = $1 and position_status = 2 order by id limit 2`,
      [user.id],
    );
    for (const { uid } of rows) await h.post('/exchange/order/closeOrder', user.token, { orderId: uid });
  }, 120_000);
  afterAll(() => h?.close());

  it('pages the orders ten at a time, newest first, with net realised P&L of today and of all time', async () => {
    const res = await h.post<OrderQueryResponse>(QUERY, user.token, { page: 1, limit: 10 });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ page: 1, pages: 2, total: 14 });
    // Both closed orders made 99.00 gross; the totals are net of their fees, like the history rows.
    const closed = await h.post<OrderQueryResponse>(QUERY, user.token, { page: 1, positionStatus: 3 });
    expect(closed.data.list.map((o) => o.profitLoss)).toEqual(['99.00', '99.00']);
    const rowsNet = closed.data.list.reduce((sum, o) => add(sum, netPnl(o) ?? 'x'), '0');
    expect(compare(rowsNet, '198.00')).toBeLessThan(0);
    expect(res.data.profitLossTotal).toBe(toMoney(rowsNet));
    expect(res.data.profitLossToday).toBe(toMoney(rowsNet));
    expect(res.data.list).toHaveLength(10);
    const times = res.data.list.map((o) => o.orderTimeTs);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await h.post<OrderQueryResponse>(QUERY, user.token, { page: 2, limit: 10 });
    expect(second.data.list).toHaveLength(4);
  });

  it("finds one order by its number; another account's number answers exactly like a missing one", async () => {
    const page = await h.post<OrderQueryResponse>(QUERY, user.token, { page: 1, limit: 1 });
    const uid = page.data.list[0]?.uid ?? 'none';
    const one = await h.post<OrderQueryResponse>(QUERY, user.token, { uid });
    expect(one.code).toBe(0);
    expect(one.data).toMatchObject({ total: 1, pages: 1 });
    expect(one.data.list.map((o) => o.uid)).toEqual([uid]);
    const other = await h.trader({ credit: '1000' });
    const foreign = await h.post<OrderQueryResponse>(QUERY, other.token, { uid });
    const missing = await h.post<OrderQueryResponse>(QUERY, other.token, { uid: 'NO-SUCH-ORDER' });
    expect(foreign.data.list).toEqual([]);
    expect(foreign).toEqual(missing);
    const malformed = await h.post<OrderQueryResponse>(QUERY, user.token, { uid: 'x'.repeat(41) });
    expect(malformed.code).toBe(1001);
  });

  it('filters by status and values open positions at the current bid', async () => {
    const open = await h.post<OrderQueryResponse>(QUERY, user.token, {
      page: 1,
      limit: 50,
      positionStatus: 2,
    });
    expect(open.data.total).toBe(10);
    // Bought at 100010.00, now 101000.00: +99.00 per 0.1.
    expect(open.data.list[0]).toMatchObject({
      currentPrice: '101000.00',
      profitLoss: '99.00',
      positionStatus: 2,
    });
    const closed = await h.post<OrderQueryResponse>(QUERY, user.token, {
      page: 1,
      limit: 10,
      positionStatus: 3,
      columns: 'closingTime',
    });
    expect(closed.data.list.map((o) => o.closeReason)).toEqual(['manual', 'manual']);
    const cancelled = await h.post<OrderQueryResponse>(QUERY, user.token, {
      page: 1,
      limit: 10,
      positionStatus: 4,
    });
    expect(cancelled.data.total).toBe(1);
    expect(open.data.summary).toMatchObject({ profitLossSum: '990.00' });
    const { netValue, securityDepositPrent, securityDepositAvailableSum } = open.data.summary;
    expect(toMoney(sub(netValue, securityDepositPrent))).toBe(securityDepositAvailableSum);
  });

  it('answers what the declared response schemas say, for every status filter and the socket snapshot', async () => {
    for (const positionStatus of [undefined, 1, 2, 3, 4]) {
      const res = await h.post<OrderQueryResponse>(QUERY, user.token, { page: 1, limit: 50, positionStatus });
      expect(res.code).toBe(0);
      expect([...Value.Errors(OrderQueryResponse, res.data)], `status ${positionStatus}`).toEqual([]);
    }
    const snapshot = await h.app.trading.snapshot(user.id, false);
    for (const message of [snapshot.hold, snapshot.pending]) {
      expect([...Value.Errors(ExchangeOrderMessage, message)]).toEqual([]);
    }
    const search = await h.post<ProductInfo[]>('/v1/waa/product/search', user.token, {});
    expect(search.data.length).toBeGreaterThan(10);
    for (const product of search.data) expect([...Value.Errors(ProductInfo, product)]).toEqual([]);
  });

  it('refuses out-of-range paging at the boundary with 1001', async () => {
    for (const body of [
      { page: 0 },
      { limit: 0 },
      { page: 1e21 },
      { columns: 'id' },
      { positionStatus: 5 },
    ]) {
      expect((await h.post(QUERY, user.token, body)).code, JSON.stringify(body)).toBe(1001);
    }
  });

  it('serves the demo history only on queryMock, and nothing of the real account there', async () => {
    expect((await h.post(QUERY, user.demoToken, { page: 1, limit: 10 })).code).toBe(501);
    const demo = await h.post<OrderQueryResponse>(urlOf(orderQuery, {}, true), user.demoToken, {
      page: 1,
      limit: 10,
    });
    expect(demo.data).toMatchObject({ total: 0, list: [], profitLossTotal: '0.00' });
  });

  it('builds the socket snapshot of open and pending orders and knows the symbols of an account', async () => {
    const snapshot = await h.app.trading.snapshot(user.id, false);
    expect(snapshot.hold).toMatchObject({ ordertype: 'holtOrder', virtual: false });
    expect(snapshot.hold.list).toHaveLength(10);
    expect(snapshot.pending.list.map((o) => o.tradePair)).toEqual(['ETHUSDT']);
    // The pending buy at 2900.00 would be worth the bid 3000.00 now: +100.00 expected.
    expect(snapshot.pending.summary.profitLossSum).toBe('100.00');
    expect(h.app.trading.symbolsOf(user.id, false)).toEqual(new Set(['BTCUSDT', 'ETHUSDT']));
    expect(h.app.trading.symbolsOf(user.id, true).size).toBe(0);
  });

  it("searches products and answers one product's order info, 604 when unknown", async () => {
    const search = await h.post<ProductInfo[]>('/v1/waa/product/search', user.token, {
      keyword: 'usd',
      type: 3,
    });
    expect(search.data.length).toBeGreaterThan(3);
    expect(search.data.every((p) => p.type === 3)).toBe(true);
    const info = await h.post<ProductInfo>('/v1/waa/product/order/info', user.token, {
      productCode: 'btcusdt',
    });
    expect(info.data).toMatchObject({ productCode: 'BTCUSDT', multiple: 100, feeType: 'PERCENTAGE' });
    expect(info.data).not.toHaveProperty('referencePrice');
    expect((await h.post('/v1/waa/product/order/info', user.token, { productCode: 'NOPE' })).code).toBe(604);
    expect((await h.call('/v1/waa/product/search', null, {})).statusCode).toBe(401);
  });

  it('pins and releases a price through the admin API, only with the admin token', async () => {
    const pin = (body: object, token = ADMIN_TOKEN) =>
      h.app.inject({
        method: 'POST',
        url: '/admin/v1/market/XAUUSD/price',
        payload: body,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await pin({ bid: '4000.00' }, 'wrong')).statusCode).toBe(401);
    expect((await pin({ bid: '4000.00' })).json()).toMatchObject({
      code: 0,
      data: { bid: '4000.00', ask: '4000.30', pinned: true },
    });
    expect(h.app.market.book.entry('XAUUSD', h.clock.now())?.bidPrice).toBe('4000.00');
    expect((await pin({ bid: '4000.001' })).json().code).toBe(501);
    expect((await pin({ release: true })).json()).toMatchObject({ code: 0, data: { pinned: false } });
    const unknown = await h.app.inject({
      method: 'POST',
      url: '/admin/v1/market/NOPE/price',
      payload: { bid: '1' },
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(unknown.json().code).toBe(604);
  });
  it('nets today’s and the total P&L of their own orders, overnight fees included', async () => {
    const night = await h.trader({ credit: '100000' });
    await h.pin('BTCUSDT', '100000.00');
    const first = await h.orderId((await h.order(night.token, { orderQuantity: '0.1' })).data);
    const second = await h.orderId((await h.order(night.token, { orderQuantity: '0.1' })).data);
    h.clock.advance(180_000);
    await h.pin('BTCUSDT', '101000.00');
    await h.post('/exchange/order/closeOrder', night.token, { orderId: first });
    // The next day: the rollover charges the position still open, which is then closed.
    const midnight = utcDayStart(h.clock.now()) + 24 * 3_600_000;
    h.clock.set(midnight + 3_600_000);
    await h.signInAgain(night);
    expect(await rollover(h.app.tradingEngine, midnight)).toBeGreaterThanOrEqual(1);
    await h.pin('BTCUSDT', '101000.00');
    await h.post('/exchange/order/closeOrder', night.token, { orderId: second });
    const closed = await h.post<OrderQueryResponse>(QUERY, night.token, { page: 1, positionStatus: 3 });
    const byId = new Map(closed.data.list.map((o) => [o.id, o]));
    const yesterday = byId.get(first);
    const today = byId.get(second);
    expect(compare(today?.overnightFee ?? '0', '0')).toBeGreaterThan(0);
    expect(yesterday && today).toBeTruthy();
    const net = (o: typeof today) => (o ? (netPnl(o) ?? 'x') : 'x');
    const res = await h.post<OrderQueryResponse>(QUERY, night.token, { page: 1 });
    expect(res.data.profitLossToday).toBe(toMoney(net(today)));
    expect(res.data.profitLossTotal).toBe(toMoney(add(net(yesterday), net(today))));
    expect(h.clock.now()).toBeGreaterThan(midnight);
  });
});
