import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, buildAccountsApp, createUser, post, signIn } from '../accounts/test-app';
import { findUserAccount, postTransaction } from '../ledger';

const INFO = '/v1/waa/user/info';
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildAccountsApp();
});
afterAll(() => app?.close());

describe('POST /v1/waa/user/info', () => {
  it('answers HTTP 401 without a token or with a forged one', async () => {
    expect((await post(app, null, INFO)).statusCode).toBe(401);
    expect((await post(app, 'eyJhbGciOiJIUzI1NiJ9.e30.x', INFO)).statusCode).toBe(401);
  });

  it("describes the caller with the real account's totals", async () => {
    const user = await createUser(app, { nickname: 'Grace' });
    await admin(app, 'POST', `/admin/v1/users/${user.uid}/credit`, { amount: '500', account: 'real' });
    const real = await findUserAccount(app.db, user.id, 'real');
    await app.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'margin_lock',
        postings: [
          { accountId: real?.id as string, bucket: 'balance', amount: '-120.25' },
          { accountId: real?.id as string, bucket: 'lock_margin', amount: '120.25' },
        ],
      }),
    );
    const body = (await post(app, await signIn(app, user.id), INFO)).json();
    expect(body.code).toBe(0);
    expect(body.data).toEqual({
      id: user.id,
      uid: user.uid,
      nickname: 'Grace',
      avatar: null,
      realName: null,
      email: user.email,
      phone: null,
      areaCode: null,
      inviteCode: expect.stringMatching(/^[0-9A-F]{8}$/),
      registerType: 'E',
      country: null,
      idNumber: null,
      account: { balanceAmount: '379.75', lockMargin: '120.25' },
      virtual: false,
      totalBalance: '500.00',
      availableBalance: '379.75',
      totpEnabled: false,
      colorScheme: null,
    });
  });

  it('stands the uid in for a nickname never chosen and shows the phone of a phone user', async () => {
    const user = await createUser(app, { registerType: 'P' });
    const data = (await post(app, await signIn(app, user.id), INFO)).json().data;
    expect(data).toMatchObject({ nickname: user.uid, registerType: 'P', phone: user.phone, email: null });
  });

  it('answers a demo token with the demo account', async () => {
    const user = await createUser(app);
    const token = (await post(app, await signIn(app, user.id), '/v1/waa/user/info/switch')).json().token;
    const data = (await post(app, token, INFO)).json().data;
    expect(data).toMatchObject({ virtual: true, totalBalance: '100000.00', availableBalance: '100000.00' });
  });

  it('never shows one user the data of another', async () => {
    const alice = await createUser(app, { nickname: 'Alice' });
    const bob = await createUser(app, { nickname: 'Bob' });
    await admin(app, 'POST', `/admin/v1/users/${alice.uid}/credit`, { amount: '10', account: 'real' });
    const data = (await post(app, await signIn(app, bob.id), INFO, { uid: alice.uid, id: alice.id })).json()
      .data;
    expect(data).toMatchObject({ uid: bob.uid, nickname: 'Bob', account: { balanceAmount: '0.00' } });
  });
});
