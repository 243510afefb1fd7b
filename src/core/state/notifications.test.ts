import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationUnreadCount } from '../contract/notifications';
import { fakeSocketFactory } from '../feeds/exchange-feed.fixture';
import { createHarness, makeToken } from '../session/session.fixture';
import type { Answer, Harness } from '../session/session.fixture';
import { createNotificationUnread } from './notifications';
import { createOrders, setOrdersForTests } from './orders';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

async function setup(count: () => Answer | Promise<Answer>) {
  const h: Harness = createHarness({ handlers: { 'waa/user/notification/getUnreadCount': count } });
  await h.platform.ready;
  const sockets = fakeSocketFactory();
  // Every API answer the count asked for, so that a test can wait until one was handled.
  const calls = vi.spyOn(h.platform.api, 'call');
  const orders = createOrders(h.platform, { socketFactory: sockets.factory });
  setOrdersForTests(h.platform, orders);
  const unread = createNotificationUnread(h.platform);
  const seen: Array<number | null> = [];
  const release = h.platform.store.sub(unread.count, () => seen.push(h.platform.store.get(unread.count)));
  cleanup = () => {
    release();
    orders.feed.close();
    h.session.close();
    h.platform.close();
  };
  const signIn = async () => {
    const exp = Math.floor(Date.now() / 1000) + 900;
    await h.session.signIn({
      token: makeToken({ exp, virtualStatus: '0' }),
      refreshToken: 'r-1',
      qrcodeStatus: 1,
      expiresAt: exp * 1000,
    });
  };
  const value = () => h.platform.store.get(unread.count);
  const asked = () => h.callsTo('waa/user/notification/getUnreadCount').length;
  /** Signs in and waits until the count asked the server (answered or not) and the exchange socket is made. */
  const signedIn = async () => {
    await t.signIn();
    await vi.waitFor(() => {
      expect(asked()).toBe(1);
      sockets.last();
    });
  };
  /** Resolves after the count handled its latest answer: its own await on the call came first. */
  const handled = async () => {
    const index = calls.mock.calls.findLastIndex(([endpoint]) => endpoint === NotificationUnreadCount);
    await calls.mock.results[index]?.value;
  };
  const t = { h, sockets, unread, seen, signIn, value, asked, signedIn, handled };
  return t;
}

describe('the unread notification count', () => {
  it('is null while signed out and asks the server once the user signs in', async () => {
    const t = await setup(() => ({ code: 0, data: { unread: 4 } }));
    expect(t.value()).toBeNull();
    expect(t.asked()).toBe(0);
    await t.signedIn();
    await t.handled();
    expect(t.value()).toBe(4);
    await t.h.session.logout();
    expect(t.value()).toBeNull();
  });

  it('follows the exchange socket without asking again', async () => {
    const t = await setup(() => ({ code: 0, data: { unread: 1 } }));
    await t.signedIn();
    await t.handled();
    expect(t.value()).toBe(1);
    t.sockets.last().acceptOpen();
    t.sockets.last().deliver({ ordertype: 'notification', unread: 2, id: '9', alarmType: 629012 });
    expect(t.value()).toBe(2);
    t.sockets.last().deliver({ ordertype: 'notification', unread: 0 });
    expect(t.value()).toBe(0);
    expect(t.asked()).toBe(1);
  });

  it('drops an HTTP answer that a push overtook', async () => {
    let answer!: (a: Answer) => void;
    const t = await setup(() => new Promise<Answer>((resolve) => (answer = resolve)));
    await t.signedIn();
    t.sockets.last().acceptOpen();
    t.sockets.last().deliver({ ordertype: 'notification', unread: 5 });
    answer({ code: 0, data: { unread: 4 } });
    await t.handled();
    expect(t.value()).toBe(5);
    expect(t.seen).not.toContain(4);
  });

  it('takes the count a read answered and refreshes on demand', async () => {
    let server = 3;
    const t = await setup(() => ({ code: 0, data: { unread: server } }));
    await t.signedIn();
    await t.handled();
    expect(t.value()).toBe(3);
    t.unread.accept(2);
    expect(t.value()).toBe(2);
    server = 7;
    await t.unread.refresh();
    expect(t.value()).toBe(7);
  });
});

describe('the arrival of a notification', () => {
  it('tells each new notification with its amount and unit, never a read or an earlier push', async () => {
    const t = await setup(() => ({ code: 0, data: { unread: 0 } }));
    await t.signedIn();
    t.sockets.last().acceptOpen();
    t.sockets.last().deliver({ ordertype: 'notification', unread: 1, id: '7', alarmType: 629012 });
    const heard: unknown[] = [];
    const store = t.h.platform.store;
    const release = store.sub(t.unread.arrival, () => heard.push(store.get(t.unread.arrival)));
    try {
      // Mounted after the first push: it is not replayed.
      expect(store.get(t.unread.arrival)).toBeNull();
      const credited = { alarmType: 729001, paymentPrice: '1234.50', paymentUnit: 'USD' };
      t.sockets.last().deliver({ ordertype: 'notification', unread: 2, id: '8', ...credited });
      t.sockets.last().deliver({ ordertype: 'notification', unread: 1 });
      t.sockets.last().deliver({ ordertype: 'notification', unread: 2, id: '9', ...credited });
      expect(heard).toEqual([
        { id: '8', seq: 1, ...credited },
        { id: '9', seq: 2, ...credited },
      ]);
    } finally {
      release();
    }
  });
});
