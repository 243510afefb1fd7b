// @vitest-environment jsdom
// The verification pages (`/user/verified`, `/user/juniorVerified`, spec §2) on both shells: only where the
// brand offers the level, in the user menu and the desktop account dialog with the level's status.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../core/session/session.fixture';
import { mockWidth, closeHosts, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));

afterEach(closeHosts);

const BOTH = [
  { name: 'showVerified', enable: true },
  { name: 'user/juniorVerified', enable: true },
];
const handlers = {
  'waa/user/auth': (): Answer => ({
    code: 0,
    data: {
      realName: 'Ada',
      idCard: '123',
      authEmail: '',
      idType: 0,
      verifiedStatus: 1,
      cardImgFront: null,
      cardImgReverse: null,
      cardImgAvatar: null,
      reason: '',
    },
  }),
  'waa/user/first/auth': (): Answer => ({
    code: 0,
    data: { realName: 'Ada', idCard: '123', verifiedStatus: 2, reason: '' },
  }),
};

const rows = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid^="menu-"]')]
    .map((row) => row.dataset.testid)
    .filter((id) => id !== 'menu-notification-unread');

describe('the verification pages', () => {
  it('lists both levels in the user menu with their status, each opening its page', async () => {
    mockWidth(390);
    await startHost(getSession, { path: '/user', signedIn: true, handlers, systemConfigs: BOTH });
    await waitFor(() =>
      expect(screen.getByTestId('kyc-status-menu-advanced').textContent).toBe('Under review'),
    );
    await waitFor(() => expect(screen.getByTestId('kyc-status-menu-junior').textContent).toBe('Verified'));
    expect(rows()).toEqual([
      'menu-account',
      'menu-verified',
      'menu-junior-verified',
      'menu-wallet',
      'menu-security',
      'menu-invite',
      'menu-notification',
      'menu-service',
    ]);
    fireEvent.click(screen.getByTestId('menu-verified'));
    await waitFor(() => expect(window.location.pathname).toBe('/user/verified'));
    const page = await screen.findByTestId('verification-page-advanced');
    await waitFor(() => expect(within(page).getByTestId('kyc-status').textContent).toContain('Under review'));
  });

  it('opens the junior level under the brand page name user/juniorVerfiy too', async () => {
    mockWidth(390);
    await startHost(getSession, {
      path: '/user/juniorVerfiy',
      signedIn: true,
      handlers,
      systemConfigs: BOTH,
    });
    const page = await screen.findByTestId('verification-page-junior');
    await waitFor(() => expect(within(page).getByTestId('kyc-verified').textContent).toContain('Ada'));
  });

  it('offers neither the menu row nor the page of a level the brand does not offer', async () => {
    mockWidth(390);
    const systemConfigs = [{ name: 'showVerified', enable: true }];
    const host = await startHost(getSession, { path: '/user', signedIn: true, handlers, systemConfigs });
    await screen.findByTestId('menu-verified');
    expect(screen.queryByTestId('menu-junior-verified')).toBeNull();
    host.close();
    cleanup();
    await startHost(getSession, { path: '/user/juniorVerified', signedIn: true, handlers, systemConfigs });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByTestId('verification-page-junior')).toBeNull();
  });

  it('opens in the desktop account dialog, whose menu shows each offered level with its status', async () => {
    mockWidth(1440);
    await startHost(getSession, { path: '/user/verified', signedIn: true, handlers, systemConfigs: BOTH });
    const dialog = screen.getByTestId('account-dialog');
    const link = within(dialog).getByRole('link', { name: /^Verification/ });
    expect(link.getAttribute('aria-current')).toBe('page');
    await waitFor(() =>
      expect(within(dialog).getByTestId('dialog-kyc-status-verified').textContent).toBe('Under review'),
    );
    await waitFor(() =>
      expect(within(dialog).getByTestId('dialog-kyc-status-juniorVerified').textContent).toBe('Verified'),
    );
    expect(
      within(dialog)
        .getByRole('link', { name: /^Junior verification/ })
        .getAttribute('href'),
    ).toBe('/user/juniorVerified');
    expect(within(dialog).getByTestId('verification-page-advanced')).toBeTruthy();
  });
});
