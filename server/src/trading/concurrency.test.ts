/**
 * Concurrent requests of one account. On PGlite (one connection) they queue; on PostgreSQL
 * (TEST_DATABASE_URL) they really race, and the account row lock is what keeps the results right.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnBackends } from '../db/testing';
import { toMoney } from '../ledger';
import { findOrder } from './orders-repo';
import { tradingHarness, type TradingHarness } from './test-app';

describeOnBackends('concurrent trading requests', { on: 'postgres' }, (backend) => {
  let h: TradingHarness;

  beforeAll(async () => {
    h = await tradingHarness(backend);
    await h.pin('BTCUSDT', '100000.00');
  }, 120_000);
  afterAll(() => h?.close());

  it('lets 60 simultaneous orders lock only what the balance carries, never below zero, none lost', async () => {
    // Each 0.1 BTC at 100010.00 needs 100.01 margin + 20.01 fee (20.002 rounded up) = 120.02; 2500 carries 20.
    const user = await h.trader({ credit: '2500' });
    const results = await Promise.all(
      Array.from({ length: 60 }, () => h.order(user.token, { orderQuantity: '0.1' })),
    );
    const placed = results.filter((r) => r.code === 0);
    expect(placed).toHaveLength(20);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === 203)).toBe(true);
    const account = await h.account(user.id);
    expect(toMoney(account.lockMargin)).toBe('2000.20');
    expect(toMoney(account.balance)).toBe('99.60');
    const { rows } = await h.app.db.query<{ n: string }>(
      'select count(*)::text as n from orders where user_id = $1',
      [user.id],
    );
    expect(rows[0]?.n).toBe('20');
    expect(await h.ledgerOk()).toBe(true);
  });

  it('closes a position once when 50 closes and its stop loss race', async () => {
    const user = await h.trader({ credit: '5000' });
    const res = await h.order(user.token, { orderQuantity: '0.1', stopPrice: '99000.00' });
    const id = await h.orderId(res.data);
    h.clock.advance(180_000);
    const closes = Array.from({ length: 50 }, () =>
      h.post('/exchange/order/closeOrder', user.token, { orderId: id }),
    );
    const [results] = await Promise.all([Promise.all(closes), h.pin('BTCUSDT', '98000.00')]);
    const order = await findOrder(h.app.db, id);
    expect(order?.positionStatus).toBe(3);
    const manual = results.filter((r) => r.code === 0).length;
    expect(manual).toBe(order?.closeReason === 'manual' ? 1 : 0);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === 404)).toBe(true);
    const { rows } = await h.app.db.query<{ n: string }>(
      `select count(*)::text as n from ledger_transactions where kind = 'order_close' and ref = $1`,
      [res.data],
    );
    expect(rows[0]?.n).toBe('1');
    expect(toMoney((await h.account(user.id)).lockMargin)).toBe('0.00');
    expect(await h.ledgerOk()).toBe(true);
    await h.pin('BTCUSDT', '100000.00');
  });
});
