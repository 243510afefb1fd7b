// @vitest-environment jsdom
// Issue #26 item 6: the desktop top bar shows the account at a glance (total balance, available margin,
// Deposit) and a bell with the unread count.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeSocketFactory,
  marketOrder,
  orderMessage,
  positionSummary,
} from '../core/feeds/exchange-feed.fixture';
import type { Answer } from '../core/session/session.fixture';
import { mockWidth, closeHosts, startHost } from './session/host-app.fixture';
import type { HostOptions } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));

afterEach(closeHosts);

/** user/balance answers `balance` (locked margin 250.205) and counts the reads. */
function account(balance = '1000.10') {
  const reads = { balance: 0 };
  const handlers = {
    'waa/user/balance': (): Answer => {
      reads.balance += 1;
      return { code: 0, data: { balanceAmount: balance, lockMargin: '250.205' } };
    },
    'waa/user/notification/getUnreadCount': (): Answer => ({ code: 0, data: { unread: 3 } }),
  };
  return { reads, handlers };
}

const text = (id: string) => screen.getByTestId(id).textContent;

/** The desktop page (1440 px) of a signed-in trader whose balance is `balance`, with `options` over these. */
async function startDesktop(options: Partial<HostOptions> = {}, balance?: string) {
  mockWidth(1440);
  const sockets = fakeSocketFactory();
  const { reads, handlers } = account(balance);
  const host = await startHost(getSession, {
    path: '/',
    signedIn: true,
    handlers,
    exchangeSockets: sockets.factory,
    ...options,
  });
  return { ...host, reads, handlers, sockets };
}

describe('the desktop top bar at a glance', () => {
  it('shows total balance, available margin (balance + floating P&L) and Deposit, which opens the deposit page', async () => {
    const { sockets } = await startDesktop();
    const glance = screen.getByTestId('account-glance');
    // Total balance = balance + locked margin (spec §2), rounded half up to the cent.
    await waitFor(() => expect(text('glance-balance')).toBe('1,250.31'));
    expect(within(glance).getByText('Total balance')).toBeTruthy();
    expect(within(glance).getByText('Available margin')).toBeTruthy();
    // Without the open positions' P&L the margin is not known yet.
    expect(text('glance-available')).toBe('--');

    act(() => sockets.last().acceptOpen());
    const open = [marketOrder({ uid: 'o1', profitLoss: '-40.10' })];
    act(() =>
      sockets
        .last()
        .deliver(orderMessage('holtOrder', open, { summary: positionSummary({ profitLossSum: '-40.10' }) })),
    );
    // Available margin = net value − locked margin = balance + floating P&L (core/domain accountMargin).
    expect(text('glance-available')).toBe('960.00');

    fireEvent.click(screen.getByTestId('glance-deposit'));
    await waitFor(() => expect(window.location.pathname).toBe('/user/deposit'));
    expect(screen.getByTestId('account-dialog')).toBeTruthy();
  });

  it('reads the balance again when the socket reports an order change or a notification, not on a price push', async () => {
    const { sockets, reads, session } = await startDesktop();
    act(() => sockets.last().acceptOpen());
    act(() => sockets.last().deliver(orderMessage('holtOrder', [])));
    await waitFor(() => expect(text('glance-balance')).toBe('1,250.31'));
    // Every read so far has answered: a read of our own is the last one asked and answered.
    await act(async () => void (await session.refreshBalance()));
    const before = reads.balance;

    // A price moved: the same (no) positions with another P&L — nothing to read.
    act(() =>
      sockets
        .last()
        .deliver(orderMessage('holtOrder', [], { summary: positionSummary({ profitLossSum: '1.00' }) })),
    );
    // A position opened, then a notification (a deposit credited, say): one read each.
    act(() => sockets.last().deliver(orderMessage('holtOrder', [marketOrder({ uid: 'o2' })])));
    act(() => sockets.last().deliver({ ordertype: 'notification', unread: 4, id: '9', alarmType: 629012 }));
    expect(text('top-unread')).toBe('4');
    // The sentinel: our own read, asked after the pushes, answers after every read they asked for.
    await act(async () => void (await session.refreshBalance()));
    expect(reads.balance).toBe(before + 3);
  });

  it('shows the bell with the unread count, naming it for screen readers, and opens the notifications', async () => {
    await startDesktop();
    const bell = screen.getByTestId('top-notifications');
    await waitFor(() => expect(within(bell).getByTestId('top-unread').textContent).toBe('3'));
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 3 unread');
    fireEvent.click(bell);
    await waitFor(() => expect(window.location.pathname).toBe('/user/notification'));
    expect(screen.getByTestId('account-dialog')).toBeTruthy();
  });

  it('shows the available balance in option mode', async () => {
    await startDesktop({ brand: { defaultTradeMode: 'option', tradeModes: ['option'] } });
    await waitFor(() => expect(text('glance-available')).toBe('1,000.10'));
    expect(within(screen.getByTestId('account-glance')).getByText('Available balance')).toBeTruthy();
  });

  it('shows the demo account without Deposit, and a visitor neither figures nor bell', async () => {
    const demo = await startDesktop({ virtual: true }, '50000.00');
    await waitFor(() => expect(text('glance-balance')).toBe('50,250.21'));
    expect(screen.getByTestId('account-glance').dataset.account).toBe('demo');
    expect(screen.queryByTestId('glance-deposit')).toBeNull();
    demo.close();
    cleanup();

    await startHost(getSession, { path: '/', handlers: demo.handlers });
    expect(screen.getByTestId('user-block').textContent).toContain('Log in');
    expect(screen.queryByTestId('account-glance')).toBeNull();
    expect(screen.queryByTestId('top-notifications')).toBeNull();
  });

  it('offers no Deposit where the brand disabled deposits', async () => {
    await startDesktop({ systemConfigs: [{ name: 'disableDeposit', enable: true }] });
    await waitFor(() => expect(text('glance-balance')).toBe('1,250.31'));
    expect(screen.queryByTestId('glance-deposit')).toBeNull();
  });
});
