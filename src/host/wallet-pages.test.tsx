// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { marketOrder, positionSummary } from '../core/feeds/exchange-feed.fixture';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../core/session/session.fixture';
import { cashierOf } from './pages/account/use-account-props';
import { walletActions } from './pages/wallet/wallet-pages';
import { mockWidth, closeHosts, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));

afterEach(closeHosts);

const page = (body: Record<string, unknown>, list: unknown[] = []): Answer => ({
  code: 0,
  data: { list, pageNum: Number(body.pageNum), pages: list.length ? 1 : 0, total: list.length },
});

const handlers = {
  'waa/user/crypto/getBalance': (): Answer => ({
    code: 0,
    data: {
      list: [
        {
          currency: 'USD',
          currencyId: 0,
          unit: 'USD',
          balance: '1000',
          usdBalance: '1000.00',
          icon: '/coins/usd.svg',
        },
        {
          currency: 'BTC',
          currencyId: 3,
          unit: 'BTC',
          balance: '0.5',
          usdBalance: '32000.00',
          icon: '/coins/btc.svg',
        },
      ],
      totalBalance: '33000.00',
    },
  }),
  'waa/walletRecharge/web/rechargeStatus': (body: Record<string, unknown>): Answer =>
    page(body, [
      {
        id: '1',
        uid: 'D1',
        actionType: 0,
        method: 'crypto',
        payPrice: '1000',
        currency: 'USDT',
        protocol: 'TRC20',
        fee: '0',
        practical: '1000',
        depositUsdPrice: '1000',
        withdrawUsdPrice: null,
        submitTimeTs: Date.UTC(2026, 0, 15),
        payState: 'waiting',
        reason: '',
      },
    ]),
  'waa/user/crypto/order': (body: Record<string, unknown>): Answer => page(body),
  'waa/order/query': (): Answer => ({
    code: 0,
    data: { list: [], page: 1, pages: 0, total: 0, profitLossToday: '0', profitLossTotal: '0' },
  }),
};

describe('the wallet routes', () => {
  it('shows the wallet home as a mobile full page with a way back and the latest records', async () => {
    mockWidth(390);
    await startHost(getSession, { path: '/user/wallet', signedIn: true, handlers });
    const wallet = screen.getByTestId('wallet-page');
    expect(within(wallet).getByRole('button', { name: 'Back' })).toBeTruthy();
    await waitFor(() => expect(within(wallet).getByText('Waiting')).toBeTruthy());
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('shows the records under both names of the transaction list (one tab away from the trades)', async () => {
    mockWidth(390);
    for (const path of ['/user/wallet/transactionList', '/user/wallet/depositList']) {
      const host = await startHost(getSession, { path, signedIn: true, handlers });
      const records = screen.getByTestId('wallet-records-page');
      // The depositList alias opens the records; the transaction list opens the trades first (AP5).
      if (path.endsWith('transactionList')) fireEvent.click(screen.getByTestId('transactions-tab-cash'));
      await waitFor(() =>
        expect(within(records).getByRole('heading', { name: 'Deposits and withdrawals' })).toBeTruthy(),
      );
      host.close();
      cleanup();
    }
  });

  it('opens the detail of the order named by uid or optionUID over the transaction list', async () => {
    const order = marketOrder({ id: '9', uid: 'M9', positionStatus: 3 });
    const withOrders = {
      ...handlers,
      'waa/order/query': (body: Record<string, unknown>): Answer => ({
        code: 0,
        data: {
          list: body.uid === 'M9' ? [order] : [],
          page: 1,
          pages: body.uid === 'M9' ? 1 : 0,
          total: body.uid === 'M9' ? 1 : 0,
          profitLossToday: '0',
          profitLossTotal: '0',
          summary: positionSummary(),
        },
      }),
      'waa/option/findOption': (): Answer => ({ code: 402, msg: 'order not found' }),
    };
    for (const width of [390, 1440]) {
      mockWidth(width);
      const host = await startHost(getSession, {
        path: '/user/wallet/transactionList?uid=M9',
        signedIn: true,
        handlers: withOrders,
      });
      const detail = await screen.findByRole('dialog', { name: 'Order details' });
      expect(within(detail).getByText('M9')).toBeTruthy();
      expect(screen.getByTestId('wallet-records-page')).toBeTruthy();
      fireEvent.click(within(detail).getByRole('button', { name: 'Close' }));
      // Closing keeps the order's list, the market trades, in view.
      await waitFor(() => expect(window.location.search).toBe('?tab=market'));
      expect(window.location.pathname).toBe('/user/wallet/transactionList');
      expect(screen.getByTestId('transactions-market')).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: 'Order details' })).toBeNull();
      host.close();
      cleanup();
    }
    mockWidth(390);
    await startHost(getSession, {
      path: '/user/wallet/depositList?optionUID=OTHER',
      signedIn: true,
      handlers: withOrders,
    });
    // The option's number opens the option trades beneath the detail, which has the alert of its own.
    const detail = await screen.findByRole('dialog', { name: 'Order details' });
    await waitFor(() =>
      expect(within(detail).getByRole('alert').textContent).toBe('No such order in this account.'),
    );
    expect(screen.getByTestId('transactions-option')).toBeTruthy();
  });

  it('opens My wallet on brands with user/myWallet, and sends the others to the wallet home', async () => {
    mockWidth(390);
    const host = await startHost(getSession, {
      path: '/user/myWallet',
      signedIn: true,
      handlers,
      systemConfigs: [{ name: 'user/myWallet', enable: true }],
    });
    await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toBe('33,000.00'));
    host.close();
    cleanup();
    await startHost(getSession, { path: '/user/myWallet', signedIn: true, handlers });
    await waitFor(() => expect(window.location.pathname).toBe('/user/wallet'));
    expect(screen.getByTestId('wallet-page')).toBeTruthy();
  });

  it('sends a visitor to login with the page as the return path', async () => {
    mockWidth(390);
    await startHost(getSession, { path: '/user/wallet' });
    expect(window.location.pathname + window.location.search).toBe('/login?to=%2Fuser%2Fwallet');
  });

  it('shows only the demo reset on the demo account', async () => {
    mockWidth(390);
    await startHost(getSession, {
      path: '/user/wallet',
      signedIn: true,
      virtual: true,
      handlers,
    });
    const wallet = screen.getByTestId('wallet-page');
    await waitFor(() => expect(within(wallet).getByRole('button', { name: 'Reset demo' })).toBeTruthy());
    expect(within(wallet).queryByText('Latest trades')).toBeNull();
  });

  it('opens in the desktop account dialog, whose menu lists the wallet pages', async () => {
    mockWidth(1440);
    await startHost(getSession, { path: '/user/wallet/depositList', signedIn: true, handlers });
    const dialog = screen.getByTestId('account-dialog');
    const link = within(dialog).getByRole('link', { name: 'Deposit and withdrawal' });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(within(dialog).getByRole('link', { name: 'Wallet' }).getAttribute('href')).toBe('/user/wallet');
    await waitFor(() =>
      expect(dialog.querySelector('li[data-record="1"][data-state="waiting"]')).toBeTruthy(),
    );
    // My wallet needs the brand switch user/myWallet.
    expect(within(dialog).queryByRole('link', { name: 'My wallet' })).toBeNull();
  });

  it('lists My wallet in the dialog with user/myWallet, and no wallet entry on the demo account', async () => {
    mockWidth(1440);
    const host = await startHost(getSession, {
      path: '/user/wallet',
      signedIn: true,
      handlers,
      systemConfigs: [{ name: 'user/myWallet', enable: true }],
    });
    let dialog = screen.getByTestId('account-dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('link', { name: 'My wallet' }).getAttribute('href')).toBe(
        '/user/myWallet',
      ),
    );
    host.close();
    cleanup();
    await startHost(getSession, { path: '/user/wallet', signedIn: true, virtual: true, handlers });
    dialog = screen.getByTestId('account-dialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Reset demo' })).toBeTruthy());
    expect(within(dialog).queryByRole('link', { name: 'Wallet' })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Deposit and withdrawal' })).toBeNull();
  });
});

describe('cashier buttons follow the pages this build ships', () => {
  it.each([
    [[], '', ''],
    [['deposit'], 'deposit', 'deposit'],
    [['deposit', 'withdraw', 'bankCard'], 'deposit withdraw', 'deposit withdraw bankCard'],
    [['crypto', 'withdraw', 'wallet', 'myWallet'], 'withdraw myWallet wallet', 'withdraw crypto'],
  ])('built %j → user menu %j, wallet home %j', (names, cashier, actions) => {
    const built = (name: string) => (names as string[]).includes(name);
    expect(cashierOf(built)).toBe(cashier);
    expect(walletActions(built)).toBe(actions);
  });
});
