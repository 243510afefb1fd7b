import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { add } from '../../../src/core/domain/decimal';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { checkLedger, findUserAccount, houseAccount, postTransaction, toMoney } from '../ledger';
import { admin, buildAccountsApp, createUser, post, signIn } from './test-app';

describeOnBackends('ledger conservation through the API', { on: 'postgres' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildAccountsApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('holds after credits, demo switches, losses and resets', async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);
    await admin(app, 'POST', `/admin/v1/users/${alice.uid}/credit`, { amount: '250.50', account: 'real' });
    await admin(app, 'POST', `/admin/v1/users/${bob.uid}/credit`, { amount: '0.00000001', account: 'real' });
    const demoToken = (await post(app, await signIn(app, alice.id), '/v1/waa/user/info/switch')).json().token;
    await admin(app, 'POST', `/admin/v1/users/${bob.uid}/credit`, { amount: '7', account: 'demo' });
    await app.db.transaction(async (tx) => {
      const demo = await findUserAccount(tx, alice.id, 'demo');
      const issuer = await houseAccount(tx, 'house_demo_issuer');
      await postTransaction(tx, {
        kind: 'pnl',
        postings: [
          { accountId: demo?.id as string, bucket: 'balance', amount: '-999.99' },
          { accountId: issuer.id, bucket: 'balance', amount: '999.99' },
        ],
      });
    });
    expect((await post(app, demoToken, '/v1/waa/virtualWallet/resetBalance')).json().code).toBe(0);

    const report = await checkLedger(app.db);
    expect(report).toMatchObject({ ok: true, mismatches: [], unbalancedTransactions: [] });
    expect(report.totals).toEqual({
      userBalance: '200257.50000001',
      userLockMargin: '0.00',
      house: '-200257.50000001',
      all: '0.00',
      postings: '0.00',
    });
    const cash = await houseAccount(app.db, 'house_cash_real');
    expect(toMoney(cash.balance)).toBe('-250.50000001');
  });

  it('keeps balances exact under 50 concurrent credits to one account', async () => {
    const user = await createUser(app);
    const amounts = Array.from({ length: 50 }, (_, i) => `${i + 1}.0${i % 10}`);
    const results = await Promise.all(
      amounts.map((amount) =>
        admin(app, 'POST', `/admin/v1/users/${user.uid}/credit`, { amount, account: 'real' }),
      ),
    );
    expect(results.map((res) => res.json().code)).toEqual(amounts.map(() => 0));
    const expected = amounts.reduce((sum, amount) => add(sum, amount), '0');
    const real = await findUserAccount(app.db, user.id, 'real');
    expect(toMoney(real?.balance as string)).toBe(toMoney(expected));
    // Every answer saw a distinct running balance: the credits were serialised, none was lost.
    expect(new Set(results.map((res) => res.json().data.balanceAmount)).size).toBe(50);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('funds the demo account exactly once when the first switches race', async () => {
    const user = await createUser(app);
    const tokens = await Promise.all(Array.from({ length: 10 }, () => signIn(app, user.id)));
    const answers = await Promise.all(tokens.map((token) => post(app, token, '/v1/waa/user/info/switch')));
    expect(answers.map((res) => res.json().code)).toEqual(tokens.map(() => 0));
    const demo = await findUserAccount(app.db, user.id, 'demo');
    expect(toMoney(demo?.balance as string)).toBe('100000.00');
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('posts exactly one reset when three resets race', async () => {
    const user = await createUser(app);
    const token = (await post(app, await signIn(app, user.id), '/v1/waa/user/info/switch')).json().token;
    await app.db.transaction(async (tx) => {
      const demo = await findUserAccount(tx, user.id, 'demo');
      const issuer = await houseAccount(tx, 'house_demo_issuer');
      await postTransaction(tx, {
        kind: 'pnl',
        postings: [
          { accountId: demo?.id as string, bucket: 'balance', amount: '-50' },
          { accountId: issuer.id, bucket: 'balance', amount: '50' },
        ],
      });
    });
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(app, token, '/v1/waa/virtualWallet/resetBalance')),
    );
    // The first restores the balance; the others then find nothing to change (a free no-op), never post twice.
    expect(answers.map((res) => res.json().data)).toEqual(
      [1, 2, 3].map(() => ({ balanceAmount: '100000.00', lockMargin: '0.00' })),
    );
    const { rows } = await app.db.query(
      `select 1 from ledger_transactions t join ledger_postings p on p.txn_id = t.id
         join ledger_accounts a on a.id = p.account_id where a.user_id = $1 and t.kind = 'demo_reset'`,
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });
});
