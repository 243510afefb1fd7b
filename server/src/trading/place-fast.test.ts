import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeOnBackends } from '../db/testing';
import { findUserAccount } from '../ledger';
import { Code } from '../../../src/core/contract/codes';
import type { BlockingRule } from './blocking-rules';
import { tradingHarness, type Trader, type TradingHarness } from './test-app';

/** Everything a placement wrote that does not depend on who placed it or when. */
interface Written {
  order: Record<string, unknown>;
  /** The ledger transaction whose ref is the order number. */
  txn: { kind: string } | null;
  postings: Array<{ account: string; bucket: string; amount: string }>;
  account: { balance: string; lockMargin: string };
}

describeOnBackends('placement in one statement', { on: 'both' }, (backend) => {
  let h: TradingHarness;

  beforeAll(async () => {
    h = await tradingHarness(backend);
    await h.pin('BTCUSDT', '100000.00');
  }, 120_000);
  afterAll(() => h?.close());
  afterEach(() => vi.restoreAllMocks());

  /** Counts the engine's transactions: the one-statement path opens none. */
  const countTransactions = () => vi.spyOn(h.app.tradingEngine.db, 'transaction');

  const written = async (user: Trader, uid: string, virtual = false): Promise<Written> => {
    const { rows } = await h.app.db.query<Record<string, unknown>>('select * from orders where uid = $1', [
      uid,
    ]);
    const {
      id: _id,
      uid: _uid,
      user_id: _user,
      order_time: _o,
      transaction_time: _t,
      ...order
    } = rows[0] ?? {};
    const own = (await findUserAccount(h.app.db, user.id, virtual ? 'demo' : 'real'))?.id;
    const fees = h.app.tradingEngine.house('fees', virtual, user.id);
    const txns = await h.app.db.query<{ id: string; kind: string }>(
      'select id, kind from ledger_transactions where ref = $1',
      [uid],
    );
    const postings = await h.app.db.query<{ account_id: string; bucket: string; amount: string }>(
      'select account_id, bucket, amount from ledger_postings where txn_id = $1 order by id',
      [txns.rows[0]?.id ?? '0'],
    );
    return {
      order: { ...order, timed: rows[0]?.order_time === rows[0]?.transaction_time },
      txn: txns.rows[0] ? { kind: txns.rows[0].kind } : null,
      postings: postings.rows.map((p) => ({
        account: p.account_id === own ? 'own' : p.account_id === fees ? 'fees' : p.account_id,
        bucket: p.bucket,
        amount: p.amount,
      })),
      account: await h.account(user.id, virtual),
    };
  };

  /**
   * Sends the user's placements through the transaction: a registered rule that concerns only them, has no
   * inline form and never refuses (the other users keep the one-statement path).
   */
  const throughTransaction = (user: Trader) =>
    h.app.tradingEngine.blocking.register({
      name: `test-through-transaction-${user.id}`,
      code: Code.ACCOUNT_ANOMALY,
      appliesTo: { market: true, option: true, real: true, demo: true },
      when: ({ trader }) => trader.userId === user.id,
      check: async () => false,
    });

  it('places a market order without a transaction and writes what the transaction path writes', async () => {
    const [fastUser, slowUser] = [await h.trader({ credit: '5000' }), await h.trader({ credit: '5000' })];
    const order = { orderQuantity: '0.5', stopPrice: '90000.00', takeProfitPprice: '110000.00' };
    const transactions = countTransactions();
    const fast = await h.order(fastUser.token, order);
    expect(fast.code).toBe(0);
    expect(transactions).not.toHaveBeenCalled();

    throughTransaction(slowUser);
    const slow = await h.order(slowUser.token, order);
    expect(slow.code).toBe(0);
    expect(transactions).toHaveBeenCalledTimes(1);

    const a = await written(fastUser, fast.data);
    const b = await written(slowUser, slow.data);
    expect(a).toEqual(b);
    expect(a.txn).toEqual({ kind: 'order_place' });
    // 0.5 BTC at the ask 100010.00: margin 500.05 at 1:100 and a fee of 0.2 %, 100.01.
    expect(a.postings).toEqual([
      { account: 'own', bucket: 'balance', amount: '-500.05000000' },
      { account: 'own', bucket: 'lock_margin', amount: '500.05000000' },
      { account: 'own', bucket: 'balance', amount: '-100.01000000' },
      { account: 'fees', bucket: 'balance', amount: '100.01000000' },
    ]);
    expect(a.account).toEqual({ balance: '4399.94000000', lockMargin: '500.05000000' });
    // Tracked as after a transaction: the live index answers the stored row.
    const id = await h.internalId(fast.data);
    expect(h.app.tradingEngine.live.get(id)).toMatchObject({ id, uid: fast.data, margin: '500.05000000' });
    expect(await h.ledgerOk()).toBe(true);
  });

  it('places a pending order (margin only, no fee) the same way on both paths', async () => {
    const [fastUser, slowUser] = [await h.trader({ credit: '5000' }), await h.trader({ credit: '5000' })];
    const order = { buyPoint: 1 as const, orderType: 1 as const, price: '101000.00', orderQuantity: '0.5' };
    const fast = await h.order(fastUser.token, order);
    throughTransaction(slowUser);
    const slow = await h.order(slowUser.token, order);
    expect([fast.code, slow.code]).toEqual([0, 0]);
    const a = await written(fastUser, fast.data);
    expect(a).toEqual(await written(slowUser, slow.data));
    expect(a.postings).toEqual([
      { account: 'own', bucket: 'balance', amount: '-505.00000000' },
      { account: 'own', bucket: 'lock_margin', amount: '505.00000000' },
    ]);
  });

  it('refuses with 203 in one statement and writes nothing', async () => {
    const user = await h.trader({ credit: '1000' });
    const before = await h.app.db.query<{ n: string }>('select count(*) as n from ledger_transactions');
    const transactions = countTransactions();
    expect((await h.order(user.token, { orderQuantity: '1' })).code).toBe(203);
    expect(transactions).not.toHaveBeenCalled();
    const orders = await h.app.db.query('select id from orders where user_id = $1', [user.id]);
    expect(orders.rows).toEqual([]);
    const after = await h.app.db.query<{ n: string }>('select count(*) as n from ledger_transactions');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    expect(await h.account(user.id)).toEqual({ balance: '1000.00000000', lockMargin: '0.00000000' });
  });

  it('refuses a prohibited user with 405 in one statement and writes nothing', async () => {
    const user = await h.trader({ credit: '10000' });
    await h.app.db.query('update users set trading_prohibited = true where id = $1', [user.id]);
    const before = await h.app.db.query<{ n: string }>('select count(*) as n from ledger_transactions');
    const transactions = countTransactions();
    expect((await h.order(user.token, { orderQuantity: '0.01' })).code).toBe(405);
    expect(transactions).not.toHaveBeenCalled();
    const orders = await h.app.db.query('select id from orders where user_id = $1', [user.id]);
    expect(orders.rows).toEqual([]);
    const after = await h.app.db.query<{ n: string }>('select count(*) as n from ledger_transactions');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    expect(await h.account(user.id)).toEqual({ balance: '10000.00000000', lockMargin: '0.00000000' });
  });

  it('falls back to the transaction that opens a demo account not opened yet, then stays in one statement', async () => {
    const user = await h.trader();
    expect(await findUserAccount(h.app.db, user.id, 'demo')).toBeNull();
    const transactions = countTransactions();
    expect((await h.order(user.demoToken, { orderQuantity: '0.1' }, true)).code).toBe(0);
    expect(transactions).toHaveBeenCalledTimes(1);
    expect((await h.order(user.demoToken, { orderQuantity: '0.1' }, true)).code).toBe(0);
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(await h.account(user.id, true)).toMatchObject({ lockMargin: '200.02000000' });
    expect(await h.ledgerOk()).toBe(true);
  });
  it('refuses with a registered rule in one statement by its inline form, and by its check in the transaction', async () => {
    const [flagged, slow] = [await h.trader({ credit: '10000' }), await h.trader({ credit: '10000' })];
    const users = new Set([flagged.id, slow.id]);
    // The test's rule reads the users' withdrawal freeze, set here for these two users only.
    await h.app.db.query('update users set withdrawal_frozen = true where id = any($1::bigint[])', [
      [...users],
    ]);
    const rule: BlockingRule = {
      name: 'test-frozen-users',
      code: Code.ACCOUNT_ANOMALY,
      appliesTo: { market: true, option: true, real: true, demo: false },
      when: ({ trader }) => users.has(trader.userId),
      check: async (tx, { trader }) => {
        const { rows } = await tx.query<{ frozen: boolean }>(
          'select withdrawal_frozen as frozen from users where id = $1',
          [trader.userId],
        );
        return rows[0]?.frozen === true;
      },
      inline: '(select u.withdrawal_frozen from users u where u.id = a.user_id)',
    };
    h.app.tradingEngine.blocking.register(rule);
    // Demo placements are outside the rule (the first one opens the demo account in a transaction).
    expect((await h.order(flagged.demoToken, { orderQuantity: '0.01' }, true)).code).toBe(0);
    const transactions = countTransactions();
    expect((await h.order(flagged.token, { orderQuantity: '0.01' })).code).toBe(Code.ACCOUNT_ANOMALY);
    expect(transactions).not.toHaveBeenCalled();
    // The same rule without its inline form: the placement takes the transaction and the check refuses.
    const { inline: _inline, ...withoutInline } = rule;
    h.app.tradingEngine.blocking.register({ ...withoutInline, name: 'test-frozen-users-no-inline' });
    expect((await h.order(slow.token, { orderQuantity: '0.01' })).code).toBe(Code.ACCOUNT_ANOMALY);
    expect(transactions).toHaveBeenCalledTimes(1);
    users.clear();
    expect((await h.order(flagged.token, { orderQuantity: '0.01' })).code).toBe(0);
    expect(await h.ledgerOk()).toBe(true);
  });
});
