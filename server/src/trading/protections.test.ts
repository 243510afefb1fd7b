import { afterAll, beforeAll, expect, it } from 'vitest';
import { AlarmType } from '../../../src/core/contract/notifications';
import {
  addOrder,
  orderQuery,
  productOrderInfo,
  type OrderQueryResponse,
  type ProductOrderInfo,
} from '../../../src/core/contract/trading';
import { ESMA_LEVERAGE } from '../../../src/core/domain/leverage-caps';
import { ADMIN_TOKEN } from '../accounts/test-app';
import { describeOnBackends } from '../db/testing';
import { checkLedger, toMoney } from '../ledger';
import { findOrder } from './orders-repo';
import { tradingHarness, urlOf, type Trader, type TradingHarness } from './test-app';

const INFO = urlOf(productOrderInfo);

describeOnBackends('retail-client protections', { on: 'both' }, (backend) => {
  let h: TradingHarness;
  let kit: Trader;

  beforeAll(async () => {
    // The brands as stored (tradekit and aurora protected, meridian not), aurora here with a table of its
    // own and a 30 % stop-out for the 50 % floor to raise.
    const aurora = { leverageCaps: { ...ESMA_LEVERAGE, crypto: 5 }, stopOutLevel: '0.3' };
    h = await tradingHarness(backend, { aurora }, undefined, { protections: true });
    kit = await h.trader({ credit: '100000' });
  }, 120_000);
  afterAll(() => h?.close());

  const leverage = async (token: string, productCode: string) =>
    (await h.post<ProductOrderInfo>(INFO, token, { productCode })).data.multiple;

  it('answers the capped leverage per ESMA asset class as the product info of a protected brand', async () => {
    const caps: Record<string, number> = {};
    for (const code of ['EURUSD', 'AUDUSD', 'XAUUSD', 'USOIL', 'US30', 'HK50', 'AAPL', 'BTCUSDT'])
      caps[code] = await leverage(kit.token, code);
    expect(caps).toEqual({
      EURUSD: 30,
      AUDUSD: 20,
      XAUUSD: 20,
      USOIL: 10,
      US30: 20,
      HK50: 10,
      AAPL: 5,
      BTCUSDT: 2,
    });
    // Demo sessions see the same caps (PR2).
    expect(await leverage(kit.demoToken, 'BTCUSDT')).toBe(2);
    const aurora = await h.trader({ brandId: 'aurora' });
    expect(await leverage(aurora.token, 'BTCUSDT')).toBe(5);
    // A brand with protections off offers the catalogue's leverage.
    const meridian = await h.trader({ brandId: 'meridian' });
    expect(await leverage(meridian.token, 'BTCUSDT')).toBe(100);
  });

  it('refuses a multiple above the cap with 501 on real and demo, and places at the cap', async () => {
    await h.pin('BTCUSDT', '100000.00');
    expect((await h.order(kit.token, { orderQuantity: '0.01', multiple: 3 })).code).toBe(501);
    expect((await h.order(kit.demoToken, { orderQuantity: '0.01', multiple: 3 }, true)).code).toBe(501);
    const placed = await h.order(kit.token, { orderQuantity: '0.01', multiple: 2 });
    expect(placed.code).toBe(0);
    // 0.01 × 100010.00 at 1:2.
    expect((await findOrder(h.app.db, placed.data))?.margin).toMatch(/^500\.05/);
    // No multiple sent: the cap, not the catalogue's 1:100.
    const implicit = await h.post<string>(urlOf(addOrder), kit.token, {
      tradePair: 'BTCUSDT',
      orderQuantity: '0.01',
      orderType: 0,
      buyPoint: 2,
    });
    expect(implicit.code).toBe(0);
    expect((await findOrder(h.app.db, implicit.data))?.multiple).toBe(2);
  });

  it('closes out a real account at 50 % even where the brand says 30 %, and tells the trader why', async () => {
    const trader = await h.trader({ brandId: 'aurora', credit: '60000' });
    await h.pin('BTCUSDT', '100000.00');
    const placed = await h.order(trader.token, { orderQuantity: '1', multiple: 2 });
    expect(placed.code).toBe(0);
    // Margin 50005.00, fee 200.02: balance 9794.98. At a bid of 60000.00 the floating loss is 40010.00 and
    // the equity 19789.98: 39.58 % of the margin, above aurora's 30 % but below the retail 50 %.
    await h.pin('BTCUSDT', '60000.00');
    await h.app.tradingEngine.idle();
    const closed = await findOrder(h.app.db, placed.data);
    expect(closed).toMatchObject({ positionStatus: 3, closeReason: 'stop_out', closingPrice: '60000.00' });
    expect(toMoney((await h.account(trader.id)).balance)).toBe('19789.98');
    const { rows } = await h.app.db.query<{ content: string; alarm_type: number }>(
      'select content, alarm_type from notifications where user_id = $1',
      [trader.id],
    );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.alarm_type)).toBe(AlarmType.marginCloseOut);
    expect(JSON.parse(rows[0]?.content ?? '')).toEqual({
      demo: false,
      marginLevel: '39.58',
      closeOutLevel: '50.00',
      orders: [{ uid: placed.data, tradePair: 'BTCUSDT' }],
    });
    expect(await h.ledgerOk()).toBe(true);
  });

  it('absorbs a gap through a stop in a posting of its own: the balance stops at 0.00', async () => {
    const trader = await h.trader({ credit: '600' });
    await h.pin('BTCUSDT', '100000.00');
    const placed = await h.order(trader.token, { orderQuantity: '0.01', multiple: 2, stopPrice: '95000.00' });
    expect(placed.code).toBe(0);
    // Margin 500.05, fee 2.01: balance 97.94. The price gaps from 100000.00 to 9000.00 in one tick: the stop
    // closes at 9000.00 for a market loss of 910.10, of which the account holds 597.99.
    await h.pin('BTCUSDT', '9000.00');
    await h.app.tradingEngine.idle();
    const closed = await findOrder(h.app.db, placed.data);
    expect(closed).toMatchObject({ positionStatus: 3, closeReason: 'stop_loss', closingPrice: '9000.00' });
    expect(toMoney(closed?.profitLoss ?? '')).toBe('-597.99');
    expect(toMoney(closed?.absorbedLoss ?? '')).toBe('312.11');
    expect(await h.account(trader.id)).toMatchObject({ balance: expect.stringMatching(/^0(\.0+)?$/) });
    const { rows } = await h.app.db.query<{ kind: string; amount: string }>(
      `select a.kind, p.amount from ledger_postings p
         join ledger_transactions t on t.id = p.txn_id
         join ledger_accounts a on a.id = p.account_id
        where t.kind = 'order_close' and t.ref = $1 and a.owner_kind = 'house'
        order by a.kind`,
      [placed.data],
    );
    expect(rows.map((r) => [r.kind.replace(/_\d+$/, ''), toMoney(r.amount)])).toEqual([
      ['house_trading_nbp_real', '-312.11'],
      ['house_trading_pnl_real', '910.10'],
    ]);
    const report = await checkLedger(h.app.db);
    expect(report.ok).toBe(true);
    // The trader's history shows what the house absorbed next to what the account paid.
    const history = await h.post<OrderQueryResponse>(urlOf(orderQuery), trader.token, {
      page: 1,
      positionStatus: 3,
    });
    expect(history.data.list[0]).toMatchObject({ profitLoss: '-597.99', absorbedLoss: '312.11' });
    // And the back office's audited view of the trader says what the house absorbed.
    const view = await h.app.inject({
      method: 'GET',
      url: `/admin/v1/users/${trader.uid}/view`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(view.json().data.history[0]).toMatchObject({
      uid: placed.data,
      result: '-597.99',
      absorbed: '312.11',
    });
  });
});
