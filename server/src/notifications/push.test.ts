import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../accounts/test-app';
import { SocketClient, startExchangeApp, type ExchangeApp } from '../exchange-ws/testing';

let harness: ExchangeApp;
beforeAll(async () => {
  harness = await startExchangeApp();
});
afterAll(() => harness?.close());

type Message = { ordertype: string; unread?: number; id?: string; alarmType?: number };
const isNotification = (m: unknown) => (m as Message).ordertype === 'notification';

/** A socket of the trader that has had its first order snapshots (so it is authenticated). */
async function openSocket(uid: string, token: string): Promise<SocketClient> {
  const client = await SocketClient.open(harness.base, uid, token);
  await client.next((m) => m.ordertype === 'pendingOrder');
  return client;
}

describe('notification push on the exchange socket', () => {
  it("reaches every socket of the owner (real and demo) with the unread count, and no one else's", async () => {
    const owner = await harness.trader();
    const other = await harness.trader();
    const real = await openSocket(owner.uid, owner.token);
    const demo = await openSocket(owner.uid, owner.demoToken);
    const stranger = await openSocket(other.uid, other.token);
    try {
      const sent = await harness.post<{ id: string }>(
        `/admin/v1/users/${owner.uid}/notifications`,
        ADMIN_TOKEN,
        { title: 'Maintenance', content: 'Tonight 22:00 UTC' },
      );
      expect(sent.code).toBe(0);
      for (const socket of [real, demo]) {
        const message = (await socket.next(isNotification)) as unknown as Message;
        expect(message).toEqual({
          ordertype: 'notification',
          unread: 1,
          id: sent.data.id,
          alarmType: 629012,
          // Its number in the owner's journal (RP1).
          seq: expect.any(Number),
        });
      }
      // The other user's socket hears nothing about it: the first notification it gets is its own, sent after.
      const own = await harness.post<{ id: string }>(
        `/admin/v1/users/${other.uid}/notifications`,
        ADMIN_TOKEN,
        { title: 'Sentinel', content: 'Sent after the first one' },
      );
      expect(own.code).toBe(0);
      await stranger.next(isNotification);
      expect(stranger.messages.filter(isNotification)).toEqual([
        { ordertype: 'notification', unread: 1, id: own.data.id, alarmType: 629012, seq: expect.any(Number) },
      ]);
    } finally {
      for (const socket of [real, demo, stranger]) socket.close();
    }
  });

  it('tells the other sockets the lower count after a read, and pushes only after the caller commits', async () => {
    const owner = await harness.trader();
    const socket = await openSocket(owner.uid, owner.token);
    try {
      const notified = await harness.app.db.transaction((tx) =>
        harness.app.notifications.notify(tx, {
          userId: owner.id,
          alarmType: 629006,
          actionType: 0,
          paymentPrice: '50',
        }),
      );
      // Sentinel: an order's snapshot reaches the socket after anything the commit alone could have pushed.
      const from = socket.messages.length;
      expect((await harness.order(owner.token)).code).toBe(0);
      const sentinel = await socket.next((m) => m.ordertype === 'holtOrder' && m.list.length === 1, from);
      expect(socket.messages.slice(0, socket.messages.indexOf(sentinel)).some(isNotification)).toBe(false);
      await notified.publish();
      await socket.next((m) => isNotification(m) && (m as unknown as Message).unread === 1);
      const after = socket.messages.length;
      const read = await harness.post('/v1/waa/user/notification/read', owner.token, { ids: [notified.id] });
      expect(read).toMatchObject({ code: 0, data: { read: 1, unread: 0 } });
      const message = (await socket.next(isNotification, after)) as unknown as Message;
      expect(message).toEqual({ ordertype: 'notification', unread: 0 });
    } finally {
      socket.close();
    }
  });
});
