// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHarness, makeToken, userInfo } from '../../core/session/session.fixture';
import { PlatformProvider } from '../_shared/platform-context';
import { Account } from './account';
import { renderAccount } from './account.fixture';
import type { RenderedAccount } from './account.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/session/session'), async (original) => ({ ...(await original()), getSession }));

let view: RenderedAccount | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

describe('<Account view="menu">', () => {
  it('shows the profile, total = balance + locked margin, available = balance and the version line', async () => {
    view = await renderAccount(
      getSession,
      { view: 'menu' },
      {
        handlers: {
          'waa/user/balance': () => ({ code: 0, data: { balanceAmount: '1000.10', lockMargin: '250.205' } }),
        },
      },
    );
    expect(screen.getByTestId('nickname').textContent).toBe('Ada');
    expect(screen.getByTestId('uid').textContent).toBe('10000007');
    await waitFor(() => expect(screen.getByTestId('balance-total').textContent).toBe('1,250.31'));
    expect(screen.getByText('1,000.10')).toBeTruthy();
    expect(screen.getByText('Version 1.152')).toBeTruthy();
    // Deposit and withdraw pages do not exist yet: no dead buttons.
    expect(screen.queryByRole('button', { name: /deposit|withdraw/i })).toBeNull();
  });

  it('mounted while the session loads the user, shares that answer instead of asking again (EK67)', async () => {
    let release: () => void = () => undefined;
    const h = createHarness({
      handlers: {
        'waa/user/info': () => new Promise((done) => (release = () => done({ code: 0, data: userInfo() }))),
      },
    });
    getSession.mockReturnValue(h.session);
    await h.platform.ready;
    const exp = Math.floor(Date.now() / 1000) + 900;
    const signingIn = h.session.signIn({
      token: makeToken({ exp }),
      refreshToken: 'r-1',
      qrcodeStatus: 1,
      expiresAt: exp * 1000,
    });
    await waitFor(() => expect(h.callsTo('waa/user/info')).toHaveLength(1));
    const { unmount } = render(
      <PlatformProvider platform={h.platform}>
        <Account view="menu" />
      </PlatformProvider>,
    );
    try {
      await act(async () => {
        release();
        await signingIn;
      });
      expect((await screen.findByTestId('nickname')).textContent).toBe('Ada');
      expect(h.callsTo('waa/user/info')).toHaveLength(1);
    } finally {
      unmount();
      h.session.close();
      h.platform.close();
    }
  });

  it('reloads the balance with the refresh button', async () => {
    view = await renderAccount(getSession, { view: 'menu' });
    const before = view.h.callsTo('waa/user/balance').length;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh balance' })));
    expect(view.h.callsTo('waa/user/balance').length).toBe(before + 1);
  });

  it('copies the invite code with the copied notice', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    view = await renderAccount(getSession, { view: 'menu' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy INV7' })));
    expect(writeText).toHaveBeenCalledWith('INV7');
    expect(screen.getByRole('status').textContent).toBe('Copied to clipboard');
  });

  it('switches to the demo account after the confirm warning and reports it', async () => {
    const onAccountSwitch = vi.fn();
    view = await renderAccount(
      getSession,
      { view: 'menu', onAccountSwitch },
      {
        handlers: {
          'waa/user/info/switch': () => ({
            code: 0,
            data: { token: 'x.eyJ2aXJ0dWFsU3RhdHVzIjoiMSIsImV4cCI6OTk5OTk5OTk5OX0.s' },
          }),
        },
      },
    );
    fireEvent.click(screen.getByTestId('menu-switch'));
    const drawer = screen.getByRole('dialog', { name: 'Switch to demo account' });
    expect(within(drawer).getByText(/virtual funds only/)).toBeTruthy();
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'OK' })));
    expect(view.h.callsTo('waa/user/info/switch')).toHaveLength(1);
    expect(onAccountSwitch).toHaveBeenCalledWith({ virtual: true });
    expect(view.h.session.getState().virtual).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Now using the demo account');
  });

  it('hides the account switch when the brand has virtual trading off', async () => {
    view = await renderAccount(getSession, { view: 'menu' }, { systemConfigs: [] });
    expect(screen.queryByTestId('menu-switch')).toBeNull();
  });

  it('offers reset demo on the demo account only, after a confirmation', async () => {
    view = await renderAccount(
      getSession,
      { view: 'menu' },
      {
        virtual: true,
        handlers: { 'waa/virtualWallet/resetBalance': () => ({ code: 0, data: null }) },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset demo' }));
    const drawer = screen.getByRole('dialog', { name: 'Reset demo' });
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: 'Reset demo' })));
    expect(view.h.callsTo('waa/virtualWallet/resetBalance')).toHaveLength(1);
  });

  it('shows the deposit and withdraw buttons the page has on a real account, which ask for their pages', async () => {
    const onNavigate = vi.fn();
    view = await renderAccount(getSession, { view: 'menu', cashier: 'withdraw deposit', onNavigate });
    const card = screen.getByRole('region', { name: 'Total balance' });
    fireEvent.click(within(card).getByRole('button', { name: 'Deposit' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Withdraw' }));
    expect(onNavigate.mock.calls.map(([d]) => d.to)).toEqual(['/user/deposit', '/user/withdraw']);
    expect(within(card).queryByRole('button', { name: 'Reset demo' })).toBeNull();
  });

  it('shows only the cashier buttons whose pages exist, and none on the demo account', async () => {
    view = await renderAccount(getSession, { view: 'menu', cashier: 'deposit' });
    expect(screen.getByTestId('balance-deposit')).toBeTruthy();
    expect(screen.queryByTestId('balance-withdraw')).toBeNull();
    view.close();
    view = await renderAccount(getSession, { view: 'menu', cashier: 'deposit withdraw' }, { virtual: true });
    expect(screen.queryByTestId('balance-deposit')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset demo' })).toBeTruthy();
  });

  it('lists the wallet rows the page has: my wallet only with user/myWallet, none on the demo account', async () => {
    const onNavigate = vi.fn();
    view = await renderAccount(
      getSession,
      { view: 'menu', cashier: 'wallet myWallet', onNavigate },
      { systemConfigs: [{ name: 'user/myWallet', enable: true }] },
    );
    fireEvent.click(screen.getByTestId('menu-my-wallet'));
    fireEvent.click(screen.getByTestId('menu-wallet'));
    expect(onNavigate.mock.calls.map(([d]) => d.to)).toEqual(['/user/myWallet', '/user/wallet']);
    view.close();
    view = await renderAccount(
      getSession,
      { view: 'menu', cashier: 'wallet myWallet' },
      { systemConfigs: [] },
    );
    expect(screen.queryByTestId('menu-my-wallet')).toBeNull();
    expect(screen.getByTestId('menu-wallet')).toBeTruthy();
    view.close();
    view = await renderAccount(getSession, { view: 'menu', cashier: 'wallet' }, { virtual: true });
    expect(screen.queryByTestId('menu-wallet')).toBeNull();
  });

  it('asks the page to route and to apply the display choices', async () => {
    const onNavigate = vi.fn();
    const onPreferencesChange = vi.fn();
    view = await renderAccount(getSession, { view: 'menu', theme: 'light', onNavigate, onPreferencesChange });
    fireEvent.click(screen.getByTestId('menu-account'));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/user/account' });
    fireEvent.click(screen.getByRole('switch', { name: 'Dark' }));
    expect(onPreferencesChange).toHaveBeenCalledWith({ theme: 'dark' });
    fireEvent.click(screen.getByRole('button', { name: /Language/ }));
    fireEvent.click(screen.getByRole('radio', { name: '日本語' }));
    expect(onPreferencesChange).toHaveBeenCalledWith({ language: 'ja' });
  });

  it('shows the unread notification count on the Notification row, which opens /user/notification', async () => {
    const onNavigate = vi.fn();
    view = await renderAccount(
      getSession,
      { view: 'menu', onNavigate },
      { handlers: { 'waa/user/notification/getUnreadCount': () => ({ code: 0, data: { unread: 3 } }) } },
    );
    await waitFor(() => expect(screen.getByTestId('menu-notification-unread').textContent).toBe('3'));
    expect(screen.getByTestId('menu-notification-unread').getAttribute('aria-label')).toBe('3 unread');
    fireEvent.click(screen.getByTestId('menu-notification'));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/user/notification' });
  });

  it('shows no badge when nothing is unread', async () => {
    view = await renderAccount(
      getSession,
      { view: 'menu' },
      { handlers: { 'waa/user/notification/getUnreadCount': () => ({ code: 0, data: { unread: 0 } }) } },
    );
    await waitFor(() => expect(view?.h.callsTo('waa/user/notification/getUnreadCount')).toHaveLength(1));
    expect(screen.getByTestId('menu-notification').textContent).toContain('Notifications');
    expect(screen.queryByTestId('menu-notification-unread')).toBeNull();
  });

  it('switches its own view when no page routes', async () => {
    view = await renderAccount(getSession, { view: 'menu' });
    fireEvent.click(screen.getByTestId('menu-security'));
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
  });
});

describe('<Account> signed out', () => {
  it('asks to sign in with the page as the return path', async () => {
    const onNavigate = vi.fn();
    view = await renderAccount(getSession, { view: 'account', onNavigate }, { signedIn: false });
    expect(screen.getByText('Please login first')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/login?to=%2Fuser%2Faccount' });
  });
});
