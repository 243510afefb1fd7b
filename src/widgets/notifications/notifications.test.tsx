// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FakeIntersectionObserver,
  NotificationServer,
  many,
  notification,
  renderNotifications,
} from './notifications.fixture';
import type { RenderedNotifications } from './notifications.fixture';

let view: RenderedNotifications | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

const listCalls = () => view?.h.callsTo('waa/user/notification').map((c) => c.body) ?? [];
const items = () => document.querySelectorAll('li[data-notification]');
const item = (id: string) => document.querySelector<HTMLElement>(`li[data-notification="${id}"]`);
async function scrollToEnd() {
  await act(async () => FakeIntersectionObserver.reach());
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
}

describe('<Notifications>', () => {
  it('shows a sign-in prompt that asks the page to go to the login route when signed out', async () => {
    const onNavigate = vi.fn();
    view = await renderNotifications(new NotificationServer([]), { onNavigate }, { signedIn: false });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/login?to=/user/notification' });
    expect(listCalls()).toHaveLength(0);
  });

  it('shows the empty state when there is nothing', async () => {
    view = await renderNotifications(new NotificationServer([]));
    await waitFor(() => expect(screen.getByText('No notifications yet')).toBeTruthy());
    expect(listCalls()).toEqual([{ page: 1, limit: 10 }]);
  });

  it('loads 10 a page while scrolled to the end and stops at the last page', async () => {
    view = await renderNotifications(new NotificationServer(many(23)));
    await waitFor(() => expect(items()).toHaveLength(10));
    await scrollToEnd();
    await waitFor(() => expect(items()).toHaveLength(20));
    await scrollToEnd();
    await waitFor(() => expect(items()).toHaveLength(23));
    await scrollToEnd();
    expect(listCalls().map((c) => c.page)).toEqual([1, 2, 3]);
    expect(screen.getByText('No more notifications')).toBeTruthy();
  });

  it('translates the title and body from the alarm code, with the payment amount for 629005 and 629006', async () => {
    view = await renderNotifications(
      new NotificationServer([
        notification({ id: '5', alarmType: 629005, actionType: 0, paymentPrice: '1250.5', title: 'x' }),
        notification({ id: '4', alarmType: 629006, actionType: 0, paymentPrice: '30.00' }),
        notification({ id: '3', alarmType: 629007, actionType: 0 }),
        notification({ id: '2', alarmType: 629021, actionType: 0 }),
        notification({ id: '1', alarmType: 629012, actionType: 4, title: 'Maintenance', content: 'Tonight' }),
      ]),
    );
    await waitFor(() => expect(items()).toHaveLength(5));
    const text = (id: string) => item(id)?.textContent ?? '';
    expect(text('5')).toContain('Withdrawal rejected');
    expect(text('5')).toContain('Your withdrawal of 1,250.50 was rejected.');
    expect(text('4')).toContain('Your deposit of 30.00 was rejected.');
    expect(text('3')).toContain('Verification rejected');
    expect(text('2')).toContain('Loan rejected');
    expect(text('1')).toContain('Maintenance');
    expect(text('1')).toContain('Tonight');
    expect(text('1')).not.toContain('New message');
  });

  it('opening an unread one shows its detail, marks it read, reloads from page 1 and lowers the count', async () => {
    view = await renderNotifications(new NotificationServer(many(12)));
    await waitFor(() => expect(screen.getByTestId('notifications-unread').textContent).toBe('12 unread'));
    await waitFor(() => expect(items()).toHaveLength(10));
    await scrollToEnd();
    await waitFor(() => expect(items()).toHaveLength(12));
    expect(item('12')?.dataset.unread).toBe('true');
    await act(async () => fireEvent.click(within(item('12') as HTMLElement).getByRole('button')));
    const dialog = await screen.findByRole('dialog', { name: 'Notification details' });
    expect(within(dialog).getByText('Message 12')).toBeTruthy();
    await waitFor(() =>
      expect(view?.h.callsTo('waa/user/notification/read').map((c) => c.body)).toEqual([{ ids: ['12'] }]),
    );
    await waitFor(() => expect(screen.getByTestId('notifications-unread').textContent).toBe('11 unread'));
    // Reloaded from page 1: the list holds the first page again, the opened one read.
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ page: 1, limit: 10 }));
    await waitFor(() => expect(items()).toHaveLength(10));
    expect(item('12')?.dataset.unread).toBeUndefined();
  });

  it('opening a read one marks nothing', async () => {
    view = await renderNotifications(
      new NotificationServer([notification({ readStatus: 1, remark: 'ref 77' })]),
    );
    await waitFor(() => expect(items()).toHaveLength(1));
    await act(async () => fireEvent.click(within(item('1') as HTMLElement).getByRole('button')));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('ref 77')).toBeTruthy();
    expect(view.h.callsTo('waa/user/notification/read')).toHaveLength(0);
    expect(screen.queryByTestId('notifications-unread')).toBeNull();
  });

  it('follows the pushed unread count and shows a new notification at the top', async () => {
    const server = new NotificationServer(many(2));
    view = await renderNotifications(server);
    await waitFor(() => expect(screen.getByTestId('notifications-unread').textContent).toBe('2 unread'));
    server.items = [notification({ id: '3', title: 'Fresh news' }), ...server.items];
    view.pushUnread(3, '3');
    await waitFor(() => expect(screen.getByTestId('notifications-unread').textContent).toBe('3 unread'));
    await waitFor(() => expect(item('3')?.textContent).toContain('Fresh news'));
  });

  it('shows a failure with a retry', async () => {
    let fail = true;
    const server = new NotificationServer(many(1));
    view = await renderNotifications(
      server,
      {},
      {
        list: (body) => (fail ? { code: 1001, msg: 'bad' } : server.list(body)),
      },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load notifications.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(items()).toHaveLength(1));
  });
});
