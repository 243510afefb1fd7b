import { afterAll, beforeAll, expect, it } from 'vitest';
import { sub } from '../../../src/core/domain/decimal';
import { utcDayStart } from '../../../src/core/domain/market-hours';
import { describeOnBackends } from '../db/testing';
import { toMoney } from '../ledger';
import { findOrder } from './orders-repo';
import { rollover } from './overnight';
import type { OrderChange } from './service-types';
import { tradingHarness, type Trader, type TradingHarness } from './test-app';
import { executeEntry } from './triggers';

const DAY = 24 * 3600_000;

describeOnBackends('triggers, stop-out and the overnight fee', { on: 'any' }, (backend) => {
  let h: TradingHarness;
  let user: Trader;
  const changes: OrderChange[] = [];

  beforeAll(async () => {
    h = await tradingHarness(backend);
    user = await h.trader({ credit: '50000' });
    h.app.trading.onChange((change) => changes.push(change));
  }, 120_000);
  afterAll(() => h?.close());

  const order = async (id: string) => findOrder(h.app.db, id);
  const events = () => changes.flatMap((c) => (c.event ? [c.event] : []));

  it('fills a pending buy when the ask crosses its price, at that ask, and charges the fee then', async () => {
    await h.pin('BTCUSDT', '100000.00');
    const id = await h.orderId(
      (await h.order(user.token, { buyPoint: 1, price: '99500.00', orderQuantity: '0.1' })).data,
    );
    await h.pin('BTCUSDT', '99500.00');
    expect((await order(id))?.positionStatus).toBe(1);
    await h.pin('BTCUSDT', '99480.00');
    const filled = await order(id);
    expect(filled).toMatchObject({
      positionStatus: 2,
      openingPrice: '99490.00',
      transactionTime: h.clock.now(),
    });
    // 0.2 % of 0.1 × 99490.00.
    expect(toMoney(filled?.feeAmount ?? '')).toBe('19.90');
    expect(events()).toContainEqual({ kind: 'filled', orderId: id });
    // The placement itself was announced too, without an event: the user acted, not the server.
    expect(changes[0]).toEqual({ userId: user.id, virtual: false });
    expect(await h.ledgerOk()).toBe(true);
  });

  it('fails a pending order whose fee the balance cannot pay when it fills, and releases its margin', async () => {
    const poor = await h.trader({ credit: '100' });
    await h.pin('BTCUSDT', '100000.00');
    const res = await h.order(poor.token, { buyPoint: 1, price: '99500.00', orderQuantity: '0.1' });
    expect(res.code).toBe(0);
    const id = await h.orderId(res.data);
    await h.pin('BTCUSDT', '99480.00');
    expect(await order(id)).toMatchObject({ positionStatus: 4, closeReason: 'failed' });
    expect(toMoney((await h.account(poor.id)).balance)).toBe('100.00');
    expect(events()).toContainEqual({ kind: 'failed', orderId: id });
    expect(await h.ledgerOk()).toBe(true);
  });

  it('closes a buy at the bid on the tick that crosses its stop loss, with no socket connected', async () => {
    await h.pin('BTCUSDT', '100000.00');
    const res = await h.order(user.token, {
      orderQuantity: '0.1',
      stopPrice: '99000.00',
      takeProfitPprice: '102000.00',
    });
    const id = await h.orderId(res.data);
    await h.pin('BTCUSDT', '99000.01');
    expect((await order(id))?.positionStatus).toBe(2);
    await h.pin('BTCUSDT', '98990.00');
    const closed = await order(id);
    expect(closed).toMatchObject({ positionStatus: 3, closingPrice: '98990.00', closeReason: 'stop_loss' });
    // Bought at 100010.00, out at 98990.00: −102.00 on 0.1.
    expect(toMoney(closed?.profitLoss ?? '')).toBe('-102.00');
    expect(events()).toContainEqual({ kind: 'stop_loss', orderId: id });
    expect(h.app.tradingEngine.book.size()).toBe(0);
    expect(await h.ledgerOk()).toBe(true);
  });

  it('closes a sell at the ask when the ask reaches its take profit', async () => {
    await h.pin('BTCUSDT', '100000.00');
    const id = await h.orderId(
      (await h.order(user.token, { orderType: 1, orderQuantity: '0.1', takeProfitPprice: '98000.00' })).data,
    );
    await h.pin('BTCUSDT', '97990.00');
    const closed = await order(id);
    expect(closed).toMatchObject({ positionStatus: 3, closingPrice: '98000.00', closeReason: 'take_profit' });
    expect(toMoney(closed?.profitLoss ?? '')).toBe('200.00');
    expect(events()).toContainEqual({ kind: 'take_profit', orderId: id });
  });

  it('executes a fired entry once: a second execution of the same level changes nothing', async () => {
    await h.pin('BTCUSDT', '100000.00');
    const id = await h.orderId(
      (await h.order(user.token, { orderQuantity: '0.1', stopPrice: '99000.00' })).data,
    );
    await h.pin('BTCUSDT', '98000.00');
    const before = await h.account(user.id);
    const entry = {
      orderId: id,
      symbol: 'BTCUSDT',
      kind: 'stop_loss',
      side: 'bid',
      when: 'down',
      level: 9_900_000,
    } as const;
    await executeEntry(h.app.tradingEngine, entry, {
      bid: '98000.00',
      ask: '98010.00',
      bidUnits: 9_800_000,
      askUnits: 9_801_000,
    });
    expect(await h.account(user.id)).toEqual(before);
    expect(await h.ledgerOk()).toBe(true);
  });

  it('stops out the largest loser first and only until the account is back above the level', async () => {
    const trader = await h.trader({ credit: '3000' });
    await h.pin('BTCUSDT', '100000.00');
    await h.pin('ETHUSDT', '3000.00');
    const btc = await h.orderId((await h.order(trader.token, { orderQuantity: '1' })).data);
    const eth = await h.orderId(
      (await h.order(trader.token, { tradePair: 'ETHUSDT', orderQuantity: '1', multiple: 50 })).data,
    );
    await h.pin('ETHUSDT', '2800.00');
    expect((await order(eth))?.positionStatus).toBe(2);
    // Equity 2793.98 − 2210.00 − 201.20 = 382.78 < 50 % of 1060.12 locked, but the account was checked on
    // the ETH tick a moment ago: checks of one account are at most a second apart.
    await h.pin('BTCUSDT', '97800.00');
    expect((await order(btc))?.positionStatus).toBe(2);
    h.clock.advance(1_000);
    await h.pin('BTCUSDT', '97800.00');
    expect(await order(btc)).toMatchObject({
      positionStatus: 3,
      closeReason: 'stop_out',
      closingPrice: '97800.00',
    });
    expect((await order(eth))?.positionStatus).toBe(2);
    expect(changes).toContainEqual({
      userId: trader.id,
      virtual: false,
      event: { kind: 'stop_out', orderId: btc },
    });
    // ETH: 3001.20 ÷ 50 = 60.024, locked rounded up to the cent.
    expect(toMoney((await h.account(trader.id)).lockMargin)).toBe('60.03');
    expect(await h.ledgerOk()).toBe(true);
  });

  it('charges the overnight fee once per night held, and nothing twice for the same rollover', async () => {
    const trader = await h.trader({ credit: '5000' });
    await h.pin('BTCUSDT', '100000.00');
    const id = await h.orderId((await h.order(trader.token, { orderQuantity: '0.1' })).data);
    const balance = (await h.account(trader.id)).balance;
    const midnight = utcDayStart(h.clock.now()) + DAY;
    expect(await rollover(h.app.tradingEngine, midnight)).toBeGreaterThanOrEqual(1);
    // 0.05 % of 0.1 × 100000.00 (valued at the bid).
    expect(toMoney((await order(id))?.overnightFee ?? '')).toBe('5.00');
    await rollover(h.app.tradingEngine, midnight);
    expect(toMoney((await order(id))?.overnightFee ?? '')).toBe('5.00');
    await rollover(h.app.tradingEngine, midnight + 2 * DAY);
    expect(toMoney((await order(id))?.overnightFee ?? '')).toBe('15.00');
    expect(toMoney((await h.account(trader.id)).balance)).toBe(toMoney(sub(balance, '15')));
    expect(await h.ledgerOk()).toBe(true);
  });
});
