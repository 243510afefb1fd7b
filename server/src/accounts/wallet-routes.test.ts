import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, findUserAccount, houseAccount, postTransaction } from '../ledger';
import { admin, buildAccountsApp, createUser, post, signIn } from './test-app';

const BALANCE = '/v1/waa/user/balance';
const SWITCH = '/v1/waa/user/info/switch';
const RESET = '/v1/waa/virtualWallet/resetBalance';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildAccountsApp();
});
afterAll(() => app?.close());

async function demoUser() {
  const user = await createUser(app);
  const realToken = await signIn(app, user.id);
  const switched = (await post(app, realToken, SWITCH)).json();
  return { user, realToken, demoToken: switched.token as string };
}

/** Simulates demo trading losses: virtual money back to the issuer. */
async function loseDemo(userId: string, amount: string) {
  await app.db.transaction(async (tx) => {
    const demo = await findUserAccount(tx, userId, 'demo');
    const issuer = await houseAccount(tx, 'house_demo_issuer');
    await postTransaction(tx, {
      kind: 'pnl',
      postings: [
        { accountId: demo?.id as string, bucket: 'balance', amount: `-${amount}` },
        { accountId: issuer.id, bucket: 'balance', amount },
      ],
    });
  });
}

describe('POST /v1/waa/user/balance', () => {
  it('answers HTTP 401 without a token', async () => {
    const res = await post(app, null, BALANCE);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 400, msg: 'not logged in', data: null });
  });

  it('reads a never-funded real account as zero without opening it', async () => {
    const user = await createUser(app);
    const res = await post(app, await signIn(app, user.id), BALANCE);
    expect(res.json()).toEqual({
      code: 0,
      msg: 'success',
      data: { balanceAmount: '0.00', lockMargin: '0.00' },
    });
    expect(await findUserAccount(app.db, user.id, 'real')).toBeNull();
  });

  it('reads the real account after a credit and the demo account with a demo token', async () => {
    const { user, realToken, demoToken } = await demoUser();
    await admin(app, 'POST', `/admin/v1/users/${user.uid}/credit`, { amount: '1234.5', account: 'real' });
    expect((await post(app, realToken, BALANCE)).json().data).toEqual({
      balanceAmount: '1234.50',
      lockMargin: '0.00',
    });
    expect((await post(app, demoToken, BALANCE)).json().data).toEqual({
      balanceAmount: '100000.00',
      lockMargin: '0.00',
    });
  });

  it('ignores a user id or uid in the body', async () => {
    const rich = await createUser(app);
    await admin(app, 'POST', `/admin/v1/users/${rich.uid}/credit`, { amount: '99', account: 'real' });
    const other = await createUser(app);
    const res = await post(app, await signIn(app, other.id), BALANCE, { userId: rich.id, uid: rich.uid });
    expect(res.json().data.balanceAmount).toBe('0.00');
  });
});

describe('POST /v1/waa/user/info/switch', () => {
  it('opens a funded demo account on the first switch and answers a demo token in data and at the top', async () => {
    const user = await createUser(app);
    const res = await post(app, await signIn(app, user.id), SWITCH);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.virtual).toBe(true);
    expect(body.token).toBe(body.data.token);
    expect(body.data.expiresAt).toBeGreaterThan(Date.now());
    const info = (await post(app, body.token, '/v1/waa/user/info')).json().data;
    expect(info).toMatchObject({ virtual: true, account: { balanceAmount: '100000.00' } });
  });

  it('switches back to real and funds the demo account only once', async () => {
    const { user, demoToken } = await demoUser();
    const back = (await post(app, demoToken, SWITCH)).json();
    expect(back.data.virtual).toBe(false);
    expect((await post(app, back.token, BALANCE)).json().data.balanceAmount).toBe('0.00');
    const again = (await post(app, back.token, SWITCH)).json();
    expect(again.data.virtual).toBe(true);
    const { rows } = await app.db.query(
      `select 1 from ledger_transactions t join ledger_postings p on p.txn_id = t.id
         join ledger_accounts a on a.id = p.account_id where a.user_id = $1 and t.kind = 'demo_open'`,
      [user.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses to enter demo with 23523 when the brand has virtual trading off, but always allows real', async () => {
    const user = await createUser(app, { brandId: 'meridian' });
    expect((await post(app, await signIn(app, user.id), SWITCH)).json().code).toBe(23523);
    const back = (await post(app, await signIn(app, user.id, true), SWITCH)).json();
    expect(back).toMatchObject({ code: 0, data: { virtual: false } });
  });
});

describe('POST /v1/waa/virtualWallet/resetBalance', () => {
  it('refuses a real-account token with 23523', async () => {
    const { realToken } = await demoUser();
    expect((await post(app, realToken, RESET)).json().code).toBe(23523);
  });

  it('answers 1056 for a demo token of a user who has no demo account', async () => {
    const user = await createUser(app);
    expect((await post(app, await signIn(app, user.id, true), RESET)).json().code).toBe(1056);
  });

  it('restores the initial virtual balance after losses, with conservation kept', async () => {
    const { user, demoToken } = await demoUser();
    await loseDemo(user.id, '2500.75');
    expect((await post(app, demoToken, BALANCE)).json().data.balanceAmount).toBe('97499.25');
    const res = (await post(app, demoToken, RESET)).json();
    expect(res).toEqual({
      code: 0,
      msg: 'success',
      data: { balanceAmount: '100000.00', lockMargin: '0.00' },
    });
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('allows one reset per 24 hours and answers 701 to a second one', async () => {
    const { user, demoToken } = await demoUser();
    await loseDemo(user.id, '10');
    expect((await post(app, demoToken, RESET)).json().code).toBe(0);
    await loseDemo(user.id, '10');
    const second = (await post(app, demoToken, RESET)).json();
    expect(second).toMatchObject({ code: 701, msg: 'virtual trading once only' });
    expect((await post(app, demoToken, BALANCE)).json().data.balanceAmount).toBe('99990.00');
    // A day later the allowance is back.
    await app.db.query(
      `update ledger_transactions set created_at = created_at - interval '25 hours'
        where kind = 'demo_reset' and id in (select p.txn_id from ledger_postings p
          join ledger_accounts a on a.id = p.account_id where a.user_id = $1)`,
      [user.id],
    );
    expect((await post(app, demoToken, RESET)).json().code).toBe(0);
  });

  it('does not count a reset that changes nothing against the allowance', async () => {
    const { user, demoToken } = await demoUser();
    expect((await post(app, demoToken, RESET)).json().code).toBe(0);
    await loseDemo(user.id, '1');
    expect((await post(app, demoToken, RESET)).json().code).toBe(0);
  });

  it('refuses with 1070 while margin is locked or a trading module reports open positions', async () => {
    const { user, demoToken } = await demoUser();
    const demo = await findUserAccount(app.db, user.id, 'demo');
    await app.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'margin_lock',
        postings: [
          { accountId: demo?.id as string, bucket: 'balance', amount: '-100' },
          { accountId: demo?.id as string, bucket: 'lock_margin', amount: '100' },
        ],
      }),
    );
    expect((await post(app, demoToken, RESET)).json().code).toBe(1070);

    const other = await demoUser();
    await loseDemo(other.user.id, '5');
    app.accounts.addOpenPositionCheck(async (_tx, account) => account.userId === other.user.id);
    expect((await post(app, other.demoToken, RESET)).json().code).toBe(1070);
  });
});
