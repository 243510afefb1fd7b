// The price and balance error codes (201, 202, 204, 206; 205 is the ledger's, in ledger/post.test.ts): what an operation answers when the account does not hold
// what the order says it does, and that nothing is written then. Such accounts are made here by writing the
// account row directly, as a fault or a bad migration would; the ledger check then reports them too.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnBackends } from '../db/testing';
import type { Engine } from './engine';
import { findUserAccount } from '../ledger';
import { ACCOUNT_UNREADABLE, lockUserAccount, postMovements, SETTLE_REFUSALS } from './ledger-ops';
import { tradingHarness, type Trader, type TradingHarness } from './test-app';

const CLOSE = '/exchange/order/closeOrder';
const CANCEL = '/exchange/order/cancelOrder';

describeOnBackends('balance error codes of the trading engine', { on: 'any' }, (backend) => {
  let h: TradingHarness;

  beforeAll(async () => {
    h = await tradingHarness(backend);
    await h.pin('BTCUSDT', '100000.00');
  }, 120_000);
  afterAll(() => h?.close());

  /** Sets the user's real account row as a fault would, bypassing the ledger. */
  const tamper = (trader: Trader, set: string) =>
    h.app.db.query(`update ledger_accounts set ${set} where user_id = $1 and kind = 'real'`, [trader.id]);

  const status = async (id: string) =>
    (
      await h.app.db.query<{ position_status: number }>('select position_status from orders where uid = $1', [
        id,
      ])
    ).rows[0]?.position_status;

  const postings = async () =>
    Number((await h.app.db.query<{ n: string }>('select count(*) as n from ledger_postings')).rows[0]?.n);

  it('answers 206 when cancelling a pending order whose locked margin is gone, and writes nothing', async () => {
    const trader = await h.trader({ credit: '50000' });
    const res = await h.order(trader.token, { buyPoint: 1, price: '90000.00', orderQuantity: '0.1' });
    expect(res.code).toBe(0);
    const id = await h.orderId(res.data);
    await tamper(trader, 'lock_margin = 0');
    const before = await postings();
    expect((await h.post(CANCEL, trader.token, { orderId: id })).code).toBe(206);
    expect(await status(id)).toBe(1);
    expect(await postings()).toBe(before);
  });

  it('answers 206 when closing a position whose locked margin is gone, and the position stays open', async () => {
    const trader = await h.trader({ credit: '50000' });
    const res = await h.order(trader.token, { orderQuantity: '0.1' });
    expect(res.code).toBe(0);
    const id = await h.orderId(res.data);
    h.clock.advance(180_000);
    await tamper(trader, 'lock_margin = 0');
    const before = await postings();
    expect((await h.post(CLOSE, trader.token, { orderId: id })).code).toBe(206);
    expect(await status(id)).toBe(2);
    expect(await postings()).toBe(before);
  });

  it('answers 204 when a settlement would take the balance below zero, and writes nothing', async () => {
    // The engine caps what it settles at what it read under the account lock, so only a posting that
    // disagrees with the account gets here; the code is the ledger's refusal of a settlement.
    const trader = await h.trader({ credit: '10' });
    const account = await findUserAccount(h.app.db, trader.id, 'real');
    const house = await findUserAccount(h.app.db, (await h.trader({ credit: '1' })).id, 'real');
    const before = await postings();
    await expect(
      h.app.db.transaction((tx) =>
        postMovements(
          tx,
          'order_close',
          'test',
          [
            {
              from: { accountId: account!.id, bucket: 'balance' },
              to: { accountId: house!.id, bucket: 'balance' },
              amount: '10.01',
            },
          ],
          SETTLE_REFUSALS,
        ),
      ),
    ).rejects.toMatchObject({ code: 204 });
    expect(await postings()).toBe(before);
  });

  it('answers 202 when the pair has no current price, and writes nothing', async () => {
    const trader = await h.trader({ credit: '50000' });
    const engine = h.app.tradingEngine;
    const quote = engine.quote;
    engine.quote = () => undefined;
    const before = await postings();
    try {
      expect((await h.order(trader.token, { orderQuantity: '0.1' })).code).toBe(202);
    } finally {
      engine.quote = quote;
    }
    expect(await postings()).toBe(before);
    expect((await h.order(trader.token, { orderQuantity: '0.1' })).code).toBe(0);
  });

  it('answers 201 when the account cannot be opened or read', async () => {
    const trader = await h.trader();
    const engine = { db: h.app.db } as unknown as Engine;
    await expect(
      engine.db.transaction((tx) => lockUserAccount(tx, trader.id, true, async () => ({}) as never)),
    ).rejects.toMatchObject({ code: ACCOUNT_UNREADABLE });
  });
});
