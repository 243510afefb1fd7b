import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../accounts/test-app';
import { describeOnBackends } from '../db/testing';
import { toMoney } from '../ledger';
import { decideWithdrawal, withdrawUsdt } from '../withdrawals/test-support';
import { tradingHarness, type Trader, type TradingHarness } from './test-app';

describeOnBackends('POST /exchange/order/addOrder', { on: 'any' }, (backend) => {
  let h: TradingHarness;
  let rich: Trader;

  beforeAll(async () => {
    h = await tradingHarness(backend, { aurora: { forbidOpposite: true } });
    rich = await h.trader({ credit: '200000' });
    await h.pin('BTCUSDT', '100000.00');
    await h.pin('EURUSD', '1.10000');
  }, 120_000);
  afterAll(() => h?.close());

  it('fills a market buy at the ask, locks the margin and charges the fee in one ledger transaction', async () => {
    const user = await h.trader({ credit: '5000' });
    const res = await h.order(user.token, { orderQuantity: '1' });
    expect(res.code).toBe(0);
    expect(res.data).toMatch(/^\d{18}$/);
    const account = await h.account(user.id);
    // 1 BTC at the ask 100010.00: margin 1000.10 at 1:100, fee 0.2 % = 200.02.
    expect(toMoney(account.lockMargin)).toBe('1000.10');
    expect(toMoney(account.balance)).toBe('3799.88');
    const { rows } = await h.app.db.query<{
      opening_price: string;
      position_status: number;
      fee_amount: string;
    }>('select opening_price, position_status, fee_amount from orders where uid = $1', [res.data]);
    expect(rows[0]).toMatchObject({ opening_price: '100010.00', position_status: 2 });
    expect(toMoney(rows[0]?.fee_amount ?? '')).toBe('200.02');
    expect(await h.ledgerOk()).toBe(true);
  });

  it('places a pending sell above the bid with its margin locked and no fee until it fills', async () => {
    const user = await h.trader({ credit: '5000' });
    const res = await h.order(user.token, {
      buyPoint: 1,
      orderType: 1,
      price: '101000.00',
      orderQuantity: '0.5',
    });
    expect(res.code).toBe(0);
    const account = await h.account(user.id);
    expect(toMoney(account.lockMargin)).toBe('505.00');
    expect(toMoney(account.balance)).toBe('4495.00');
  });

  it('takes the token from the body as older clients send it', async () => {
    const user = await h.trader({ credit: '5000' });
    const res = await h.post<string>('/exchange/order/addOrder', null, {
      tradePair: 'btcusdt',
      orderQuantity: '0.01',
      orderType: 0,
      buyPoint: 2,
      token: user.token,
    });
    expect(res.code).toBe(0);
  });

  it('answers HTTP 401 without a token', async () => {
    const res = await h.call('/exchange/order/addOrder', null, {
      tradePair: 'BTCUSDT',
      orderQuantity: '1',
      orderType: 0,
      buyPoint: 2,
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a demo token on the real path and a real token on the Mock path with 501', async () => {
    expect((await h.order(rich.demoToken, {})).code).toBe(501);
    expect((await h.order(rich.token, {}, true)).code).toBe(501);
  });

  it('refuses a body that breaks the schema with 1001 at the boundary, a leverage above the product with 501', async () => {
    expect((await h.order(rich.token, { orderType: 3 as 0 })).code).toBe(1001);
    for (const orderQuantity of ['abc', 'Infinity', '1e21', '0x10', ' 1', '1'.repeat(41)]) {
      expect((await h.order(rich.token, { orderQuantity })).code, orderQuantity).toBe(1001);
    }
    expect((await h.order(rich.token, { price: 1e21 as unknown as string, buyPoint: 1 })).code).toBe(1001);
    expect((await h.order(rich.token, { tradePair: 'BTC\u0000USDT' })).code).toBe(1001);
    expect((await h.order(rich.token, { stopPrice: 'NaN' })).code).toBe(1001);
    expect((await h.order(rich.token, { multiple: 10_001 })).code).toBe(1001);
    expect((await h.order(rich.token, { multiple: 101 })).code).toBe(501);
  });

  it.each([
    ['an unknown pair', { tradePair: 'NOPE' }, 303],
    ['a pair whose trade status is 0', { tradePair: 'USDHKD' }, 304],
    ['a closed market', { tradePair: 'AAPL', multiple: 10 }, 605],
    ['more lots than the maximum', { orderQuantity: '50.01' }, 305],
    ['fewer lots than the minimum', { orderQuantity: '0.001' }, 306],
    ['zero lots', { orderQuantity: '0' }, 307],
    ['lots off the step', { tradePair: 'US30', orderQuantity: '0.15' }, 302],
    ['a pending price of 0', { buyPoint: 1, price: '0' }, 301],
    ['a pending buy above the ask', { buyPoint: 1, price: '100010.01' }, 301],
    ['a pending sell below the bid', { buyPoint: 1, orderType: 1, price: '99999.99' }, 301],
    ['a buy take profit at the ask', { takeProfitPprice: '100010.00' }, 312],
    ['a sell take profit at the bid', { orderType: 1, takeProfitPprice: '100000.00' }, 313],
    ['a buy stop loss at the bid', { stopPrice: '100000.00' }, 314],
    ['a sell stop loss at the ask', { orderType: 1, stopPrice: '100010.00' }, 315],
    [
      'a pending buy take profit below its limit',
      { buyPoint: 1, price: '99000.00', takeProfitPprice: '98000.00' },
      310,
    ],
    [
      'a pending sell stop loss below its limit',
      { buyPoint: 1, orderType: 1, price: '101000.00', stopPrice: '100500.00' },
      311,
    ],
    ['a stop loss with too many decimals', { stopPrice: '90000.001' }, 501],
    ['a negative take profit', { takeProfitPprice: '-1' }, 501],
  ] as const)('refuses %s with %s', async (_name, order, code) => {
    expect((await h.order(rich.token, order)).code).toBe(code);
  });

  it('refuses an order the balance cannot carry with 203 and leaves the account untouched', async () => {
    const user = await h.trader({ credit: '1000' });
    expect((await h.order(user.token, { orderQuantity: '1' })).code).toBe(203);
    expect(await h.account(user.id)).toMatchObject({ lockMargin: '0.00000000' });
    expect(toMoney((await h.account(user.id)).balance)).toBe('1000.00');
  });

  it('refuses real forex below 100,000 USD of deposits with 320 and lets demo trade forex', async () => {
    const user = await h.trader({ credit: '99999.99' });
    const forex = { tradePair: 'EURUSD', orderQuantity: '0.01', multiple: 500 };
    expect((await h.order(user.token, forex)).code).toBe(320);
    expect((await h.order(user.demoToken, forex, true)).code).toBe(0);
    await h.credit(user.id, '0.01');
    expect((await h.order(user.token, forex)).code).toBe(0);
  });

  it('refuses an opposite order with 321 where the brand forbids hedging, and allows it elsewhere', async () => {
    const hedger = await h.trader({ brandId: 'aurora', credit: '10000' });
    expect((await h.order(hedger.token, { orderQuantity: '0.01' })).code).toBe(0);
    expect((await h.order(hedger.token, { orderQuantity: '0.01', orderType: 1 })).code).toBe(321);
    expect((await h.order(hedger.token, { orderQuantity: '0.01' })).code).toBe(0);
    expect((await h.order(rich.token, { orderQuantity: '0.01' })).code).toBe(0);
    expect((await h.order(rich.token, { orderQuantity: '0.01', orderType: 1 })).code).toBe(0);
  });

  it('refuses a user the admin prohibited from trading with 405, and trades again once allowed', async () => {
    const user = await h.trader({ credit: '10000' });
    const setProhibited = (prohibited: boolean) =>
      h.app.inject({
        method: 'POST',
        url: `/admin/v1/users/${user.uid}/trading`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { prohibited },
      });
    expect((await setProhibited(true)).json()).toMatchObject({ code: 0, data: { tradingProhibited: true } });
    expect((await h.order(user.token, { orderQuantity: '0.01' })).code).toBe(405);
    expect((await setProhibited(false)).json().code).toBe(0);
    expect((await h.order(user.token, { orderQuantity: '0.01' })).code).toBe(0);
  });

  it('refuses real orders with 406 while a withdrawal waits (both placement paths), never demo ones', async () => {
    const user = await h.trader({ credit: '10000' });
    const ticket = await withdrawUsdt(h.app, user, '100');
    expect(ticket.code).toBe(0);
    // BTCUSDT places in one statement; EURUSD (forex rule) through the transaction.
    expect((await h.order(user.token, { orderQuantity: '0.01' })).code).toBe(406);
    expect((await h.order(user.token, { tradePair: 'EURUSD', orderQuantity: '0.01' })).code).toBe(406);
    expect((await h.order(user.demoToken, { orderQuantity: '0.01' }, true)).code).toBe(0);
    expect(toMoney((await h.account(user.id)).lockMargin)).toBe('0.00');
    expect((await decideWithdrawal(h.app, ticket.data.id, 'reject')).code).toBe(0);
    expect((await h.order(user.token, { orderQuantity: '0.01' })).code).toBe(0);

    const other = await h.trader({ credit: '10000' });
    const paid = await withdrawUsdt(h.app, other, '100');
    expect((await h.order(other.token, { orderQuantity: '0.01' })).code).toBe(406);
    expect((await decideWithdrawal(h.app, paid.data.id, 'approve')).code).toBe(0);
    expect((await h.order(other.token, { orderQuantity: '0.01' })).code).toBe(0);
    expect(await h.ledgerOk()).toBe(true);
  });

  it('refuses with 406 while a registered blocking rule reports an unreviewed withdrawal', async () => {
    const user = await h.trader({ credit: '10000' });
    const flagged = new Set([user.id]);
    h.app.tradingEngine.blocking.register({
      name: 'test-flagged-withdrawal',
      code: 406,
      appliesTo: { market: true, option: true, real: true, demo: true },
      when: ({ trader }) => trader.userId === user.id,
      check: async (_tx, { trader }) => flagged.has(trader.userId),
    });
    expect((await h.order(user.token, { orderQuantity: '0.01' })).code).toBe(406);
    flagged.clear();
    expect((await h.order(user.token, { orderQuantity: '0.01' })).code).toBe(0);
  });

  it('keeps demo and real money apart: a Mock order moves only the demo account', async () => {
    const user = await h.trader({ credit: '5000' });
    expect((await h.order(user.demoToken, { orderQuantity: '0.1' }, true)).code).toBe(0);
    expect(toMoney((await h.account(user.id)).balance)).toBe('5000.00');
    expect(toMoney((await h.account(user.id, true)).lockMargin)).toBe('100.01');
    expect(await h.ledgerOk()).toBe(true);
  });
});
