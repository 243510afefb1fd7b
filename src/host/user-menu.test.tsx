// @vitest-environment jsdom
// The mobile user menu (`/user`, spec §2) with the cashier pages this build ships.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../core/session/session.fixture';
import { mockWidth, closeHosts, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));

afterEach(closeHosts);

const handlers = {
  'waa/user/notification/getUnreadCount': (): Answer => ({ code: 0, data: { unread: 3 } }),
};

/** The General section's rows, in order, by test id. */
const generalRows = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid^="menu-"]')]
    .map((row) => row.dataset.testid)
    .filter((id) => id !== 'menu-notification-unread');

describe('the user menu with the cashier built', () => {
  it('offers Deposit and Withdraw on the real account, each opening its page, and the wallet rows', async () => {
    mockWidth(390);
    await startHost(getSession, {
      path: '/user',
      signedIn: true,
      handlers,
      systemConfigs: [{ name: 'user/myWallet', enable: true }],
    });
    const deposit = await screen.findByTestId('balance-deposit');
    expect(screen.getByTestId('balance-withdraw')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset demo' })).toBeNull();
    expect(generalRows()).toEqual([
      'menu-account',
      'menu-my-wallet',
      'menu-wallet',
      'menu-security',
      'menu-invite',
      'menu-notification',
      'menu-service',
    ]);
    await waitFor(() => expect(screen.getByTestId('menu-notification-unread').textContent).toBe('3'));
    fireEvent.click(deposit);
    await waitFor(() => expect(window.location.pathname).toBe('/user/deposit'));
  });

  it('opens the withdraw page and the wallet from the menu', async () => {
    mockWidth(390);
    const host = await startHost(getSession, { path: '/user', signedIn: true, handlers });
    fireEvent.click(await screen.findByTestId('balance-withdraw'));
    await waitFor(() => expect(window.location.pathname).toBe('/user/withdraw'));
    host.close();
    cleanup();
    await startHost(getSession, { path: '/user', signedIn: true, handlers });
    // My wallet needs the brand switch user/myWallet.
    expect(screen.queryByTestId('menu-my-wallet')).toBeNull();
    fireEvent.click(await screen.findByTestId('menu-wallet'));
    await waitFor(() => expect(window.location.pathname).toBe('/user/wallet'));
  });

  it('offers only the demo reset on the demo account, and no wallet rows', async () => {
    mockWidth(390);
    await startHost(getSession, {
      path: '/user',
      signedIn: true,
      virtual: true,
      handlers,
      systemConfigs: [{ name: 'user/myWallet', enable: true }],
    });
    const card = await screen.findByRole('button', { name: 'Reset demo' });
    expect(card).toBeTruthy();
    expect(screen.queryByTestId('balance-deposit')).toBeNull();
    expect(screen.queryByTestId('balance-withdraw')).toBeNull();
    expect(generalRows()).toEqual([
      'menu-account',
      'menu-security',
      'menu-invite',
      'menu-notification',
      'menu-service',
    ]);
  });
});
