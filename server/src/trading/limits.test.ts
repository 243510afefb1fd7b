// Issue #10, trading side: orders for free (below-cent charges), out-of-range numbers that reached SQL or
// NUMERIC, the admin price pin that poisoned candles, unnormalised quantities and the lot-step message.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Envelope } from '../../../src/core/contract/envelope';
import { ADMIN_TOKEN } from '../accounts/test-app';
import { describeOnBackends } from '../db/testing';
import { toMoney } from '../ledger';
import { LIVE_ORDERS_HEADROOM } from './place-fast';
import { MAX_LIVE_ORDERS } from './rules';
import { tradingHarness, type Trader, type TradingHarness } from './test-app';

const QUERY = '/v1/waa/order/query';

describeOnBackends('limits of the trading engine', { on: 'any' }, (backend) => {
  let h: TradingHarness;
  let rich: Trader;

  beforeAll(async () => {
    h = await tradingHarness(backend);
    rich = await h.trader({ credit: '1000000' });
    await h.pin('BTCUSDT', '100000.00');
    await h.pin('DOGEUSDT', '0.28000');
  }, 120_000);
  afterAll(() => h?.close());

  const count = async (table: string, where = 'true', params: unknown[] = []) =>
    Number(
      (await h.app.db.query<{ n: string }>(`select count(*)::text as n from ${table} where ${where}`, params))
        .rows[0]?.n,
    );
  const written = async () => ({
    orders: await count('orders'),
    transactions: await count('ledger_transactions'),
    postings: await count('ledger_postings'),
  });
  const stored = async (uid: string) =>
    (
      await h.app.db.query<{ q: string; price: string; margin: string; fee: string }>(
        `select order_quantity::text as q, price::text as price, margin::text as margin,
                fee_amount::text as fee from orders where uid = $1`,
        [uid],
      )
    ).rows[0];

  it('refuses a DOGEUSDT market order of a zero balance with 203: margin and fee round up to 0.01', async () => {
    // A new user: a real account with nothing on it (a cent less than one order's margin plus fee too).
    const broke = await h.trader();
    const cent = await h.trader({ credit: '0.01' });
    const before = await written();
    const balance = await h.account(broke.id);
    for (let i = 0; i < 5; i += 1) {
      for (const trader of [broke, cent]) {
        const res = await h.order(trader.token, {
          tradePair: 'DOGEUSDT',
          orderQuantity: '0.01',
          multiple: 20,
        });
        expect(res.code).toBe(203);
      }
    }
    expect(await written()).toEqual(before);
    expect(await h.account(broke.id)).toEqual(balance);
    expect(await h.ledgerOk()).toBe(true);
  });

  it('refuses a BTCUSDT pending buy at 0.01 of a zero balance with 203, writing nothing', async () => {
    const broke = await h.trader();
    const before = await written();
    const res = await h.order(broke.token, { buyPoint: 1, price: '0.01', orderQuantity: '0.01' });
    expect(res.code).toBe(203);
    expect(await written()).toEqual(before);
    expect(await h.ledgerOk()).toBe(true);
  });

  it('charges a funded dust order at least a cent of margin and of fee', async () => {
    const res = await h.order(rich.token, { tradePair: 'DOGEUSDT', orderQuantity: '0.01', multiple: 20 });
    expect(res.code).toBe(0);
    const row = await stored(res.data);
    expect([toMoney(row!.margin), toMoney(row!.fee)]).toEqual(['0.01', '0.01']);
    const pending = await h.order(rich.token, { buyPoint: 1, price: '0.01', orderQuantity: '0.01' });
    expect(pending.code).toBe(0);
    expect(toMoney((await stored(pending.data))!.margin)).toBe('0.01');
  });

  it(`holds at most ${MAX_LIVE_ORDERS} pending and open orders per account (502), on both placement paths`, async () => {
    const trader = await h.trader({ credit: '100000' });
    const pending = { buyPoint: 1 as const, price: '1.00', orderQuantity: '0.01' };
    for (let i = 0; i < MAX_LIVE_ORDERS; i += 1) {
      const res = await h.order(trader.token, pending);
      expect(res.code, `order ${i + 1}`).toBe(0);
    }
    expect(MAX_LIVE_ORDERS - LIVE_ORDERS_HEADROOM).toBeGreaterThan(0);
    const before = await written();
    expect((await h.order(trader.token, pending)).code).toBe(502);
    expect((await h.order(trader.token, { orderQuantity: '0.01' })).code).toBe(502);
    expect(await written()).toEqual(before);
    // The cap counts live orders: one cancelled makes room for one more.
    const { rows } = await h.app.db.query<{ uid: string }>(
      'select uid from orders where user_id = $1 order by id limit 1',
      [trader.id],
    );
    expect((await h.post('/exchange/order/cancelOrder', trader.token, { orderId: rows[0]!.uid })).code).toBe(
      0,
    );
    expect((await h.order(trader.token, pending)).code).toBe(0);
    expect((await h.order(trader.token, pending)).code).toBe(502);
    expect(await h.ledgerOk()).toBe(true);
  }, 120_000);

  it.each([
    ['a page beyond bigint', { page: 1e21, limit: 10 }],
    ['a page beyond 100000', { page: 100_001, limit: 10 }],
    ['page 0', { page: 0, limit: 10 }],
    ['a limit above 100', { page: 1, limit: 101 }],
    ['a fractional page', { page: 1.5, limit: 10 }],
  ])('refuses %s in order/query with 501 or 1001, not 500', async (_name, body) => {
    const res = await h.call(QUERY, rich.token, body);
    expect(res.statusCode).toBe(200);
    expect([501, 1001]).toContain(res.json<Envelope<unknown>>().code);
  });

  it('still serves the last allowed page', async () => {
    const res = await h.post<{ list: unknown[] }>(QUERY, rich.token, { page: 100_000, limit: 100 });
    expect(res.code).toBe(0);
    expect(res.data.list).toEqual([]);
  });

  // Beyond 18 integer digits the contract's decimal pattern refuses at the boundary (1001); within it, the
  // engine's bound (1e12) refuses with 501. Either way nothing is written.
  it.each([
    ['a pending sell at 1e30', 1001, { buyPoint: 1, orderType: 1, price: '1000000000000000000000000000000' }],
    ['a pending sell above 1e12', 501, { buyPoint: 1, orderType: 1, price: '1000000000000.01' }],
    ['a take profit at 1e30', 1001, { takeProfitPprice: '1000000000000000000000000000000' }],
    ['a stop loss at 1e30', 1001, { orderType: 1, stopPrice: '1000000000000000000000000000000' }],
    ['a take profit above 1e12', 501, { takeProfitPprice: '1000000000000.5' }],
    ['a quantity with 36 trailing zeros', 1001, { orderQuantity: '1.000000000000000000000000000000000000' }],
  ] as const)('refuses %s with %i before any query', async (_name, code, order) => {
    const before = await written();
    const res = await h.call('/exchange/order/addOrder', rich.token, {
      tradePair: 'BTCUSDT',
      price: '0',
      stopPrice: '',
      takeProfitPprice: '',
      orderQuantity: '0.01',
      multiple: 100,
      orderType: 0,
      buyPoint: 2,
      ...order,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Envelope<unknown>>().code).toBe(code);
    expect(await written()).toEqual(before);
  });

  it('stores quantities and prices at the product decimals', async () => {
    const res = await h.order(rich.token, {
      buyPoint: 1,
      price: '90000.000000000000',
      orderQuantity: '1.000000000000000000',
      stopPrice: '80000.0000',
    });
    expect(res.code).toBe(0);
    expect(await stored(res.data)).toMatchObject({ q: '1.00', price: '90000.00' });
  });

  it('names the lot step when a quantity is off it (302)', async () => {
    const res = await h.order(rich.token, { tradePair: 'US30', orderQuantity: '0.15' });
    expect(res.code).toBe(302);
    expect(res.msg).toContain('lot step 0.1');
  });

  it('refuses a pin outside the instrument band or precision and changes nothing; charts keep answering', async () => {
    const pin = (bid: unknown) =>
      h.app.inject({
        method: 'POST',
        url: '/admin/v1/market/BTCUSDT/price',
        payload: { bid },
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
    const before = h.app.market.source.current('BTCUSDT');
    for (const bid of ['9007199254740992', 9007199254740992, '98500000.01', '98.49', '100000.001', '0']) {
      const res = await pin(bid);
      expect(res.statusCode, String(bid)).toBe(200);
      expect([501, 1001], String(bid)).toContain(res.json<Envelope<unknown>>().code);
      expect(h.app.market.source.current('BTCUSDT')).toEqual(before);
    }
    for (const url of ['/market/history', '/market/history/limit']) {
      const res = await h.app.inject({ method: 'POST', url, payload: { symbol: 'BTCUSDT', period: '1min' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.json<Envelope<unknown>>().code, url).toBe(0);
    }
    // Within the band and the precision a pin still works.
    expect((await pin('98500.00')).json<Envelope<unknown>>().code).toBe(0);
  });
});
