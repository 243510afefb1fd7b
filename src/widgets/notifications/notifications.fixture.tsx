/**
 * Renders <Notifications> on a real platform and session (core/session's scripted-server harness) with a
 * fake exchange socket, a scripted notification server and an IntersectionObserver moved into view by hand.
 */
import { act } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { vi } from 'vitest';
import type { Notification } from '../../core/contract/notifications';
import { fakeSocketFactory } from '../../core/feeds/exchange-feed.fixture';
import { createHarness } from '../../core/session/session.fixture';
import type { Answer, Harness } from '../../core/session/session.fixture';
import { createOrders, setOrdersForTests } from '../../core/state/orders';
import { renderOn, signInTo } from '../_shared/widget-render.fixture';
import { Notifications } from './notifications';
import type { NotificationsProps } from './notifications';
import { FakeIntersectionObserver } from '../_shared/fake-intersection-observer.fixture';

export { FakeIntersectionObserver };

/** One notification (a new message with its own text unless overridden). */
export function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: '1',
    readStatus: 0,
    title: 'Own title',
    alarmType: 629012,
    actionType: 4,
    content: 'Own content',
    remark: '',
    timeStamp: Date.UTC(2026, 0, 15, 9, 30),
    paymentPrice: null,
    ...overrides,
  };
}

/**
 * A scripted notification server: `items` newest first, 10 a page; `read` marks the caller's ids read;
 * `getUnreadCount` counts. Tests change `items` to simulate a new notification.
 */
export class NotificationServer {
  constructor(public items: Notification[]) {}
  unread = () => this.items.filter((n) => n.readStatus === 0).length;
  list = (body: Record<string, unknown>): Answer => {
    const page = Number(body.page);
    const limit = Number(body.limit);
    const list = this.items.slice((page - 1) * limit, page * limit);
    const pages = Math.ceil(this.items.length / limit);
    return { code: 0, data: { list, page, pages, total: this.items.length } };
  };
  read = (body: Record<string, unknown>): Answer => {
    const ids = new Set(body.ids as string[]);
    let read = 0;
    this.items = this.items.map((n) => {
      if (!ids.has(n.id) || n.readStatus === 1) return n;
      read += 1;
      return { ...n, readStatus: 1 };
    });
    return { code: 0, data: { read, unread: this.unread() } };
  };
  count = (): Answer => ({ code: 0, data: { unread: this.unread() } });
}

/** `count` notifications with ids count…1 (newest first), unread unless `readStatus` says otherwise. */
export function many(count: number, overrides: Partial<Notification> = {}): Notification[] {
  return Array.from({ length: count }, (_, i) =>
    notification({ id: String(count - i), title: `Message ${count - i}`, ...overrides }),
  );
}

/** A rendered widget with its harness, server and socket. */
export interface RenderedNotifications extends RenderResult {
  h: Harness;
  server: NotificationServer;
  sockets: ReturnType<typeof fakeSocketFactory>;
  /** The socket pushes an unread count (inside act). */
  pushUnread(unread: number, id?: string): void;
  close(): void;
}

/** Render `<Notifications {...props}>` signed in (unless told otherwise) over `server`. */
export async function renderNotifications(
  server: NotificationServer,
  props: NotificationsProps = {},
  options: { signedIn?: boolean; list?: (body: Record<string, unknown>) => Answer } = {},
): Promise<RenderedNotifications> {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  const h = createHarness({
    handlers: {
      'waa/user/notification': options.list ?? server.list,
      'waa/user/notification/read': server.read,
      'waa/user/notification/getUnreadCount': server.count,
    },
  });
  await h.platform.ready;
  if (options.signedIn ?? true) await signInTo(h);
  const sockets = fakeSocketFactory();
  const orders = createOrders(h.platform, { socketFactory: sockets.factory });
  setOrdersForTests(h.platform, orders);
  const result = await renderOn(h, <Notifications {...props} />);
  if (sockets.sockets.length > 0) act(() => sockets.last().acceptOpen());
  return {
    ...result,
    h,
    server,
    sockets,
    pushUnread: (unread, id) =>
      act(() =>
        sockets
          .last()
          .deliver({ ordertype: 'notification', unread, ...(id ? { id, alarmType: 629012 } : {}) }),
      ),
    close: () => {
      result.unmount();
      orders.feed.close();
      h.session.close();
      h.platform.close();
      FakeIntersectionObserver.live.clear();
      vi.unstubAllGlobals();
    },
  };
}
