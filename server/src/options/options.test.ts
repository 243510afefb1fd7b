import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/core/contract/envelope';
import {
  adminUpdateOptionProduct,
  checkOptionOrderCompletion,
  findOption,
  findOptionHistory,
  findOptionsProduct,
  type OptionOrder,
  type OptionProduct,
} from '../../../src/core/contract/options';
import { toFixed } from '../../../src/core/domain/decimal';
import { ADMIN_TOKEN } from '../accounts/test-app';
import { describeOnBackends } from '../db/testing';
import { INSTRUMENTS } from '../market';
import { urlOf, type Trader } from '../trading/test-app';
import { decideWithdrawal, withdrawUsdt } from '../withdrawals/test-support';
import { optionsHarness, type OptionsHarness } from './test-app';

interface History {
  items: OptionOrder[];
  page: number;
  pages: number;
  total: number;
  todayWinLoss: string;
  totalWinLoss: string;
}

describeOnBackends('option mode', { on: 'any' }, (backend) => {
  let h: OptionsHarness;
  let productId: number;

  beforeAll(async () => {
    h = await optionsHarness(backend);
    await h.pin('BTCUSDT', '100000.00');
    productId = (await h.product('BTCUSDT')).id;
  }, 240_000);
  afterAll(async () => h?.close());

  const admin = (body: object) =>
    h.app
      .inject({
        method: 'POST',
        url: urlOf(adminUpdateOptionProduct, { id: String((body as { id: number }).id) }),
        payload: body,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      })
      .then((res) => res.json<Envelope<OptionProduct>>());
  const history = (token: string, positionStatus: 0 | 1, limit = 10) =>
    h.post<History>(urlOf(findOptionHistory), token, { positionStatus, limit, page: 1 });
  const balance = async (userId: string, virtual = false) =>
    toFixed((await h.account(userId, virtual)).balance, 2);
  const expire = async (ms = 61_000) => {
    h.clock.advance(ms);
    return h.settle();
  };

  describe('findOptionsProduct', () => {
    it('lists one product per instrument, public, with parsed delivery times', async () => {
      const all = await h.post<{ optionsProducts: OptionProduct[]; total: number; pages: number }>(
        urlOf(findOptionsProduct),
        null,
        { limit: 1000, page: 1 },
      );
      expect(all.code).toBe(0);
      expect(all.data.total).toBe(INSTRUMENTS.length);
      expect(new Set(all.data.optionsProducts.map((p) => p.productCode))).toEqual(
        new Set(INSTRUMENTS.map((i) => i.productCode)),
      );
      const btc = await h.product('BTCUSDT');
      expect(btc.tradeStatus).toBe(1);
      expect(btc.feeRate).toBe('0.002');
      expect(btc.deliveryTimes.map((t) => t.time)).toEqual([30, 60, 300, 900, 3600]);
      expect(btc.deliveryTimes[1]).toMatchObject({ rate: '0.85', min: '10', max: '10000' });
      const one = await h.post<{ optionsProducts: OptionProduct[]; pages: number }>(
        urlOf(findOptionsProduct),
        null,
        { limit: 1, page: 1, productCode: 'eurusd' },
      );
      expect(one.data.optionsProducts.map((p) => p.productCode)).toEqual(['EURUSD']);
      expect(one.data.pages).toBe(1);
    });
  });

  describe('addOrderOption', () => {
    let trader: Trader;
    beforeAll(async () => {
      trader = await h.trader({ credit: '1000' });
    });

    it('takes the stake and the fee (rounded up) as postings with the order, at the server quote', async () => {
      const placed = await h.buy(trader.token, { price: '99000.00', amount: '101' });
      expect(placed.code).toBe(0);
      expect(placed.data).toMatchObject({ beginTime: h.clock.now(), endTime: h.clock.now() + 60_000 });
      expect(placed.data.price).toBe('100000');
      // 101 + 101 × 0.002 = 0.202 → 0.21 (up to the cent).
      expect(await balance(trader.id)).toBe('898.79');
      const order = await h.option(placed.data.uid);
      expect(order).toMatchObject({
        positionStatus: 0,
        amount: '101.00',
        feeAmount: '0.21',
        rate: '0.85',
        timeLong: 60,
        priceEnd: null,
        winLost: null,
      });
      const detail = await h.post<OptionOrder>(urlOf(findOption), trader.token, { uid: placed.data.uid });
      expect(detail.data).toEqual(order);
      const done = await h.post<{ completed: boolean }>(urlOf(checkOptionOrderCompletion), trader.token, {
        uid: placed.data.uid,
      });
      expect(done.data).toEqual({ completed: false });
      const running = await history(trader.token, 0, 99_999);
      expect(running.data.items.map((o) => o.uid)).toEqual([placed.data.uid]);
      expect(await h.ledgerOk()).toBe(true);
      await expire();
    });

    it.each([
      ['a price more than 5 % from the quote', { price: '94000.00' }, 601],
      ['a delivery time the product lacks', { timeLong: 45 }, 602],
      ['a rate that is not the delivery time rate', { rate: '0.9' }, 602],
      ['an unknown pair', { tradePair: 'NOPE' }, 604],
      ['the product of another pair', { tradePair: 'ETHUSDT' }, 606],
      ['a product id that does not exist', { optionsProductId: 999_999 }, 606],
      ['an amount that is not a whole number', { amount: '10.5' }, 501],
      ['an amount below the minimum', { amount: '5' }, 501],
      ['an amount above the maximum', { amount: '10001' }, 501],
      ['a malformed amount', { amount: '1e3' }, 1001],
      ['a malformed direction', { orderType: 2 }, 1001],
      ['a balance that cannot pay stake and fee', { amount: '999' }, 203],
    ])('refuses %s (%j) with its code and changes nothing', async (_what, order, code) => {
      const before = await h.account(trader.id);
      const { rows } = await h.app.db.query<{ n: string }>('select count(*) as n from option_orders');
      // The product of another pair: ETHUSDT named with the BTCUSDT product.
      const body =
        'tradePair' in order && order.tradePair === 'ETHUSDT'
          ? { ...order, optionsProductId: productId }
          : order;
      const answer = await h.buy(trader.token, body as never);
      expect(answer.code).toBe(code);
      expect(await h.account(trader.id)).toEqual(before);
      const after = await h.app.db.query<{ n: string }>('select count(*) as n from option_orders');
      expect(after.rows[0]?.n).toBe(rows[0]?.n);
    });

    it('refuses a pair whose option product is not tradable (605) until it is again', async () => {
      expect((await admin({ id: productId, tradeStatus: 0 })).data.tradeStatus).toBe(0);
      expect((await h.buy(trader.token)).code).toBe(605);
      expect((await admin({ id: productId, tradeStatus: 1 })).data.tradeStatus).toBe(1);
      const placed = await h.buy(trader.token);
      expect(placed.code).toBe(0);
      await expire();
    });

    it('refuses a closed market (605): US stocks on Wednesday 10:00 UTC', async () => {
      const aapl = await h.product('AAPL');
      const answer = await h.buy(trader.token, {
        tradePair: 'AAPL',
        optionsProductId: aapl.id,
        rate: aapl.deliveryTimes[1]?.rate,
      });
      expect(answer.code).toBe(605);
    });

    it('refuses a user prohibited from trading (405)', async () => {
      const banned = await h.trader({ credit: '1000' });
      await h.app.db.query('update users set trading_prohibited = true where id = $1', [banned.id]);
      expect((await h.buy(banned.token)).code).toBe(405);
      expect(await balance(banned.id)).toBe('1000.00');
    });

    it('refuses real options with 406 while a withdrawal waits, demo ones not, and allows them once decided', async () => {
      const user = await h.trader({ credit: '1000' });
      const ticket = await withdrawUsdt(h.app, user, '100');
      expect(ticket.code).toBe(0);
      expect((await h.buy(user.token)).code).toBe(406);
      expect(await balance(user.id)).toBe('900.00');
      expect((await h.buy(user.demoToken, {}, true)).code).toBe(0);
      expect((await decideWithdrawal(h.app, ticket.data.id, 'reject')).code).toBe(0);
      expect((await h.buy(user.token)).code).toBe(0);
    });

    it('answers 603 on a brand without option mode, and on the demo account when OptionMock is off', async () => {
      // Aurora is seeded contracts-only, with OptionMock off.
      const user = await h.trader({ brandId: 'aurora', credit: '1000' });
      expect((await h.buy(user.token)).code).toBe(603);
      const modes = (list: string) =>
        h.app.db.query(
          `update brands set settings = jsonb_set(settings, '{tradeModes}', $1::jsonb) where id = 'aurora'`,
          [list],
        );
      await modes('["market", "option"]');
      await h.app.brand.reload();
      try {
        expect((await h.buy(user.demoToken, {}, true)).code).toBe(603);
        const real = await h.buy(user.token);
        expect(real.code).toBe(0);
        await expire();
      } finally {
        await modes('["market"]');
        await h.app.brand.reload();
      }
    });

    it('places on the demo account through the Mock path only', async () => {
      const user = await h.trader({ credit: '1000' });
      expect((await h.buy(user.token, {}, true)).code).toBe(501);
      expect((await h.buy(user.demoToken, {}, false)).code).toBe(501);
      const demo = await h.buy(user.demoToken, {}, true);
      expect(demo.code).toBe(0);
      expect(await balance(user.id, true)).toBe('99899.80');
      expect(await balance(user.id)).toBe('1000.00');
      // The token's account decides whose options the queries show.
      expect((await history(user.token, 0)).data.items).toEqual([]);
      expect((await history(user.demoToken, 0)).data.items.map((o) => o.uid)).toEqual([demo.data.uid]);
      expect((await h.post(urlOf(findOption), user.token, { uid: demo.data.uid })).code).toBe(402);
      await h.pin('BTCUSDT', '100001.00');
      await expire();
      await h.pin('BTCUSDT', '100000.00');
      expect(await balance(user.id, true)).toBe('100084.80');
      expect(await h.ledgerOk()).toBe(true);
    });

    it("answers another user's option exactly like a missing one (402)", async () => {
      const other = await h.trader({ credit: '1000' });
      const placed = await h.buy(other.token);
      for (const ep of [findOption, checkOptionOrderCompletion]) {
        const foreign = await h.post(urlOf(ep), trader.token, { uid: placed.data.uid });
        const missing = await h.post(urlOf(ep), trader.token, { uid: '000000000000000000' });
        expect(foreign.code).toBe(402);
        expect(foreign).toEqual(missing);
      }
      expect((await h.post(urlOf(findOption), null, { uid: placed.data.uid })).code).not.toBe(0);
      await expire();
    });
  });

  describe('settlement', () => {
    it('wins up above the entry: stake + stake × rate, on the last price at or before endTime', async () => {
      const user = await h.trader({ credit: '1000' });
      const placed = await h.buy(user.token, { amount: '100', orderType: 0 });
      h.clock.advance(30_000);
      await h.pin('BTCUSDT', '100100.00');
      h.clock.advance(31_000);
      // After the end time: not the settlement price.
      await h.pin('BTCUSDT', '90000.00');
      await h.settle();
      await h.pin('BTCUSDT', '100000.00');
      const order = await h.option(placed.data.uid);
      expect(order).toMatchObject({ positionStatus: 1, priceEnd: '100100', winLost: '85.00' });
      expect(order.completeTime).toBe(h.clock.now());
      expect(await balance(user.id)).toBe('1084.80');
      const done = await h.post<{ completed: boolean }>(urlOf(checkOptionOrderCompletion), user.token, {
        uid: placed.data.uid,
      });
      expect(done.data.completed).toBe(true);
      expect(await h.ledgerOk()).toBe(true);
    });

    it('loses down when the price rises, refunds a tie (fee kept), and totals the results', async () => {
      const user = await h.trader({ credit: '1000' });
      const down = await h.buy(user.token, { amount: '100', orderType: 1 });
      const tie = await h.buy(user.token, { amount: '50', orderType: 0 });
      h.clock.advance(59_000);
      await h.pin('BTCUSDT', '100000.00');
      await expire(2_000);
      // down at 100000 settled at 100000 is a tie as well: make the down one lose by a separate order.
      const lose = await h.buy(user.token, { amount: '20', orderType: 1, timeLong: 30, rate: '0.82' });
      h.clock.advance(10_000);
      await h.pin('BTCUSDT', '100050.00');
      await expire(21_000);
      await h.pin('BTCUSDT', '100000.00');
      expect(await h.option(tie.data.uid)).toMatchObject({ priceEnd: '100000', winLost: '0.00' });
      expect(await h.option(down.data.uid)).toMatchObject({ priceEnd: '100000', winLost: '0.00' });
      expect(await h.option(lose.data.uid)).toMatchObject({ priceEnd: '100050', winLost: '-20.00' });
      // 1000 − fees (0.20 + 0.10 + 0.04) − 20 lost.
      expect(await balance(user.id)).toBe('979.66');
      const settled = await history(user.token, 1);
      expect(settled.data).toMatchObject({
        total: 3,
        pages: 1,
        todayWinLoss: '-20.00',
        totalWinLoss: '-20.00',
      });
      expect(settled.data.items[0]?.uid).toBe(lose.data.uid);
      expect((await history(user.token, 0)).data.items).toEqual([]);
      expect(await h.ledgerOk()).toBe(true);
    });

    it('settles each option exactly once when settlers run at once', async () => {
      const user = await h.trader({ credit: '5000' });
      const uids: string[] = [];
      for (let i = 0; i < 6; i += 1)
        uids.push((await h.buy(user.token, { orderType: i % 2 === 0 ? 0 : 1 })).data.uid);
      await h.pin('BTCUSDT', '100200.00');
      h.clock.advance(61_000);
      const { settleOption } = await import('./settle');
      const ids = await h.app.db.query<{ id: string }>('select id from option_orders where uid = any($1)', [
        uids,
      ]);
      const context = h.app.optionMode.context;
      await Promise.all([
        h.settle(),
        h.settle(),
        ...ids.rows.flatMap((r) => [settleOption(context, r.id), settleOption(context, r.id)]),
      ]);
      await h.pin('BTCUSDT', '100000.00');
      // Each win names its option on the trader's two postings (stake back, profit), once; a loss moves
      // nothing of the trader's (its stake goes to the house in the chunk's aggregated posting).
      const { rows } = await h.app.db.query<{ ref: string; n: string; account: string }>(
        `select p.ref, count(*) as n, min(p.account_id) as account
           from ledger_postings p join ledger_transactions t on t.id = p.txn_id
          where t.kind = 'option_settle' and p.ref = any($1) group by p.ref`,
        [uids],
      );
      const { rows: won } = await h.app.db.query<{ uid: string }>(
        'select uid from option_orders where uid = any($1) and win_lost > 0',
        [uids],
      );
      expect(won).toHaveLength(3);
      expect(rows.map((r) => r.ref).sort()).toEqual(won.map((r) => r.uid).sort());
      expect(rows.every((r) => r.n === '2')).toBe(true);
      // The house side of a settlement transaction names no option: one posting per account and direction.
      const { rows: house } = await h.app.db.query<{ n: string; named: string }>(
        `select count(*) as n, count(p.ref) as named
           from ledger_postings p join ledger_transactions t on t.id = p.txn_id
           join ledger_accounts a on a.id = p.account_id
          where t.kind = 'option_settle' and a.owner_kind = 'house'`,
      );
      expect(house[0]?.named).toBe('0');
      expect(Number(house[0]?.n)).toBeGreaterThan(0);
      // 3 wins of 85, 3 losses of 100, 6 fees of 0.20.
      expect(await balance(user.id)).toBe('4953.80');
      expect(await h.ledgerOk()).toBe(true);
    });
  });

  describe('admin option product', () => {
    it('changes the payload and fee rate, and refuses a malformed payload changing nothing (1001)', async () => {
      const eth = await h.product('ETHUSDT');
      const bad = await admin({ id: eth.id, timeRatePayload: { '60': '60|85^10^abc|1' }, feeRate: '0.01' });
      expect(bad.code).toBe(1001);
      expect(bad.msg).toContain('maximum "abc"');
      const unchanged = await h.post<{ optionsProducts: OptionProduct[] }>(urlOf(findOptionsProduct), null, {
        productCode: 'ETHUSDT',
      });
      expect(unchanged.data.optionsProducts[0]).toEqual(eth);
      expect((await admin({ id: eth.id, feeRate: '1.5' })).code).toBe(1001);
      expect((await admin({ id: 999_999, tradeStatus: 0 })).code).toBe(606);
      const changed = await admin({
        id: eth.id,
        timeRatePayload: { '120': '120|90^5|10^0|5^2 min' },
        feeRate: '0.01',
      });
      expect(changed.code).toBe(0);
      expect(changed.data).toMatchObject({
        feeRate: '0.01',
        timeRatePayload: { '120': '120|90^5|10^0|5^2 min' },
      });
      expect(changed.data.deliveryTimes).toEqual([
        { time: 120, profitRate: '90', rate: '0.9', chips: [5, 10], max: '0', min: '5', name: '2 min' },
      ]);
      const noAdmin = await h.call(urlOf(adminUpdateOptionProduct, { id: String(eth.id) }), null, {
        tradeStatus: 0,
      });
      expect(noAdmin.statusCode).toBe(401);
    });
  });
});
