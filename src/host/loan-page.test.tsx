// @vitest-environment jsdom
// `/user/loan` (spec §2, brand page name `user/loan`): the route, the user menu row and the desktop dialog
// entry exist only on brands with the switch, and never on the demo account.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../core/session/session.fixture';
import { cashierOf } from './pages/account/use-account-props';
import { mockWidth, closeHosts, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));

afterEach(closeHosts);

const LOAN_ON = [{ name: 'user/loan', enable: true }];
const handlers = {
  'waa/user/notification/getUnreadCount': (): Answer => ({ code: 0, data: { unread: 0 } }),
  'waa/userLoan/checkUserLoan': (): Answer => ({ code: 0, data: { dto: null } }),
};

describe('the loan page in the host', () => {
  it('lists Loan in the mobile user menu with user/loan and opens the page from it', async () => {
    mockWidth(390);
    await startHost(getSession, { path: '/user', signedIn: true, handlers, systemConfigs: LOAN_ON });
    fireEvent.click(await screen.findByTestId('menu-loan'));
    await waitFor(() => expect(window.location.pathname).toBe('/user/loan'));
    await waitFor(() => expect(screen.getByTestId('loan-state').dataset.status).toBe('100'));
    expect(within(screen.getByTestId('loan-page')).getByRole('heading', { name: 'Loan' })).toBeTruthy();
  });

  it('hides the row on the demo account and on a brand without the switch', async () => {
    mockWidth(390);
    const host = await startHost(getSession, {
      path: '/user',
      signedIn: true,
      virtual: true,
      handlers,
      systemConfigs: LOAN_ON,
    });
    await screen.findByTestId('menu-account');
    expect(screen.queryByTestId('menu-loan')).toBeNull();
    host.close();
    cleanup();
    await startHost(getSession, { path: '/user', signedIn: true, handlers });
    await screen.findByTestId('menu-account');
    expect(screen.queryByTestId('menu-loan')).toBeNull();
  });

  it('sends /user/loan home on a brand without the switch', async () => {
    mockWidth(390);
    await startHost(getSession, { path: '/user/loan', signedIn: true, handlers });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByTestId('loan-page')).toBeNull();
  });

  it('lists Loan in the desktop account dialog with the switch, on the real account only', async () => {
    mockWidth(1440);
    const host = await startHost(getSession, {
      path: '/user/loan',
      signedIn: true,
      handlers,
      systemConfigs: LOAN_ON,
    });
    let dialog = screen.getByTestId('account-dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('link', { name: 'Loan' }).getAttribute('aria-current')).toBe('page'),
    );
    host.close();
    cleanup();
    await startHost(getSession, { path: '/user/wallet', signedIn: true, handlers });
    dialog = screen.getByTestId('account-dialog');
    await within(dialog).findByRole('link', { name: 'Wallet' });
    expect(within(dialog).queryByRole('link', { name: 'Loan' })).toBeNull();
  });

  it('gives the user menu its loan row when the build ships the page', () => {
    expect(cashierOf((name) => ['withdraw', 'loan'].includes(name))).toBe('withdraw loan');
    expect(cashierOf()).toContain('loan');
  });
});
