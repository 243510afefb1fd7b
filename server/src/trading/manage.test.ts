import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MarketOrder } from '../../../src/core/contract/trading';
import { describeOnBackends } from '../db/testing';
import { toMoney } from '../ledger';
import { tradingHarness, type Trader, type TradingHarness } from './test-app';

const CLOSE = '/exchange/order/closeOrder';
const CANCEL = '/exchange/order/cancelOrder';
const UPDATE = '/exchange/order/updateOrder';

describeOnBackends('closeOrder, cancelOrder and updateOrder', { on: 'any' }, (backend) => {
  let h: TradingHarness;
  let alice: Trader;
  let bob: Trader;

  beforeAll(async () => {
    h = await tradingHarness(backend);
    alice = await h.trader({ credit: '50000' });
    bob = await h.trader({ credit: '50000' });
    await h.pin('BTCUSDT', '100000.00');
  }, 120_000);
  afterAll(() => h?.close());

  const buy = async (trader: Trader, extra = {}) => {
    const res = await h.order(trader.token, { orderQuantity: '0.1', ...extra });
    expect(res.code).toBe(0);
    return h.orderId(res.data);
  };

  it('refuses a close within 3 minutes of the execution with 409 and closes at the bid after them', async () => {
    const id = await buy(alice);
    h.clock.advance(179_000);
    expect((await h.post(CLOSE, alice.token, { orderId: id })).code).toBe(409);
    h.clock.advance(1_000);
    await h.pin('BTCUSDT', '101000.00');
    const res = await h.post<MarketOrder>(CLOSE, alice.token, { orderId: id });
    expect(res.code).toBe(0);
    // Bought 0.1 at 100010.00, sold at the bid 101000.00: +99.00.
    expect(res.data).toMatchObject({
      positionStatus: 3,
      closingPrice: '101000.00',
      profitLoss: '99.00',
      closeReason: 'manual',
    });
    expect(toMoney((await h.account(alice.id)).lockMargin)).toBe('0.00');
    expect((await h.post(CLOSE, alice.token, { orderId: id })).code).toBe(404);
    expect(await h.ledgerOk()).toBe(true);
  });

  it('accepts only the order number: the internal sequential id is refused with 402', async () => {
    const res = await h.order(alice.token, { orderQuantity: '0.1' });
    h.clock.advance(180_000);
    const internal = await h.internalId(res.data);
    expect(internal).toMatch(/^[0-9]+$/);
    expect((await h.post(CLOSE, alice.token, { orderId: internal })).code).toBe(402);
    expect((await h.post(UPDATE, alice.token, { orderId: internal, stopPrice: '1.00' })).code).toBe(402);
    expect((await h.post(CLOSE, alice.token, { orderId: res.data })).code).toBe(0);
  });

  it("answers the same 402 envelope, byte for byte, for an unknown order and another user's", async () => {
    const id = await buy(bob);
    const pending = await h.order(bob.token, { buyPoint: 1, price: '90000.00', orderQuantity: '0.1' });
    h.clock.advance(180_000);
    const missing = '260311000000000000';
    const calls: Array<[string, string, object]> = [
      [CLOSE, alice.token, {}],
      [CANCEL, alice.token, {}],
      [UPDATE, alice.token, { stopPrice: '1.00' }],
      [`${CLOSE}Mock`, alice.demoToken, {}],
      [`${CANCEL}Mock`, alice.demoToken, {}],
      [`${UPDATE}Mock`, alice.demoToken, { stopPrice: '1.00' }],
    ];
    for (const [url, token, extra] of calls) {
      for (const theirs of [id, pending.data]) {
        const other = await h.call(url, token, { orderId: theirs, ...extra });
        const none = await h.call(url, token, { orderId: missing, ...extra });
        expect({ url, status: other.statusCode, body: other.body }).toEqual({
          url,
          status: none.statusCode,
          body: none.body,
        });
        expect(other.json<{ code: number }>().code).toBe(402);
      }
    }
    expect((await h.post(CLOSE, alice.token, { orderId: 'not-an-order' })).code).toBe(402);
    // Bob's orders are untouched.
    expect((await h.post(CLOSE, bob.token, { orderId: id })).code).toBe(0);
    expect((await h.post(CANCEL, bob.token, { orderId: pending.data })).code).toBe(0);
  });

  it('cancels a pending order and releases its margin; 407 for a market order, 408 once it is no longer pending', async () => {
    const before = await h.account(alice.id);
    const pending = await h.order(alice.token, { buyPoint: 1, price: '90000.00', orderQuantity: '0.1' });
    const id = await h.orderId(pending.data);
    expect((await h.post(CLOSE, alice.token, { orderId: id })).code).toBe(404);
    const res = await h.post<MarketOrder>(CANCEL, alice.token, { orderId: id });
    expect(res.data).toMatchObject({ positionStatus: 4, closeReason: 'cancelled' });
    expect(await h.account(alice.id)).toEqual(before);
    expect((await h.post(CANCEL, alice.token, { orderId: id })).code).toBe(408);
    expect((await h.post(CANCEL, alice.token, { orderId: await buy(alice) })).code).toBe(407);
  });

  it('changes the stop loss and take profit of a position against the current price (308, 309)', async () => {
    await h.pin('BTCUSDT', '100000.00');
    const id = await buy(alice);
    expect((await h.post(UPDATE, alice.token, { orderId: id, takeProfitPrice: '100000.00' })).code).toBe(308);
    expect((await h.post(UPDATE, alice.token, { orderId: id, stopPrice: '100000.00' })).code).toBe(309);
    const res = await h.post<MarketOrder>(UPDATE, alice.token, {
      orderId: id,
      stopPrice: '95000',
      takeProfitPrice: '105000',
    });
    // Stored and answered at the product's precision.
    expect(res.data).toMatchObject({ stopPrice: '95000.00', takeProfitPrice: '105000.00' });
    const off = await h.post<MarketOrder>(UPDATE, alice.token, {
      orderId: id,
      stopPrice: '',
      takeProfitPrice: '105000',
    });
    expect(off.data.stopPrice).toBeNull();
  });

  it('changes the levels of a pending order against its limit price (310, 311) and not after it is cancelled', async () => {
    const pending = await h.order(alice.token, { buyPoint: 1, price: '90000.00', orderQuantity: '0.1' });
    const id = await h.orderId(pending.data);
    expect((await h.post(UPDATE, alice.token, { orderId: id, takeProfitPrice: '89000' })).code).toBe(310);
    expect((await h.post(UPDATE, alice.token, { orderId: id, stopPrice: '91000' })).code).toBe(311);
    expect(
      (await h.post(UPDATE, alice.token, { orderId: id, stopPrice: '89000', takeProfitPrice: '95000' })).code,
    ).toBe(0);
    await h.post(CANCEL, alice.token, { orderId: id });
    expect((await h.post(UPDATE, alice.token, { orderId: id, stopPrice: '89000' })).code).toBe(404);
    expect(await h.ledgerOk()).toBe(true);
  });

  it('refuses a demo reset with 1070 while a demo order is pending', async () => {
    const pending = await h.order(
      bob.demoToken,
      { buyPoint: 1, price: '90000.00', orderQuantity: '0.01' },
      true,
    );
    expect(pending.code).toBe(0);
    expect((await h.post('/v1/waa/virtualWallet/resetBalance', bob.demoToken)).code).toBe(1070);
    await h.post(`${CANCEL}Mock`, bob.demoToken, { orderId: pending.data });
    expect((await h.post('/v1/waa/virtualWallet/resetBalance', bob.demoToken)).code).toBe(0);
  });

  it('refuses a manual close while the market is closed with 605, then closes once it reopens', async () => {
    await h.pin('EURUSD', '1.10000');
    const res = await h.order(
      bob.demoToken,
      { tradePair: 'EURUSD', orderQuantity: '0.01', multiple: 500 },
      true,
    );
    expect(res.code).toBe(0);
    h.clock.set(Date.parse('2026-03-14T12:00:00Z'));
    await h.signInAgain(bob);
    expect((await h.post(`${CLOSE}Mock`, bob.demoToken, { orderId: res.data })).code).toBe(605);
    expect((await h.order(bob.demoToken, { tradePair: 'EURUSD', orderQuantity: '0.01' }, true)).code).toBe(
      605,
    );
    h.clock.set(Date.parse('2026-03-16T12:00:00Z'));
    await h.signInAgain(bob);
    expect((await h.post(`${CLOSE}Mock`, bob.demoToken, { orderId: res.data })).code).toBe(0);
    expect(await h.ledgerOk()).toBe(true);
  });
});
