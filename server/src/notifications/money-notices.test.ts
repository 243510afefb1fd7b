import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoneyAlarmType, type Notification } from '../../../src/core/contract/notifications';
import { admin, buildAccountsApp, createUser, post, signIn } from '../accounts/test-app';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { submit } from '../deposits/deposits.testing';
import { checkLedger } from '../ledger';
import { decideWithdrawal, withdrawUsdt } from '../withdrawals/test-support';
import type { NotificationPush } from './service';

// Money that arrives is announced like money refused (issue #26 item 5, decisions AN1–AN3): the credited deposit,
// the paid withdrawal and the done transfer each write their notice in the transaction of the money change,
// with the amount and its unit, and push it to the user's sockets after COMMIT.
describeOnBackends('money notices', { on: 'both' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildAccountsApp(database);
    app.cashier.bidOf = (symbol) => ({ BTCUSDT: '64000', ETHUSDT: '3000' })[symbol];
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  async function trader(brandId?: string, credit?: string) {
    const user = await createUser(app, brandId ? { brandId } : {});
    if (credit) {
      await app.db.transaction((tx) => app.accounts.credit(tx, user.id, 'real', credit, { ref: 'test' }));
    }
    return { ...user, token: await signIn(app, user.id) };
  }

  async function notifications(token: string): Promise<Notification[]> {
    return (await post(app, token, '/v1/waa/user/notification', { page: 1, limit: 10 })).json().data.list;
  }

  /** Runs `act` and answers what was pushed to `userId` during it. */
  async function pushesDuring(userId: string, act: () => Promise<unknown>) {
    const pushes: NotificationPush['message'][] = [];
    const off = app.notifications.onPush((p) => {
      if (p.userId === userId) pushes.push(p.message);
    });
    try {
      await act();
    } finally {
      off();
    }
    return pushes;
  }

  async function depositOf(token: string, coinId: number, amt: string): Promise<string> {
    const body = (await submit(app, token, { coinId, amt, locale: 'en', agreement: true })).json();
    expect(body.code).toBe(0);
    return body.data.id as string;
  }

  describe('POST /admin/v1/deposits/{id}/approve', () => {
    it('notifies 729001 with the USD credited, pushed with its amount after the commit', async () => {
      const user = await trader();
      const id = await depositOf(user.token, 2, '1234.5');
      const pushes = await pushesDuring(user.id, async () => {
        expect((await admin(app, 'POST', `/admin/v1/deposits/${id}/approve`)).json().code).toBe(0);
      });
      const list = await notifications(user.token);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        alarmType: MoneyAlarmType.depositCredited,
        actionType: 0,
        readStatus: 0,
        paymentPrice: '1234.50',
        paymentUnit: 'USD',
      });
      expect(pushes).toEqual([
        {
          ordertype: 'notification',
          unread: 1,
          id: list[0]?.id,
          alarmType: 729001,
          paymentPrice: '1234.50',
          paymentUnit: 'USD',
        },
      ]);
    });

    it("names the coin amount credited to a walletType 1 brand's coin wallet", async () => {
      const user = await trader('aurora');
      const id = await depositOf(user.token, 1, '250.125');
      expect((await admin(app, 'POST', `/admin/v1/deposits/${id}/approve`)).json().code).toBe(0);
      expect(await notifications(user.token)).toMatchObject([
        { alarmType: 729001, paymentPrice: '250.125', paymentUnit: 'USDT' },
      ]);
    });

    it('writes no second notice when a decided deposit is approved again (1041)', async () => {
      const user = await trader();
      const id = await depositOf(user.token, 2, '1000');
      await admin(app, 'POST', `/admin/v1/deposits/${id}/approve`);
      expect((await admin(app, 'POST', `/admin/v1/deposits/${id}/approve`)).json().code).toBe(1041);
      expect((await notifications(user.token)).map((n) => n.alarmType)).toEqual([729001]);
    });
  });

  describe('POST /admin/v1/withdrawals/{id}/approve', () => {
    it('notifies 729002 with the amount paid out (after the fee) in its currency', async () => {
      const user = await trader(undefined, '1000');
      const ticket = await withdrawUsdt(app, user, '300');
      expect(ticket.code).toBe(0);
      const pushes = await pushesDuring(user.id, async () => {
        expect((await decideWithdrawal(app, ticket.data.id, 'approve')).code).toBe(0);
      });
      const list = await notifications(user.token);
      expect(list[0]).toMatchObject({ alarmType: 729002, paymentPrice: '275.00', paymentUnit: 'USDT' });
      expect(pushes).toMatchObject([{ alarmType: 729002, paymentPrice: '275.00', paymentUnit: 'USDT' }]);
      expect((await checkLedger(app.db)).ok).toBe(true);
    });

    it('still notifies only 629005 on a rejection', async () => {
      const user = await trader(undefined, '1000');
      const ticket = await withdrawUsdt(app, user, '300');
      expect((await decideWithdrawal(app, ticket.data.id, 'reject')).code).toBe(0);
      expect((await notifications(user.token)).map((n) => n.alarmType)).toEqual([629005]);
    });
  });

  describe('POST /v1/waa/user/crypto/transform', () => {
    async function transform(token: string, body: Record<string, unknown>) {
      return app.inject({
        method: 'POST',
        url: '/v1/waa/user/crypto/transform',
        payload: body,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      });
    }

    it('notifies 729003 with what arrived, in the target unit, pushed after the commit', async () => {
      const user = await trader(undefined, '1000');
      const quoted = (
        await post(app, user.token, '/v1/waa/user/crypto/transform/calculate', {
          curr: 'BTC',
          currId: 3,
          type: 0,
          num: '128',
        })
      ).json();
      expect(quoted.code).toBe(0);
      const pushes = await pushesDuring(user.id, async () => {
        const res = await transform(user.token, {
          curr: 'BTC',
          currId: 3,
          type: 0,
          num: '128',
          fee: quoted.data.fee,
          practical: quoted.data.practical,
          unit: quoted.data.unit,
        });
        expect(res.json().code).toBe(0);
      });
      expect(await notifications(user.token)).toMatchObject([
        { alarmType: 729003, paymentPrice: '0.002', paymentUnit: 'BTC' },
      ]);
      expect(pushes).toMatchObject([{ alarmType: 729003, paymentPrice: '0.002', paymentUnit: 'BTC' }]);
    });

    it('writes no notice for a refused transfer (1052: not enough USD)', async () => {
      const user = await trader(undefined, '10');
      const res = await transform(user.token, {
        curr: 'BTC',
        currId: 3,
        type: 0,
        num: '128',
        fee: '0',
        practical: '0.002',
        unit: 'BTC',
      });
      expect(res.json().code).toBe(1052);
      expect(await notifications(user.token)).toEqual([]);
    });
  });
});
