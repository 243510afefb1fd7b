// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import german from '../../core/i18n/locales/de/notifications.json';
import { renderOn } from '../_shared/widget-render.fixture';
import { NotificationToast } from './notification-toast';
import { Notifications } from './notifications';
import { NotificationServer, notification, renderNotifications } from './notifications.fixture';
import type { RenderedNotifications } from './notifications.fixture';

let view: RenderedNotifications | undefined;
let shown: { unmount(): void } | undefined;
afterEach(() => {
  shown?.unmount();
  shown = undefined;
  view?.close();
  view = undefined;
});

const item = (id: string) => document.querySelector<HTMLElement>(`li[data-notification="${id}"]`);
const toast = () => screen.getByTestId('notification-toast');

/** The list and the host's toast on one page, signed in, the socket open. */
async function page(items = new NotificationServer([])) {
  view = await renderNotifications(items);
  view.unmount();
  shown = await renderOn(
    view.h,
    <>
      <Notifications />
      <NotificationToast />
    </>,
  );
  const deliver = (message: Record<string, unknown>) =>
    act(() => view?.sockets.last().deliver({ ordertype: 'notification', ...message }));
  return { deliver };
}

describe('money that arrives (issue #26 item 5)', () => {
  it('is listed with a real text naming the amount and its unit', async () => {
    await page(
      new NotificationServer([
        notification({
          id: '3',
          alarmType: 729003,
          actionType: 0,
          paymentPrice: '0.002',
          paymentUnit: 'BTC',
        }),
        notification({
          id: '2',
          alarmType: 729002,
          actionType: 0,
          paymentPrice: '275.00',
          paymentUnit: 'USDT',
        }),
        notification({
          id: '1',
          alarmType: 729001,
          actionType: 0,
          paymentPrice: '1234.5',
          paymentUnit: 'USD',
        }),
      ]),
    );
    await waitFor(() => expect(item('1')).not.toBeNull());
    const text = (id: string) => item(id)?.textContent ?? '';
    expect(text('1')).toContain('Deposit credited');
    expect(text('1')).toContain('Your deposit of 1,234.50 USD has been credited.');
    expect(text('2')).toContain('Withdrawal paid');
    expect(text('2')).toContain('Your withdrawal of 275.00 USDT has been paid out.');
    expect(text('3')).toContain('Transfer completed');
    expect(text('3')).toContain('Your transfer is complete: 0.002 BTC has arrived.');
    // Never the notification's own (server) text in place of the translation.
    expect(text('1')).not.toContain('Own title');
  });

  it('is announced by a toast when its push arrives, and a read (no new notification) is not', async () => {
    const { deliver } = await page();
    expect(toast().textContent).toBe('');
    deliver({ unread: 1, id: '8', alarmType: 729001, paymentPrice: '1234.50', paymentUnit: 'USD' });
    expect(toast().textContent).toBe('Deposit credited\nYour deposit of 1,234.50 USD has been credited.');
    deliver({ unread: 0 });
    expect(toast().textContent).toBe('Deposit credited\nYour deposit of 1,234.50 USD has been credited.');
    deliver({ unread: 1, id: '9', alarmType: 729003, paymentPrice: '0.002', paymentUnit: 'BTC' });
    expect(toast().textContent).toBe('Transfer completed\nYour transfer is complete: 0.002 BTC has arrived.');
  });

  it('announces a refusal the same way, and an operator message by its code', async () => {
    const { deliver } = await page();
    deliver({ unread: 1, id: '4', alarmType: 629005, paymentPrice: '250.00' });
    expect(toast().textContent).toBe(
      'Withdrawal rejected\nYour withdrawal of 250.00 was rejected. The amount is back in your balance.',
    );
    deliver({ unread: 2, id: '5', alarmType: 629012 });
    expect(toast().textContent).toBe('New message\nYou have a new message.');
  });

  it("speaks the reader's language", async () => {
    const { deliver } = await page();
    const i18n = view!.h.platform.i18n;
    await act(async () => {
      i18n.addResourceBundle('de', 'notifications', german, true, true);
      await i18n.changeLanguage('de');
    });
    deliver({ unread: 1, id: '6', alarmType: 729002, paymentPrice: '275.00', paymentUnit: 'USDT' });
    expect(toast().textContent).toBe(
      'Auszahlung ausgeführt\nIhre Auszahlung von 275.00 USDT wurde ausgezahlt.',
    );
  });
});
