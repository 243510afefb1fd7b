// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockWidth, closeHosts, startHost } from './host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/session/session'), async (original) => ({ ...(await original()), getSession }));

afterEach(closeHosts);

const VIRTUAL_ON = [{ name: 'VIRTUAL_CURRENCY_TRADE', enable: true }];

describe('mobile account pages', () => {
  it('sends a visitor of /user to login and back to the user menu after sign-in', async () => {
    mockWidth(390);
    const host = await startHost(getSession, { path: '/user' });
    expect(window.location.pathname + window.location.search).toBe('/login?to=%2Fuser');
    expect(screen.getByTestId('auth-page')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    await act(async () => {
      const exp = Math.floor(Date.now() / 1000) + 900;
      const { makeToken } = await import('../../core/session/session.fixture');
      await host.session.signIn({
        token: makeToken({ exp }),
        refreshToken: 'r',
        qrcodeStatus: 1,
        expiresAt: exp * 1000,
      });
    });
    await waitFor(() => expect(window.location.pathname).toBe('/user'));
    expect(within(screen.getByTestId('account-page')).getByTestId('nickname').textContent).toBe('Ada');
    // The user menu is a tab: the tab bar stays, with the User tab current.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows an account sub-page full page without the tab bar', async () => {
    mockWidth(390);
    await startHost(getSession, { path: '/user/changePassword', signedIn: true });
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });
});

describe('desktop account parts', () => {
  it('shows login as an overlay card with site name and version over the trading layout', async () => {
    mockWidth(1440);
    await startHost(getSession, { path: '/login' });
    const overlay = screen.getByTestId('auth-overlay');
    expect(within(overlay).getByText('TradeKit Demo')).toBeTruthy();
    expect(within(overlay).getByText('Version 1.152')).toBeTruthy();
    expect(screen.getByTestId('desktop-shell').querySelector('.host-trading')).toBeTruthy();
    fireEvent.click(within(overlay).getByRole('button', { name: 'Close' }));
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByTestId('auth-overlay')).toBeNull();
  });

  it('offers log in and sign up in the top bar without a session', async () => {
    mockWidth(1440);
    await startHost(getSession, { path: '/' });
    const block = screen.getByTestId('user-block');
    expect(within(block).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(within(block).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByTestId('account-switch')).toBeNull();
  });

  it('shows nickname, uid and the balance popover (total = balance + locked margin)', async () => {
    mockWidth(1440);
    await startHost(getSession, { path: '/', signedIn: true, systemConfigs: VIRTUAL_ON });
    await waitFor(() => expect(screen.getByTestId('user-nickname').textContent).toBe('Ada'));
    expect(screen.getByTestId('user-block').textContent).toContain('10000007');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Account menu' })));
    await waitFor(() => expect(screen.getByTestId('user-total').textContent).toBe('1,250.31'));
    expect(screen.getByTestId('user-available').textContent).toBe('1,000.10');
    fireEvent.click(screen.getByRole('button', { name: 'My account' }));
    expect(window.location.pathname).toBe('/user/account');
    const dialog = screen.getByTestId('account-dialog');
    expect(within(dialog).getByRole('link', { name: 'My account' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(dialog).getByLabelText('Nickname')).toBeTruthy();
  });

  it('switches to demo from the top bar after the confirm warning', async () => {
    mockWidth(1440);
    const host = await startHost(getSession, {
      path: '/',
      signedIn: true,
      systemConfigs: VIRTUAL_ON,
      handlers: {
        'waa/user/info/switch': () => ({
          code: 0,
          data: { token: 'x.eyJ2aXJ0dWFsU3RhdHVzIjoiMSIsImV4cCI6OTk5OTk5OTk5OX0.s' },
        }),
      },
    });
    const group = await screen.findByRole('radiogroup', { name: 'Account type' });
    fireEvent.click(within(group).getByRole('radio', { name: 'Demo' }));
    const dialog = screen.getByTestId('switch-dialog');
    expect(dialog.textContent).toContain('virtual funds only');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'OK' })));
    expect(host.session.getState().virtual).toBe(true);
    expect(within(group).getByRole('radio', { name: 'Demo' }).getAttribute('aria-checked')).toBe('true');
  });

  it('hides the demo/real switch when virtual trading is off', async () => {
    mockWidth(1440);
    await startHost(getSession, { path: '/', signedIn: true, systemConfigs: [] });
    await waitFor(() => expect(screen.getByTestId('user-nickname').textContent).toBe('Ada'));
    expect(screen.queryByTestId('account-switch')).toBeNull();
  });
});
