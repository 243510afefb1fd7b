// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../core/contract/notifications';
import { fakeSocketFactory } from '../core/feeds/exchange-feed.fixture';
import type { Answer } from '../core/session/session.fixture';
import { mockWidth, closeHosts, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));

afterEach(closeHosts);

const note = (id: string, readStatus: 0 | 1 = 0): Notification => ({
  id,
  readStatus,
  title: `Message ${id}`,
  alarmType: 629012,
  actionType: 4,
  content: `Body ${id}`,
  remark: '',
  timeStamp: Date.UTC(2026, 0, 15, 9, 30),
  paymentPrice: null,
});

/** A tiny notification server over `items` (newest first). */
function server(items: Notification[]) {
  const unread = () => items.filter((n) => n.readStatus === 0).length;
  return {
    push: (n: Notification) => items.unshift(n),
    handlers: {
      'waa/user/notification': (): Answer => ({
        code: 0,
        data: { list: items.slice(0, 10), page: 1, pages: 1, total: items.length },
      }),
      'waa/user/notification/read': (body: Record<string, unknown>): Answer => {
        const ids = body.ids as string[];
        items.forEach((n, i) => {
          if (ids.includes(n.id)) items[i] = { ...n, readStatus: 1 };
        });
        return { code: 0, data: { read: ids.length, unread: unread() } };
      },
      'waa/user/notification/getUnreadCount': (): Answer => ({ code: 0, data: { unread: unread() } }),
    },
  };
}

describe('/user/notification', () => {
  it('shows the notifications full page on mobile, with a way back and without the tab bar', async () => {
    mockWidth(390);
    await startHost(getSession, {
      path: '/user/notification',
      signedIn: true,
      handlers: server([note('2'), note('1', 1)]).handlers,
      exchangeSockets: fakeSocketFactory().factory,
    });
    const page = screen.getByTestId('notifications-page');
    await waitFor(() => expect(within(page).getByText('Message 2')).toBeTruthy());
    expect(within(page).getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('sends a visitor to login with the page as the return path', async () => {
    mockWidth(390);
    await startHost(getSession, { path: '/user/notification' });
    expect(window.location.pathname + window.location.search).toBe('/login?to=%2Fuser%2Fnotification');
  });

  it('opens in the desktop account dialog, whose Notifications item carries the live unread badge', async () => {
    mockWidth(1440);
    const fake = server([note('2'), note('1')]);
    const sockets = fakeSocketFactory();
    await startHost(getSession, {
      path: '/user/notification',
      signedIn: true,
      handlers: fake.handlers,
      exchangeSockets: sockets.factory,
    });
    const dialog = screen.getByTestId('account-dialog');
    const link = within(dialog).getByRole('link', { name: /Notifications/ });
    expect(link.getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(within(link).getByTestId('dialog-notification-unread').textContent).toBe('2'));
    await waitFor(() => expect(within(dialog).getByText('Message 2')).toBeTruthy());

    // A new notification pushed on the exchange socket: the badge follows without a reload.
    fake.push(note('3'));
    act(() => sockets.last().acceptOpen());
    act(() => sockets.last().deliver({ ordertype: 'notification', unread: 3, id: '3', alarmType: 629012 }));
    expect(within(link).getByTestId('dialog-notification-unread').textContent).toBe('3');
    await waitFor(() => expect(within(dialog).getByText('Message 3')).toBeTruthy());

    // Opening an unread one marks it read and lowers the badge.
    const row = dialog.querySelector('li[data-notification="3"]') as HTMLElement;
    await act(async () => fireEvent.click(within(row).getByRole('button')));
    await waitFor(() => expect(within(link).getByTestId('dialog-notification-unread').textContent).toBe('2'));
  });
});
