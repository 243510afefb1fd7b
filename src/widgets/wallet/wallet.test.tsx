// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketOrder } from '../../core/feeds/exchange-feed.fixture';
import {
  cashRecord,
  FakeIntersectionObserver,
  pageOf,
  renderWallet,
  walletBalance,
  walletRecord,
} from './wallet.fixture';
import type { RenderedWallet } from './wallet.fixture';

let view: RenderedWallet | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
  vi.useRealTimers();
});

const bodies = (path: string) => view?.h.callsTo(path).map((c) => c.body) ?? [];
const button = (name: string) => screen.getByRole('button', { name });

describe('<Wallet view="home">', () => {
  it('offers deposit, withdraw and the crypto wallet, and asks the page to open them', async () => {
    const onNavigate = vi.fn();
    view = await renderWallet({ onNavigate });
    await waitFor(() => expect(button('Deposit')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Bank card' })).toBeNull();
    fireEvent.click(button('Deposit'));
    fireEvent.click(button('Withdraw'));
    fireEvent.click(button('Crypto wallet'));
    expect(onNavigate.mock.calls.map(([d]) => d.to)).toEqual([
      '/user/deposit',
      '/user/withdraw',
      '/user/wallet/crypto',
    ]);
  });

  it('follows the brand flags: bank card with user/bankCard, no crypto wallet with NO_WALLET_WITHDRAW', async () => {
    view = await renderWallet(
      {},
      {
        systemConfigs: [
          { name: 'user/bankCard', enable: true },
          { name: 'NO_WALLET_WITHDRAW', enable: true },
        ],
      },
    );
    await waitFor(() => expect(button('Bank card')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Crypto wallet' })).toBeNull();
  });

  it('shows only the buttons of the pages the page offers', async () => {
    view = await renderWallet({ actions: 'deposit crypto' });
    await waitFor(() => expect(button('Deposit')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('lists the latest 5 trades and deposits/withdrawals with their links', async () => {
    const onNavigate = vi.fn();
    view = await renderWallet(
      { onNavigate },
      {
        handlers: {
          'waa/walletRecharge/web/rechargeStatus': (body) =>
            pageOf(
              [
                cashRecord({
                  id: '2',
                  actionType: 1,
                  payState: 'fail',
                  reason: 'address rejected',
                  withdrawUsdPrice: '200',
                  depositUsdPrice: null,
                }),
                cashRecord({ id: '1', payState: 'waiting' }),
              ],
              body,
            ),
        },
      },
    );
    await waitFor(() => expect(document.querySelectorAll('li[data-record]')).toHaveLength(2));
    expect(bodies('waa/walletRecharge/web/rechargeStatus')).toEqual([{ pageNum: 1, pageSize: 5 }]);
    expect(bodies('waa/order/query')).toEqual([
      { page: 1, limit: 5, columns: 'closingTime', positionStatus: 3 },
    ]);
    const failed = document.querySelector<HTMLElement>('li[data-record="2"]');
    expect(failed?.textContent).toContain('Reason: address rejected');
    expect(within(failed as HTMLElement).getByText('Failed').dataset.tone).toBe('danger');
    expect(screen.getByText('Waiting').dataset.tone).toBe('warning');
    const [trades, records] = screen.getAllByRole('button', { name: 'View all' });
    fireEvent.click(trades as HTMLElement);
    fireEvent.click(records as HTMLElement);
    expect(onNavigate.mock.calls.map(([d]) => d.to)).toEqual(['/history', '/user/wallet/depositList']);
  });

  it('opens a trade’s detail on the transaction list when its row is clicked', async () => {
    const onNavigate = vi.fn();
    const closed = marketOrder({ id: '7', uid: 'A 7', productName: 'Bitcoin', positionStatus: 3 });
    view = await renderWallet(
      { onNavigate },
      {
        handlers: {
          'waa/order/query': () => ({
            code: 0,
            data: { list: [closed], page: 1, pages: 1, total: 1, profitLossToday: '0', profitLossTotal: '0' },
          }),
        },
      },
    );
    await waitFor(() => expect(document.querySelector('li[data-order="A 7"]')).toBeTruthy());
    const row = document.querySelector('li[data-order="A 7"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button'));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/user/wallet/transactionList?uid=A%207' });
  });

  it('shows only the reset on the demo account', async () => {
    view = await renderWallet(
      {},
      {
        virtual: true,
        handlers: {
          'waa/virtualWallet/resetBalance': () => ({
            code: 0,
            data: { balanceAmount: '50000', lockMargin: '0' },
          }),
        },
      },
    );
    await waitFor(() => expect(button('Reset demo')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull();
    expect(bodies('waa/user/crypto/getBalance')).toEqual([]);
    fireEvent.click(button('Reset demo'));
    await waitFor(() => expect(screen.getByText('Demo balance reset')).toBeTruthy());
    expect(bodies('waa/virtualWallet/resetBalance')).toHaveLength(1);
  });

  it('asks to sign in when signed out', async () => {
    const onNavigate = vi.fn();
    view = await renderWallet({ onNavigate }, { signedIn: false });
    fireEvent.click(button('Log in'));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/login?to=/user/wallet' });
  });

  it('switches its own view when nobody routes', async () => {
    view = await renderWallet({});
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'View all' })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'View all' })[1] as HTMLElement);
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Deposits and withdrawals' })).toBeTruthy(),
    );
  });
});

describe('<Wallet view="myWallet">', () => {
  it('shows the total and each currency, with transfers on all but USD', async () => {
    view = await renderWallet({ view: 'myWallet' });
    await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toBe('32,600.00'));
    const line = (currency: string) =>
      document.querySelector<HTMLElement>(`li[data-currency="${currency}"]`) as HTMLElement;
    expect(within(line('USD')).queryByRole('button', { name: /^Transfer/ })).toBeNull();
    // Each button names its currency: a screen reader's list of buttons tells the lines apart.
    expect(within(line('USDT')).getByRole('button', { name: 'Transfer in USDT' }).textContent).toBe(
      'Transfer in',
    );
    expect(within(line('BTC')).getByRole('button', { name: 'Transfer out BTC' })).toBeTruthy();
    expect(screen.getByTestId('balance-BTC').textContent).toBe('0.5 BTC');
    expect(screen.getByTestId('balance-USD').textContent).toBe('500.00 USD');
  });

  it('polls the balances every 8 s only while the my_wallet tab shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    view = await renderWallet({ view: 'myWallet' });
    await waitFor(() => expect(bodies('waa/user/crypto/getBalance')).toHaveLength(1));
    await act(async () => vi.advanceTimersByTime(8000));
    await waitFor(() => expect(bodies('waa/user/crypto/getBalance')).toHaveLength(2));
    fireEvent.click(screen.getByRole('tab', { name: 'Wallet record' }));
    await act(async () => vi.advanceTimersByTime(16_000));
    expect(bodies('waa/user/crypto/getBalance')).toHaveLength(2);
  });

  it('quotes a transfer on every amount change, reads a leading point as 0., and submits the quote once', async () => {
    let usd = '500';
    const onTransform = vi.fn();
    view = await renderWallet(
      { view: 'myWallet' },
      {
        handlers: {
          'waa/user/crypto/getBalance': () => ({ code: 0, data: walletBalance(usd) }),
          'waa/user/crypto/transform/calculate': (body) => ({
            code: 0,
            data: {
              num: `${body.num}.0000`,
              fee: '0.0000',
              practical: `${body.num}.0000`,
              fromUnit: 'USD',
              unit: 'USDT',
              price: '1',
            },
          }),
          'waa/user/crypto/transform': (body) => {
            onTransform(body);
            usd = '495';
            return { code: 0, data: { uid: 'WT1', quote: {}, balance: walletBalance(usd) } };
          },
        },
      },
    );
    const call = vi.spyOn(view.h.platform.api, 'call');
    await waitFor(() => expect(document.querySelector('li[data-currency="USDT"]')).toBeTruthy());
    fireEvent.click(
      within(document.querySelector('li[data-currency="USDT"]') as HTMLElement).getByRole('button', {
        name: 'Transfer in USDT',
      }),
    );
    const input = screen.getByRole('textbox', { name: 'Amount (USD)' }) as HTMLInputElement;
    // The USD source balance as every USD amount shows (spec §9: 2 decimals, thousands separators).
    expect(document.body.textContent).toContain('Available: 500.00 USD');
    // Issue #26: `.5` became 5.
    fireEvent.change(input, { target: { value: '.5' } });
    expect(input.value).toBe('0.5');
    fireEvent.change(input, { target: { value: '5' } });
    await waitFor(() => expect(screen.getByTestId('transfer-practical').textContent).toBe('5.0000 USDT'));
    expect(bodies('waa/user/crypto/transform/calculate')).toEqual([
      { curr: 'USDT', currId: 1, type: 0, num: '0.5' },
      { curr: 'USDT', currId: 1, type: 0, num: '5' },
    ]);
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(screen.getByText('Currency conversion successful')).toBeTruthy());
    expect(onTransform).toHaveBeenCalledWith({
      curr: 'USDT',
      currId: 1,
      type: 0,
      num: '5.0000',
      fee: '0.0000',
      practical: '5.0000',
      unit: 'USDT',
    });
    const options = call.mock.calls.find(([endpoint]) => endpoint.path === 'waa/user/crypto/transform')?.[2];
    expect(options?.idempotencyKey).toMatch(/.{8,}/);
    await waitFor(() => expect(screen.getByTestId('balance-USD').textContent).toBe('495.00 USD'));
    expect(screen.queryByTestId('transfer-submit')).toBeNull();
  });

  it('retries a failed submission with the same key and re-quotes when the price moved', async () => {
    const answers = [
      { code: 1033, msg: 'try again later' },
      { code: 1159, msg: 'the quote changed' },
    ];
    let price = '64000';
    view = await renderWallet(
      { view: 'myWallet' },
      {
        handlers: {
          'waa/user/crypto/transform/calculate': () => ({
            code: 0,
            data: {
              num: '0.5000',
              fee: '0.0000',
              practical: String(Number(price) / 2),
              fromUnit: 'BTC',
              unit: 'USD',
              price,
            },
          }),
          'waa/user/crypto/transform': () => answers.shift() ?? { code: 0, data: {} },
        },
      },
    );
    const call = vi.spyOn(view.h.platform.api, 'call');
    await waitFor(() => expect(document.querySelector('li[data-currency="BTC"]')).toBeTruthy());
    fireEvent.click(
      within(document.querySelector('li[data-currency="BTC"]') as HTMLElement).getByRole('button', {
        name: 'Transfer out BTC',
      }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount (BTC)' }), { target: { value: '0.5' } });
    await waitFor(() => expect(screen.getByTestId('transfer-practical').textContent).toBe('32000 USD'));
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('1033'));
    fireEvent.click(screen.getByTestId('transfer-submit'));
    price = '63000';
    await waitFor(() => expect(screen.getByTestId('transfer-practical').textContent).toBe('31500 USD'));
    const keys = call.mock.calls
      .filter(([endpoint]) => endpoint.path === 'waa/user/crypto/transform')
      .map(([, , options]) => options?.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('lists wallet records with the filter, starting again at page 1 on a change', async () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      walletRecord({ id: String(12 - i), orderType: i === 0 ? 1 : 0, orderQuantity: i === 0 ? '-5' : '10' }),
    );
    view = await renderWallet(
      { view: 'myWallet' },
      {
        handlers: {
          'waa/user/crypto/order': (body) =>
            pageOf(
              body.orderType === undefined ? rows : rows.filter((r) => r.orderType === body.orderType),
              body,
            ),
        },
      },
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Wallet record' }));
    await waitFor(() => expect(document.querySelectorAll('li[data-record]')).toHaveLength(10));
    expect(document.querySelector('li[data-record="12"]')?.textContent).toContain('-5 USDT');
    await FakeIntersectionObserver.observed();
    await act(async () => FakeIntersectionObserver.reach());
    await waitFor(() => expect(document.querySelectorAll('li[data-record]')).toHaveLength(12));
    fireEvent.click(screen.getByRole('button', { name: 'Transfer out' }));
    await waitFor(() => expect(document.querySelectorAll('li[data-record]')).toHaveLength(1));
    expect(bodies('waa/user/crypto/order')).toEqual([
      { pageNum: 1, pageSize: 10 },
      { pageNum: 2, pageSize: 10 },
      { pageNum: 1, pageSize: 10, orderType: 1 },
    ]);
  });
});

describe('<Wallet view="records">', () => {
  it('filters by type and status, 10 a page', async () => {
    view = await renderWallet(
      { view: 'records' },
      {
        handlers: {
          'waa/walletRecharge/web/rechargeStatus': (body) =>
            pageOf(
              Array.from({ length: 3 }, (_, i) => cashRecord({ id: String(3 - i) })),
              body,
            ),
        },
      },
    );
    await waitFor(() => expect(document.querySelectorAll('li[data-record]')).toHaveLength(3));
    const types = screen.getByRole('group', { name: 'Type' });
    const states = screen.getByRole('group', { name: 'Status' });
    fireEvent.click(within(types).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(bodies('waa/walletRecharge/web/rechargeStatus')).toHaveLength(2));
    fireEvent.click(within(states).getByRole('button', { name: 'Waiting' }));
    await waitFor(() => expect(bodies('waa/walletRecharge/web/rechargeStatus')).toHaveLength(3));
    expect(bodies('waa/walletRecharge/web/rechargeStatus')).toEqual([
      { pageNum: 1, pageSize: 10 },
      { pageNum: 1, pageSize: 10, type: 1 },
      { pageNum: 1, pageSize: 10, type: 1, status: 'waiting' },
    ]);
    expect(within(states).getByRole('button', { name: 'Waiting' }).getAttribute('aria-pressed')).toBe('true');
  });
});
