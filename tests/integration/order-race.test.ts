/**
 * Concurrency of one account on PostgreSQL, over real HTTP: many requests at once never take the balance
 * below zero, never lock the same margin twice, never lose an order, and close or cancel an order once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MANUAL_CLOSE_AFTER_MS } from '../../src/core/contract/trading';
import { mul, sub } from '../../src/core/domain/decimal';
import { DEMO_INITIAL_BALANCE } from '../../server/src/accounts/demo';
import { describeRace, expectedEquity, same, startRaceApp, sum, type RaceApp, ORDER } from './race-app';

const CONCURRENCY = 60;
const PENDING = { ...ORDER, buyPoint: 1, price: '95000.00' };

describeRace('one account under concurrent order requests [postgres]', (databaseUrl) => {
  let h: RaceApp;
  /** Balance + margin + fee one market order takes (measured on a separate account). */
  let cost = '0';

  beforeAll(async () => {
    h = await startRaceApp(databaseUrl);
    await h.pin('BTCUSDT', '99990.00');
    const probe = await h.trader('1000');
    expect((await h.post('/exchange/order/addOrder', probe.token, ORDER)).code).toBe(0);
    cost = sub('1000', (await h.account(probe.id)).balance);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  /** Checks every invariant of the account (real unless `virtual`) and the ledger after a burst. */
  async function assertConsistent(
    userId: string,
    credited: string,
    samples: string[] | null,
    virtual = false,
  ) {
    const orders = (await h.orders(userId)).filter((o) => o.virtual === virtual);
    const account = await h.account(userId, virtual);
    if (samples) {
      expect(samples.length).toBeGreaterThan(0);
      expect(samples.every((balance) => !balance.startsWith('-'))).toBe(true);
    }
    expect(account.balance.startsWith('-')).toBe(false);
    const locked = sum(orders.filter((o) => o.status === 1 || o.status === 2).map((o) => o.margin));
    expect(same(account.lockMargin, locked)).toBe(true);
    expect(same(sum([account.balance, account.lockMargin]), expectedEquity(credited, orders))).toBe(true);
    expect(await h.ledgerOk()).toBe(true);
    return orders;
  }

  it(`admits exactly the K orders the balance covers out of ${CONCURRENCY} at once and refuses the rest with 203`, async () => {
    const k = 20;
    const credited = mul(cost, String(k));
    const trader = await h.trader(credited);
    const watch = h.watchBalance(trader.id);
    const answers = await Promise.all(
      Array.from({ length: CONCURRENCY }, () =>
        h.post<string>('/exchange/order/addOrder', trader.token, ORDER),
      ),
    );
    const samples = await watch.stop();
    expect(answers.filter((a) => a.code === 0)).toHaveLength(k);
    expect(answers.filter((a) => a.code === 203)).toHaveLength(CONCURRENCY - k);
    const orders = await assertConsistent(trader.id, credited, samples);
    expect(orders.map((o) => o.uid).sort()).toEqual(
      answers.flatMap((a) => (a.code === 0 ? [a.data] : [])).sort(),
    );
    expect(same((await h.account(trader.id)).balance, '0')).toBe(true);
  });

  it(`closes each position once under ${CONCURRENCY} concurrent closeOrder calls; the others get 404`, async () => {
    const trader = await h.trader('10000');
    for (let i = 0; i < 20; i += 1) await h.post('/exchange/order/addOrder', trader.token, ORDER);
    h.clock.advance(MANUAL_CLOSE_AFTER_MS + 1000);
    const open = await h.orders(trader.id);
    expect(open).toHaveLength(20);
    const watch = h.watchBalance(trader.id);
    const answers = await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, i) =>
        h.post('/exchange/order/closeOrder', trader.token, { orderId: open[i % open.length]?.uid }),
      ),
    );
    const samples = await watch.stop();
    expect(answers.filter((a) => a.code === 0)).toHaveLength(open.length);
    expect(answers.filter((a) => a.code === 404)).toHaveLength(CONCURRENCY - open.length);
    const orders = await assertConsistent(trader.id, '10000', samples);
    expect(orders.every((o) => o.status === 3)).toBe(true);
    expect(same((await h.account(trader.id)).lockMargin, '0')).toBe(true);
  });

  it(`cancels each pending order once under ${CONCURRENCY} concurrent cancelOrder calls; the others get 408`, async () => {
    const trader = await h.trader('10000');
    for (let i = 0; i < 20; i += 1) {
      expect((await h.post('/exchange/order/addOrder', trader.token, PENDING)).code).toBe(0);
    }
    const pending = await h.orders(trader.id);
    const watch = h.watchBalance(trader.id);
    const answers = await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, i) =>
        h.post('/exchange/order/cancelOrder', trader.token, { orderId: pending[i % pending.length]?.uid }),
      ),
    );
    const samples = await watch.stop();
    expect(answers.filter((a) => a.code === 0)).toHaveLength(pending.length);
    expect(answers.filter((a) => a.code === 408)).toHaveLength(CONCURRENCY - pending.length);
    const orders = await assertConsistent(trader.id, '10000', samples);
    expect(orders.every((o) => o.status === 4)).toBe(true);
    expect(same((await h.account(trader.id)).balance, '10000')).toBe(true);
  });

  it('keeps the account consistent when places, closes, duplicate closes and cancels race each other', async () => {
    const credited = mul(cost, '30');
    const trader = await h.trader(credited);
    for (let i = 0; i < 10; i += 1) await h.post('/exchange/order/addOrder', trader.token, ORDER);
    for (let i = 0; i < 5; i += 1) await h.post('/exchange/order/addOrder', trader.token, PENDING);
    h.clock.advance(MANUAL_CLOSE_AFTER_MS + 1000);
    const before = await h.orders(trader.id);
    const open = before.filter((o) => o.status === 2);
    const pending = before.filter((o) => o.status === 1);
    const watch = h.watchBalance(trader.id);
    const requests = [
      ...Array.from(
        { length: 30 },
        () => ['place', h.post('/exchange/order/addOrder', trader.token, ORDER)] as const,
      ),
      ...[...open, ...open].map(
        (o) => ['close', h.post('/exchange/order/closeOrder', trader.token, { orderId: o.uid })] as const,
      ),
      ...[...pending, ...pending].map(
        (o) => ['cancel', h.post('/exchange/order/cancelOrder', trader.token, { orderId: o.uid })] as const,
      ),
    ];
    const answers = await Promise.all(requests.map(async ([kind, answer]) => ({ kind, ...(await answer) })));
    const samples = await watch.stop();
    const ok = (kind: string) => answers.filter((a) => a.kind === kind && a.code === 0).length;
    expect(requests.length).toBeGreaterThanOrEqual(50);
    expect(ok('close')).toBe(open.length);
    expect(ok('cancel')).toBe(pending.length);
    expect(answers.filter((a) => a.kind === 'place' && a.code !== 0).every((a) => a.code === 203)).toBe(true);
    const orders = await assertConsistent(trader.id, credited, samples);
    expect(orders).toHaveLength(before.length + ok('place'));
    expect(orders.filter((o) => o.status === 2)).toHaveLength(ok('place'));
  });
  it('races demo Mock orders and real orders of one user without mixing the two accounts', async () => {
    const realCredit = mul(cost, '10');
    const trader = await h.trader(realCredit);
    const big = { ...ORDER, orderQuantity: '1' };
    // The demo account opens with DEMO_INITIAL_BALANCE at its first order: measure what one order takes.
    expect((await h.post('/exchange/order/addOrderMock', trader.demoToken, big)).code).toBe(0);
    const afterOne = await h.account(trader.id, true);
    const demoCost = sub(DEMO_INITIAL_BALANCE, afterOne.balance);
    const demoFits = Math.floor(Number(afterOne.balance) / Number(demoCost));
    const watch = h.watchBalance(trader.id);
    const answers = await Promise.all([
      ...Array.from({ length: demoFits + 20 }, () =>
        h.post('/exchange/order/addOrderMock', trader.demoToken, big).then((a) => ({ demo: true, ...a })),
      ),
      ...Array.from({ length: 30 }, () =>
        h.post('/exchange/order/addOrder', trader.token, ORDER).then((a) => ({ demo: false, ...a })),
      ),
    ]);
    const succeeded = (demo: boolean) => answers.filter((a) => a.demo === demo && a.code === 0).length;
    expect(succeeded(true)).toBe(demoFits);
    expect(succeeded(false)).toBe(10);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === 203)).toBe(true);
    await assertConsistent(trader.id, realCredit, await watch.stop());
    const demoOrders = await assertConsistent(trader.id, DEMO_INITIAL_BALANCE, null, true);
    expect(demoOrders).toHaveLength(demoFits + 1);
    expect(same((await h.account(trader.id)).balance, '0')).toBe(true);
  });
});
