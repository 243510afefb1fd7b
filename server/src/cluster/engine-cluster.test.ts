/**
 * The market, the trading engine and the background jobs across three server processes on one PostgreSQL
 * (MP4–MP9): the market holder's ticks reach every process, an order placed in one process is armed and
 * executed once by the triggers' holder, an option is settled once by the settler wherever it runs, an alert
 * fires once, and when the market's holder closes another process continues its prices and its jobs.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { toScaledInt } from '../../../src/core/domain/decimal';
import { AlertCreate, type PriceAlert } from '../../../src/core/contract/alerts';
import { AlarmType } from '../../../src/core/contract/notifications';
import type { OrderChange } from '../trading';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { INSTRUMENTS } from '../market';
import { optionsHarness, type OptionsHarness } from '../options/test-app';
import { urlOf, WEDNESDAY, type Trader } from '../trading/test-app';

/** Every lease the engine's modules register. */
const LEASES = ['market', 'triggers', 'rollover', 'options-settler', 'alerts', 'loans-overdue', 'risk'];
const BTC = 'BTCUSDT';
const units = (bid: string) => Number(toScaledInt(bid, 2));
/** Waits for a condition across processes (bus messages and lease rounds), never a fixed time. */
const until = (check: () => unknown) => vi.waitFor(check, { timeout: 10_000, interval: 10 });

describeOnBackends('the engine across server processes', { on: 'postgresOnly' }, (backend) => {
  let database: TestDatabase;
  const apps: OptionsHarness[] = [];
  const open = new Set<OptionsHarness>();

  const holder = (lease: string) => {
    const found = [...open].filter((h) => h.app.cluster.leases.held(lease));
    expect(found.map(() => lease)).toEqual([lease]);
    return found[0] as OptionsHarness;
  };
  const other = (...not: OptionsHarness[]) => [...open].find((h) => !not.includes(h)) as OptionsHarness;
  /** Every lease held by exactly one open process, and each process at most its fair share. */
  const settled = () =>
    until(() => {
      for (const lease of LEASES) holder(lease);
      // Every lease the app registers (the sweeps' too), not only the engine's.
      const held = [...open].reduce((n, h) => n + h.app.cluster.leases.report().held.length, 0);
      const share = Math.ceil(held / open.size);
      for (const h of open) expect(h.app.cluster.leases.report().held.length).toBeLessThanOrEqual(share);
    });
  const bidOf = (h: OptionsHarness, symbol = BTC) => h.app.market.source.current(symbol)?.bid;
  /** Pins through `h` and waits until every process has the quote. */
  const pinEverywhere = async (h: OptionsHarness, bid: string) => {
    await h.pin(BTC, bid);
    for (const one of open) await until(() => expect(bidOf(one)).toBe(units(bid)));
  };
  const closeReason = async (h: OptionsHarness, id: string) =>
    (
      await h.app.db.query<{ reason: string | null; status: number }>(
        'select close_reason as reason, position_status as status from orders where id = $1',
        [id],
      )
    ).rows[0];

  beforeAll(async () => {
    database = await backend.create();
    for (let i = 0; i < 3; i += 1) {
      const h = await optionsHarness(backend, {
        reuse: { database, now: WEDNESDAY },
        settleEveryMs: 100,
        cluster: { enabled: true, leaseRoundMs: 50 },
      });
      apps.push(h);
      open.add(h);
    }
    await settled();
  }, 60_000);
  afterAll(async () => {
    for (const h of open) await h.close();
    await database?.cleanup();
  });

  it('sends the market holder’s ticks to every process’s book and listeners, and takes a pin from any process', async () => {
    const market = holder('market');
    const follower = other(market);
    const heard: string[] = [];
    const off = follower.app.market.source.onTick((tick) => heard.push(tick.symbol));
    try {
      market.app.market.source.stepTo(market.clock.now() + 10_000);
      // Every instrument's quote (several bus messages per round) reaches the follower's book as it is.
      await until(() => {
        for (const { productCode } of INSTRUMENTS)
          expect(bidOf(follower, productCode)).toBe(bidOf(market, productCode));
      });
      expect(heard.length).toBeGreaterThan(0);
      const entry = follower.app.market.book.entry(BTC, follower.clock.now());
      expect(entry?.bidPrice).toBe(market.app.market.book.entry(BTC, market.clock.now())?.bidPrice);
      // A pin through a follower's admin route is forwarded to the holder; the answer waits for its tick.
      await follower.pin(BTC, '100000.00');
      expect(bidOf(market)).toBe(units('100000.00'));
      expect(bidOf(follower)).toBe(units('100000.00'));
      expect(heard).toContain(BTC);
    } finally {
      off();
    }
  });

  it('arms an order placed in one process in the triggers’ holder, which closes it once at its stop loss', async () => {
    const triggers = holder('triggers');
    const placer = other(triggers);
    const events: unknown[] = [];
    const off = placer.app.trading.onChange((change) => change.event && events.push(change.event));
    try {
      const trader = await placer.trader({ credit: '10000' });
      await placer.pin(BTC, '100000.00');
      const placed = await placer.order(trader.token, { orderQuantity: '0.1', stopPrice: '99000.00' });
      expect(placed.code).toBe(0);
      const id = await placer.internalId(placed.data);
      await until(() => expect(triggers.app.tradingEngine.live.get(id)?.stopPrice).toBe('99000.00'));
      await placer.pin(BTC, '98990.00');
      await until(async () =>
        expect(await closeReason(placer, id)).toEqual({ reason: 'stop_loss', status: 3 }),
      );
      // The placer's listeners (its sockets) hear the close the other process made, from the row it re-read.
      await until(() => expect(events).toContainEqual({ kind: 'stop_loss', orderId: placed.data }));
      for (const h of open) await until(() => expect(h.app.tradingEngine.live.get(id)).toBeUndefined());
      const { rows } = await placer.app.db.query<{ n: string }>(
        `select count(*)::text as n from ledger_transactions where kind = 'order_close' and ref = $1`,
        [placed.data],
      );
      expect(rows[0]?.n).toBe('1');
      expect(await placer.ledgerOk()).toBe(true);
    } finally {
      off();
    }
  });

  /** Buys a 60 s up option in `buyer` at 100000, moves the price up, and expects one settlement. */
  const settleOnce = async (buyer: OptionsHarness) => {
    const user = await buyer.trader({ credit: '1000' });
    await pinEverywhere(buyer, '100000.00');
    const placed = await buyer.buy(user.token, { amount: '100', orderType: 0 });
    expect(placed.code).toBe(0);
    // The buyer's process (its sockets) hears the settlement made wherever the settler runs.
    const heard: string[] = [];
    const off = buyer.app.optionMode.onSettled((rows) => heard.push(...rows.map((row) => row.uid)));
    for (const h of open) h.clock.advance(30_000);
    // Each process stamps a tick with its own clock when it hears it: all hear it before the clocks move on.
    await pinEverywhere(buyer, '100100.00');
    for (const h of open) h.clock.advance(31_000);
    await until(async () => expect((await buyer.option(placed.data.uid)).positionStatus).toBe(1));
    // Every process looking again finds nothing left to settle; the stake was paid out once.
    for (const h of open) expect(await h.settle()).toEqual([]);
    expect(await buyer.option(placed.data.uid)).toMatchObject({ priceEnd: '100100', winLost: '85.00' });
    expect((await buyer.account(user.id)).balance).toMatch(/^1084\.80*$/);
    expect(await buyer.ledgerOk()).toBe(true);
    await until(() => expect(heard).toEqual([placed.data.uid]));
    off();
  };

  it('settles an option bought in one process exactly once, in the settler’s holder', async () => {
    await settleOnce(other(holder('options-settler')));
  });

  it('fires an alert set in one process once, in the alerts’ holder', async () => {
    const alerts = holder('alerts');
    const setter = other(alerts);
    const trader: Trader = await setter.trader();
    await setter.pin(BTC, '99000.00');
    const created = await setter.post<{ alert: PriceAlert }>(urlOf(AlertCreate), trader.token, {
      symbol: BTC,
      mode: 'market',
      condition: 'bid_above',
      level: '99500.00',
    });
    expect(created.code).toBe(0);
    await until(() => expect(alerts.app.alerts.book.ids()).toContain(created.data.alert.id));
    await setter.pin(BTC, '99600.00');
    const fired = async () =>
      (
        await setter.app.db.query<{ n: string }>(
          'select count(*)::text as n from notifications where user_id = $1 and alarm_type = $2',
          [trader.id, AlarmType.priceAlert],
        )
      ).rows[0]?.n;
    await until(async () => expect(await fired()).toBe('1'));
    for (const h of open)
      await until(() => expect(h.app.alerts.book.ids()).not.toContain(created.data.alert.id));
    await setter.pin(BTC, '99700.00');
    await alerts.app.alerts.idle();
    expect(await fired()).toBe('1');
  });

  it('arms an order a vanished process committed but never announced (MP21)', async () => {
    const triggers = holder('triggers');
    const ghost = await optionsHarness(backend, {
      reuse: { database, now: triggers.clock.now() },
      settleEveryMs: 100,
      cluster: { enabled: true, leaseRoundMs: 50 },
    });
    try {
      await until(() => expect(triggers.app.cluster.leases.report().members).toBe(open.size + 1));
      // The ghost commits an order and dies before its message leaves: its bus is cut off first.
      ghost.app.cluster.bus.publish = async () => undefined;
      const trader = await ghost.trader({ credit: '10000' });
      const placed = await ghost.order(trader.token, { orderQuantity: '0.1', stopPrice: '90000.00' });
      expect(placed.code).toBe(0);
      const id = await ghost.internalId(placed.data);
      expect(triggers.app.tradingEngine.live.get(id)).toBeUndefined();
    } finally {
      await ghost.close();
    }
    // The survivors see one process fewer and reload the live orders: the triggers' holder arms it.
    const { rows } = await triggers.app.db.query<{ id: string }>(
      "select id::text from orders where stop_price = '90000.00' and position_status = 2",
    );
    const id = rows[0]?.id as string;
    await until(() => expect(triggers.app.tradingEngine.live.get(id)?.stopPrice).toBe('90000.00'));
    await settled();
  });

  it('after a gap, announces what its index missed: the lists, and a close the server made (MP21)', async () => {
    const triggers = holder('triggers');
    const placer = other(triggers);
    const trader = await placer.trader({ credit: '10000' });
    await placer.pin(BTC, '100000.00');
    const placed = await placer.order(trader.token, { orderQuantity: '0.1', stopPrice: '80000.00' });
    const id = await placer.internalId(placed.data);
    await until(() => expect(triggers.app.tradingEngine.live.get(id)).toBeDefined());
    const heard: OrderChange[] = [];
    const off = triggers.app.trading.onChange((change) => heard.push(change));
    const status = (positionStatus: number, reason: string | null) =>
      triggers.app.db.query(
        `update orders set position_status = $2::smallint, close_reason = $3,
           closing_price = case when $2::smallint = 3 then opening_price end where id = $1`,
        [id, positionStatus, reason],
      );
    try {
      // Closed at its stop by a process that died before telling anyone (the row alone, as seen afterwards).
      await status(3, 'stop_loss');
      triggers.app.cluster.bus.gap();
      await until(() =>
        expect(heard).toContainEqual({
          userId: trader.id,
          virtual: false,
          event: { kind: 'stop_loss', orderId: placed.data },
        }),
      );
      expect(triggers.app.tradingEngine.live.get(id)).toBeUndefined();
    } finally {
      off();
      // Back as it was: the ledger still holds its margin.
      await status(2, null);
      triggers.app.cluster.bus.gap();
      await until(() => expect(triggers.app.tradingEngine.live.get(id)).toBeDefined());
    }
  });

  it('continues prices, triggers and settlements in another process when the market’s holder closes', async () => {
    const market = holder('market');
    await pinEverywhere(market, '95000.00');
    open.delete(market);
    await market.close();
    await settled();
    const next = holder('market');
    const follower = other(next);
    // The new holder walks on from the last quote, not from the reference price (98500.00).
    expect(bidOf(next)).toBe(units('95000.00'));
    next.app.market.source.stepTo(next.clock.now() + 20_000);
    const moved = bidOf(next) as number;
    expect(Math.abs(moved - units('95000.00'))).toBeLessThan(units('500.00'));
    await until(() => expect(bidOf(follower)).toBe(moved));

    const trader = await follower.trader({ credit: '10000' });
    await follower.pin(BTC, '95000.00');
    const placed = await follower.order(trader.token, { orderQuantity: '0.1', stopPrice: '94000.00' });
    const id = await follower.internalId(placed.data);
    await until(() => expect(holder('triggers').app.tradingEngine.live.get(id)).toBeDefined());
    await follower.pin(BTC, '93990.00');
    await until(async () =>
      expect(await closeReason(follower, id)).toEqual({ reason: 'stop_loss', status: 3 }),
    );
    await settleOnce(follower);
  });
});
