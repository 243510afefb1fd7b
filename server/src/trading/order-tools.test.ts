import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MarketOrder } from '../../../src/core/contract/trading';
import { add } from '../../../src/core/domain/decimal';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { toMoney } from '../ledger';
import { findOrder } from './orders-repo';
import { TRAIL_WRITE_MS } from './trailing';
import { tradingHarness, type Trader, type TradingHarness } from './test-app';

const CLOSE_PART = '/exchange/order/closePart';
const TRAILING = '/exchange/order/trailingStop';
const BREAK_EVEN = '/exchange/order/breakEven';
const UPDATE = '/exchange/order/updateOrder';

describeOnBackends('order tools: partial close, trailing stop, break-even', { on: 'both' }, (backend) => {
  let h: TradingHarness;
  let alice: Trader;
  let bob: Trader;

  beforeAll(async () => {
    h = await tradingHarness(backend);
    alice = await h.trader({ credit: '50000' });
    bob = await h.trader({ credit: '50000' });
  }, 120_000);
  afterAll(() => h?.close());

  const open = async (trader: Trader, extra = {}) => {
    const res = await h.order(trader.token, { orderQuantity: '0.1', ...extra });
    expect(res.code).toBe(0);
    return res.data;
  };
  const stored = async (uid: string) => (await findOrder(h.app.db, uid))!;

  it('closes part of a position as an order of its own, margin and fees split to the cent', async () => {
    await h.pin('BTCUSDT', '100000.00');
    // 0.03 at the ask 100010.00: notional 3000.30, margin 30.003 → 30.01 and fee 6.0006 → 6.01 (up).
    const uid = await open(alice, { orderQuantity: '0.03' });
    const before = await h.account(alice.id);
    h.clock.advance(180_000);
    await h.pin('BTCUSDT', '101000.00');
    const res = await h.post<MarketOrder>(CLOSE_PART, alice.token, { orderId: uid, quantity: '0.01' });
    expect(res.code).toBe(0);
    // A third of 30.01 is 10.0033…: the part releases 10.00 and the rest keeps 20.01, so nothing is lost.
    expect(res.data).toMatchObject({
      positionStatus: 3,
      parentUid: uid,
      orderQuantity: '0.01',
      openingPrice: '100010.00',
      closingPrice: '101000.00',
      securityDepositInitial: '10.00',
      feeAmount: '2.00',
      profitLoss: '9.90',
      closeReason: 'manual',
    });
    expect(res.data.uid).not.toBe(uid);
    const rest = await stored(uid);
    expect(rest).toMatchObject({ positionStatus: 2, orderQuantity: '0.02', parentUid: null });
    expect(toMoney(rest.margin)).toBe('20.01');
    expect(toMoney(rest.feeAmount)).toBe('4.01');
    const after = await h.account(alice.id);
    expect(toMoney(after.lockMargin)).toBe(toMoney(add(before.lockMargin, '-10.00')));
    expect(toMoney(after.balance)).toBe(toMoney(add(before.balance, '19.90')));
    expect(await h.ledgerOk()).toBe(true);

    // The rest closes with the spec's call: the two parts together released the whole margin.
    const whole = await h.post<MarketOrder>('/exchange/order/closeOrder', alice.token, { orderId: uid });
    expect(whole.data).toMatchObject({ profitLoss: '19.80', securityDepositInitial: '20.01' });
    expect(toMoney((await h.account(alice.id)).lockMargin)).toBe(toMoney(add(before.lockMargin, '-30.01')));
    expect(await h.ledgerOk()).toBe(true);
  });

  it('refuses a partial close like a close (402, 409, 404) and a quantity off the rules (501, 307, 306, 302, 305)', async () => {
    await h.pin('BTCUSDT', '100000.00');
    const uid = await open(alice, { orderQuantity: '0.05' });
    const part = (quantity: string, trader = alice, orderId = uid) =>
      h.post(CLOSE_PART, trader.token, { orderId, quantity });
    expect((await part('0.01')).code).toBe(409);
    h.clock.advance(180_000);
    expect((await part('0.01', bob)).code).toBe(402);
    expect((await part('abc')).code).toBe(1001);
    expect((await part('0')).code).toBe(307);
    expect((await part('0.001')).code).toBe(306);
    expect((await part('0.015')).code).toBe(302);
    // Closing everything (or leaving less than the minimum lot) is closeOrder's.
    expect((await part('0.05')).code).toBe(305);
    expect((await part('0.06')).code).toBe(305);
    expect((await part('0.04')).code).toBe(0);
    expect((await stored(uid)).orderQuantity).toBe('0.01');
    expect((await part('0.01')).code).toBe(305);
    await h.post('/exchange/order/closeOrder', alice.token, { orderId: uid });
    expect((await part('0.01')).code).toBe(404);
    expect(await h.ledgerOk()).toBe(true);
  });

  it('trails a buy’s stop behind the bid, never back, writes it at most once a second and fires it', async () => {
    await h.pin('BTCUSDT', '100000.00');
    const uid = await open(alice);
    expect((await h.post(TRAILING, alice.token, { orderId: uid, distance: '-5' })).code).toBe(501);
    expect((await h.post(TRAILING, alice.token, { orderId: uid, distance: '1.001' })).code).toBe(501);
    expect((await h.post(TRAILING, alice.token, { orderId: uid, distance: '100000.00' })).code).toBe(309);
    expect((await h.post(TRAILING, bob.token, { orderId: uid, distance: '500' })).code).toBe(402);
    const set = await h.post<MarketOrder>(TRAILING, alice.token, { orderId: uid, distance: '500' });
    expect(set.data).toMatchObject({ stopPrice: '99500.00', trailingDistance: '500.00' });

    await h.pin('BTCUSDT', '100300.00');
    // The first move is written at once.
    expect((await stored(uid)).stopPrice).toBe('99800.00');
    await h.pin('BTCUSDT', '100100.00');
    expect((await stored(uid)).stopPrice).toBe('99800.00');
    await h.pin('BTCUSDT', '100600.00');
    // Within the second: the book (and the wire) has the exact stop, the row the last written one.
    expect((await stored(uid)).stopPrice).toBe('99800.00');
    const [shown] = (await h.app.trading.snapshot(alice.id, false)).hold.list.filter((o) => o.uid === uid);
    expect(shown?.stopPrice).toBe('100100.00');
    h.clock.advance(TRAIL_WRITE_MS);
    await h.pin('BTCUSDT', '100650.00');
    expect((await stored(uid)).stopPrice).toBe('100150.00');
    await h.pin('BTCUSDT', '100120.00');
    const closed = await stored(uid);
    expect(closed).toMatchObject({ positionStatus: 3, closeReason: 'stop_loss', closingPrice: '100120.00' });
    expect(toMoney(closed.profitLoss)).toBe('11.00');
    expect(await h.ledgerOk()).toBe(true);
  });

  it('fires a trailing stop where the book moved it even before the row shows it', async () => {
    await h.pin('BTCUSDT', '100000.00');
    // The symbol's last write was in an earlier test: a second later the first move is written at once.
    h.clock.advance(TRAIL_WRITE_MS);
    const uid = await open(bob, { orderType: 1 });
    // A sell trails above the ask (100010.00): 100510.00, then 100210.00 when the ask falls to 99710.00.
    const set = await h.post<MarketOrder>(TRAILING, bob.token, { orderId: uid, distance: '500.00' });
    expect(set.data.stopPrice).toBe('100510.00');
    await h.pin('BTCUSDT', '99700.00');
    expect((await stored(uid)).stopPrice).toBe('100210.00');
    await h.pin('BTCUSDT', '99900.00');
    await h.pin('BTCUSDT', '99500.00');
    // Not written yet (same second): 100010.00 in the book only.
    expect((await stored(uid)).stopPrice).toBe('100210.00');
    await h.pin('BTCUSDT', '100005.00');
    expect(await stored(uid)).toMatchObject({
      positionStatus: 3,
      closeReason: 'stop_loss',
      stopPrice: '100010.00',
      closingPrice: '100015.00',
    });
    expect(await h.ledgerOk()).toBe(true);
  });

  it('keeps trailing on an edit that sends the stop shown, turns it off on another stop, and off by call', async () => {
    await h.pin('BTCUSDT', '100000.00');
    const uid = await open(alice);
    await h.post(TRAILING, alice.token, { orderId: uid, distance: '300' });
    const kept = await h.post<MarketOrder>(UPDATE, alice.token, {
      orderId: uid,
      stopPrice: '99700.00',
      takeProfitPrice: '110000',
    });
    expect(kept.data).toMatchObject({ stopPrice: '99700.00', trailingDistance: '300.00' });
    const moved = await h.post<MarketOrder>(UPDATE, alice.token, { orderId: uid, stopPrice: '99000' });
    expect(moved.data).toMatchObject({ stopPrice: '99000.00', trailingDistance: null });
    await h.pin('BTCUSDT', '101000.00');
    expect((await stored(uid)).stopPrice).toBe('99000.00');
    await h.post(TRAILING, alice.token, { orderId: uid, distance: '300' });
    await h.pin('BTCUSDT', '101500.00');
    const off = await h.post<MarketOrder>(TRAILING, alice.token, { orderId: uid, distance: '' });
    expect(off.data).toMatchObject({ stopPrice: '101200.00', trailingDistance: null });
    await h.pin('BTCUSDT', '102000.00');
    expect((await stored(uid)).stopPrice).toBe('101200.00');
    expect(h.app.tradingEngine.book.size()).toBeGreaterThan(0);
  });

  it('moves the stop to break-even (opening price plus fees) once the profit is at least the spread', async () => {
    await h.pin('BTCUSDT', '100000.00');
    // 0.1 at 100010.00 paid a fee of 20.01: the P&L pays it back at 100210.05 (0.1 × 200.05 = 20.005, which
    // rounds half up to 20.01 as every P&L does).
    const uid = await open(bob);
    await h.pin('BTCUSDT', '100215.00');
    // 4.95 beyond break-even, less than the spread (10.00).
    expect((await h.post(BREAK_EVEN, bob.token, { orderId: uid })).code).toBe(309);
    expect((await h.post(BREAK_EVEN, alice.token, { orderId: uid })).code).toBe(402);
    await h.pin('BTCUSDT', '100300.00');
    const res = await h.post<MarketOrder>(BREAK_EVEN, bob.token, { orderId: uid });
    expect(res.data.stopPrice).toBe('100210.05');
    // A stop already tighter stays.
    await h.post(UPDATE, bob.token, { orderId: uid, stopPrice: '100250' });
    expect((await h.post<MarketOrder>(BREAK_EVEN, bob.token, { orderId: uid })).data.stopPrice).toBe(
      '100250.00',
    );
    await h.post(UPDATE, bob.token, { orderId: uid, stopPrice: '100210.05' });
    await h.pin('BTCUSDT', '100210.05');
    const closed = await stored(uid);
    expect(closed).toMatchObject({ positionStatus: 3, closeReason: 'stop_loss' });
    // Fired at the break-even price: the P&L pays the fee exactly, the net is 0.00.
    expect(toMoney(closed.profitLoss)).toBe('20.01');
    expect(toMoney(closed.feeAmount)).toBe('20.01');
    expect((await h.post(BREAK_EVEN, bob.token, { orderId: uid })).code).toBe(404);
    expect(await h.ledgerOk()).toBe(true);
  });
});

describeOnBackends('a restarted engine with a trailing stop', { on: 'both' }, (backend) => {
  it('restores the stop where it was last written and trails on from there', async () => {
    const created = await backend.create();
    // PGlite in memory dies with its app: the restart needs a data directory on disk.
    const folder = created.dataDir ? await mkdtemp(join(tmpdir(), 'tk-trailing-')) : null;
    const database: TestDatabase = folder
      ? { dataDir: folder, cleanup: () => rm(folder, { recursive: true, force: true }) }
      : created;
    try {
      const first = await tradingHarness(backend, {}, { database, now: Date.parse('2026-03-11T10:00:00Z') });
      const user = await first.trader({ credit: '10000' });
      await first.pin('BTCUSDT', '100000.00');
      const uid = (await first.order(user.token, { orderQuantity: '0.1' })).data;
      await first.post(TRAILING, user.token, { orderId: uid, distance: '400' });
      await first.pin('BTCUSDT', '100200.00');
      await first.pin('BTCUSDT', '100500.00');
      // Moved in the book within the second; the graceful close writes it.
      expect((await findOrder(first.app.db, uid))?.stopPrice).toBe('99800.00');
      const now = first.clock.now();
      await first.close();

      const second = await tradingHarness(backend, {}, { database, now });
      try {
        expect((await findOrder(second.app.db, uid))?.stopPrice).toBe('100100.00');
        // Its stop loss and its trail entry.
        expect(second.app.tradingEngine.book.size()).toBe(2);
        await second.pin('BTCUSDT', '100300.00');
        expect((await findOrder(second.app.db, uid))?.stopPrice).toBe('100100.00');
        await second.pin('BTCUSDT', '100700.00');
        expect((await findOrder(second.app.db, uid))?.stopPrice).toBe('100300.00');
        await second.pin('BTCUSDT', '100290.00');
        expect(await findOrder(second.app.db, uid)).toMatchObject({
          positionStatus: 3,
          closeReason: 'stop_loss',
          closingPrice: '100290.00',
        });
        expect(await second.ledgerOk()).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await database.cleanup();
      if (folder) await created.cleanup();
    }
  }, 240_000);
});
