import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, buildAccountsApp, createUser, post, signIn, type TestUser } from '../accounts/test-app';
import type { TestDatabase } from '../db/testing';
import { describeOnBackends } from '../db/testing';

const LIST = '/v1/waa/user/notification';
const READ = '/v1/waa/user/notification/read';
const UNREAD = '/v1/waa/user/notification/getUnreadCount';
const send = (uid: string) => `/admin/v1/users/${uid}/notifications`;

describeOnBackends('notifications', { on: 'any' }, (backend) => {
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

  async function userWithToken(): Promise<{ user: TestUser; token: string }> {
    const user = await createUser(app);
    return { user, token: await signIn(app, user.id) };
  }

  /** `count` new-message notifications titled "n1"… in that order (the last one is the newest). */
  async function seed(user: TestUser, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 1; i <= count; i += 1) {
      const notified = await app.notifications.notify(undefined, {
        userId: user.id,
        alarmType: 629012,
        actionType: 4,
        title: `n${i}`,
        content: `body ${i}`,
      });
      ids.push(notified.id);
    }
    return ids;
  }

  describe('POST /v1/waa/user/notification', () => {
    it('answers HTTP 401 without a token', async () => {
      expect((await post(app, null, LIST, { page: 1, limit: 10 })).statusCode).toBe(401);
    });

    it('lists 10 a page, newest first, with the number of pages', async () => {
      const { user, token } = await userWithToken();
      await seed(user, 23);
      const first = (await post(app, token, LIST, { page: 1, limit: 10 })).json();
      expect(first.code).toBe(0);
      expect(first.data).toMatchObject({ page: 1, pages: 3, total: 23 });
      expect(first.data.list.map((n: { title: string }) => n.title)).toEqual(
        Array.from({ length: 10 }, (_, i) => `n${23 - i}`),
      );
      const third = (await post(app, token, LIST, { page: 3, limit: 10 })).json().data;
      expect(third.list.map((n: { title: string }) => n.title)).toEqual(['n3', 'n2', 'n1']);
      expect((await post(app, token, LIST, { page: 4, limit: 10 })).json().data.list).toEqual([]);
    });

    it('answers every field of spec §3, the payment amount as a decimal string', async () => {
      const { user, token } = await userWithToken();
      const before = Date.now();
      await app.notifications.notify(undefined, {
        userId: user.id,
        alarmType: 629005,
        actionType: 0,
        remark: 'address mismatch',
        paymentPrice: '125.5',
      });
      const [item] = (await post(app, token, LIST, { page: 1 })).json().data.list;
      expect(item).toEqual({
        id: expect.stringMatching(/^\d+$/),
        readStatus: 0,
        title: '',
        alarmType: 629005,
        actionType: 0,
        content: '',
        remark: 'address mismatch',
        timeStamp: expect.any(Number),
        paymentPrice: '125.50',
      });
      expect(item.timeStamp).toBeGreaterThanOrEqual(before - 5000);
    });

    it("shows only the caller's notifications", async () => {
      const a = await userWithToken();
      const b = await userWithToken();
      await seed(a.user, 2);
      expect((await post(app, b.token, LIST, { page: 1 })).json().data).toMatchObject({
        list: [],
        pages: 0,
        total: 0,
      });
    });

    it('answers 1001 for a missing, zero or non-integer page and a limit above 50', async () => {
      const { token } = await userWithToken();
      for (const body of [{}, { page: 0 }, { page: '1' }, { page: 1.5 }, { page: 1, limit: 51 }]) {
        expect((await post(app, token, LIST, body)).json().code).toBe(1001);
      }
    });
  });

  describe('POST /v1/waa/user/notification/read', () => {
    it('marks the given ids read and answers how many changed and the unread count', async () => {
      const { user, token } = await userWithToken();
      const ids = await seed(user, 3);
      const res = (await post(app, token, READ, { ids: [ids[0], ids[1]] })).json();
      expect(res).toEqual({ code: 0, msg: 'success', data: { read: 2, unread: 1 } });
      const list = (await post(app, token, LIST, { page: 1 })).json().data.list;
      expect(list.map((n: { readStatus: number }) => n.readStatus)).toEqual([0, 1, 1]);
      // Reading again changes nothing.
      expect((await post(app, token, READ, { ids: [ids[0]] })).json().data).toEqual({ read: 0, unread: 1 });
    });

    it("ignores another user's id exactly like a missing one", async () => {
      const owner = await userWithToken();
      const other = await userWithToken();
      const [id] = await seed(owner.user, 1);
      const foreign = (await post(app, other.token, READ, { ids: [id] })).json();
      const missing = (await post(app, other.token, READ, { ids: ['999999999999'] })).json();
      expect(foreign).toEqual(missing);
      expect(foreign).toEqual({ code: 0, msg: 'success', data: { read: 0, unread: 0 } });
      expect((await post(app, owner.token, UNREAD)).json().data.unread).toBe(1);
    });

    it('answers 1001 for an empty, too long or malformed id list', async () => {
      const { token } = await userWithToken();
      const tooMany = Array.from({ length: 101 }, (_, i) => String(i + 1));
      for (const body of [
        {},
        { ids: [] },
        { ids: tooMany },
        { ids: ['abc'] },
        { ids: ['0'] },
        { ids: ['1234567890123456789'] },
        { ids: [1] },
        { ids: '1' },
      ]) {
        expect((await post(app, token, READ, body)).json().code).toBe(1001);
      }
    });
  });

  describe('POST /v1/waa/user/notification/getUnreadCount', () => {
    it('counts only the unread notifications of the caller', async () => {
      const a = await userWithToken();
      const b = await userWithToken();
      const ids = await seed(a.user, 4);
      await seed(b.user, 1);
      await post(app, a.token, READ, { ids: [ids[3]] });
      expect((await post(app, a.token, UNREAD)).json()).toEqual({
        code: 0,
        msg: 'success',
        data: { unread: 3 },
      });
      expect((await post(app, b.token, UNREAD)).json().data.unread).toBe(1);
    });

    it('answers HTTP 401 without a token', async () => {
      expect((await post(app, null, UNREAD)).statusCode).toBe(401);
    });
  });

  describe('app.notifications.notify inside a caller transaction', () => {
    it('commits with the transaction and disappears with its rollback', async () => {
      const { user, token } = await userWithToken();
      const committed = await app.db.transaction((tx) =>
        app.notifications.notify(tx, {
          userId: user.id,
          alarmType: 629006,
          actionType: 0,
          paymentPrice: '10',
        }),
      );
      await app.db
        .transaction(async (tx) => {
          await app.notifications.notify(tx, { userId: user.id, alarmType: 629007, actionType: 0 });
          throw new Error('refund failed');
        })
        .catch(() => undefined);
      await committed.publish();
      const list = (await post(app, token, LIST, { page: 1 })).json().data.list;
      expect(list.map((n: { alarmType: number }) => n.alarmType)).toEqual([629006]);
    });
  });

  describe('POST /admin/v1/users/{uid}/notifications', () => {
    it('sends a 629012 notification with its own title and content (action type 4)', async () => {
      const { user, token } = await userWithToken();
      const res = (
        await admin(app, 'POST', send(user.uid), { title: 'Hello', content: 'Welcome aboard' })
      ).json();
      expect(res).toMatchObject({ code: 0, data: { uid: user.uid, unread: 1, id: expect.any(String) } });
      const [item] = (await post(app, token, LIST, { page: 1 })).json().data.list;
      expect(item).toMatchObject({ id: res.data.id, alarmType: 629012, actionType: 4, title: 'Hello' });
      expect(item.content).toBe('Welcome aboard');
    });

    it('answers 1002 for an unknown uid, 1001 for empty text and HTTP 401 without the admin token', async () => {
      expect((await admin(app, 'POST', send('12345678'), { title: 't', content: 'c' })).json().code).toBe(
        1002,
      );
      const { user } = await userWithToken();
      expect((await admin(app, 'POST', send(user.uid), { title: '', content: 'c' })).json().code).toBe(1001);
      expect((await admin(app, 'POST', send(user.uid), { title: 't' })).json().code).toBe(1001);
      const denied = await app.inject({
        method: 'POST',
        url: send(user.uid),
        payload: { title: 't', content: 'c' },
      });
      expect(denied.statusCode).toBe(401);
    });
  });
});
