// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chartEngineModule } from '../widgets/chart/chart-test.fixture';
import { btcOptionProduct } from '../widgets/option-form/option-form.fixture';
import { btcProduct } from '../widgets/order-form/order-form.fixture';
import { mockWidth, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));
vi.mock(import('../widgets/chart/chart-engine'), () => chartEngineModule());

const VIRTUAL_ON = [{ name: 'VIRTUAL_CURRENCY_TRADE', enable: true }];
const handlers = {
  'wa-na/option/findOptionsProduct': () => ({
    code: 0,
    data: { optionsProducts: [btcOptionProduct()], total: 1, pages: 1 },
  }),
  'wa-na/forex/product/list': () => ({ code: 0, data: [btcProduct()] }),
  'waa/product/order/info': () => ({ code: 0, data: btcProduct() }),
  '/market/status/BTCUSDT': () => ({ code: 0, data: 'open' }),
};
const broke = {
  ...handlers,
  'waa/user/balance': () => ({ code: 0, data: { balanceAmount: '0.00', lockMargin: '0.00' } }),
  'waa/user/info/switch': () => ({
    code: 0,
    data: { token: 'x.eyJ2aXJ0dWFsU3RhdHVzIjoiMSIsImV4cCI6OTk5OTk5OTk5OX0.s' },
  }),
};
let close: (() => void) | undefined;

beforeEach(() => {
  localStorage.clear();
  mockWidth(390);
});
afterEach(() => {
  close?.();
  close = undefined;
  cleanup();
});

const tradeButton = async (page: HTMLElement, id: string) =>
  waitFor(() => {
    const found = page.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    expect(found).not.toBeNull();
    return found as HTMLElement;
  });

describe('the trade-mode switch on phones (issue #12)', () => {
  it('switches the chart page between market and option, on the same remembered mode as desktop', async () => {
    const host = await startHost(getSession, { path: '/BTCUSDT/chart', handlers });
    close = host.close;
    const page = await screen.findByTestId('chart-page');
    const modes = within(page).getByTestId('mode-switch');
    expect(within(modes).getByRole('radio', { name: 'Contract' }).getAttribute('aria-checked')).toBe('true');
    expect((await tradeButton(page, 'buy')).textContent).toMatch(/^Buy/);
    fireEvent.click(within(modes).getByRole('radio', { name: 'Option' }));
    expect(localStorage.getItem('tradeMode')).toBe('option');
    await waitFor(async () => expect((await tradeButton(page, 'buy')).textContent).toMatch(/^Up/));
    fireEvent.click(await tradeButton(page, 'buy'));
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/BTCUSDT/placeOption?direction=0'),
    );
  });

  it('switches the position page to the running options', async () => {
    const host = await startHost(getSession, { path: '/position', signedIn: true, handlers });
    close = host.close;
    const page = await screen.findByTestId('position-page');
    fireEvent.click(within(within(page).getByTestId('mode-switch')).getByRole('radio', { name: 'Option' }));
    expect(localStorage.getItem('tradeMode')).toBe('option');
    expect(within(page).getByRole('radio', { name: 'Option' }).getAttribute('aria-checked')).toBe('true');
  });

  it('shows no switch when the brand offers one mode', async () => {
    const host = await startHost(getSession, {
      path: '/BTCUSDT/chart',
      signedIn: true,
      handlers,
      brand: { tradeModes: ['market'], defaultTradeMode: 'market' },
    });
    close = host.close;
    const page = await screen.findByTestId('chart-page');
    expect((await tradeButton(page, 'buy')).textContent).toMatch(/^Buy/);
    expect(screen.queryByTestId('mode-switch')).toBeNull();
  });

  it('shows no switch on the position page of a one-mode brand', async () => {
    const host = await startHost(getSession, {
      path: '/position',
      signedIn: true,
      handlers,
      brand: { tradeModes: ['option'], defaultTradeMode: 'option' },
    });
    close = host.close;
    await screen.findByTestId('position-page');
    expect(screen.queryByTestId('mode-switch')).toBeNull();
  });
});

describe('which account the trader is on (issue #11 item 8)', () => {
  it('badges the demo account in the chart page header, beside the product', async () => {
    const host = await startHost(getSession, {
      path: '/BTCUSDT/chart',
      signedIn: true,
      virtual: true,
      handlers,
    });
    close = host.close;
    const page = await screen.findByTestId('chart-page');
    const badge = await within(page).findByTestId('account-badge');
    expect(badge.dataset.account).toBe('demo');
    expect(badge.textContent).toBe('Demo account');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('BTCUSDT');
  });

  it('shows no badge to a visitor', async () => {
    const host = await startHost(getSession, { path: '/BTCUSDT/chart', handlers });
    close = host.close;
    await screen.findByTestId('chart-page');
    expect(screen.queryByTestId('account-badge')).toBeNull();
  });
});

describe('a real account that cannot cover the order (issue #11 item 7)', () => {
  it('offers Deposit, which opens the deposit page, and the demo account after the confirm warning', async () => {
    const host = await startHost(getSession, {
      path: '/BTCUSDT/place?direction=0',
      signedIn: true,
      systemConfigs: VIRTUAL_ON,
      handlers: broke,
    });
    close = host.close;
    const page = await screen.findByTestId('place-page');
    const deposit = await within(page).findByTestId('fund-deposit', {}, { timeout: 3000 });
    const notice = within(page).getByTestId('fund-notice');
    expect([...notice.querySelectorAll('button')].map((b) => b.dataset.testid)).toEqual([
      'fund-deposit',
      'fund-demo',
    ]);
    fireEvent.click(deposit);
    await waitFor(() => expect(window.location.pathname).toBe('/user/deposit'));
  });

  it('switches to the demo account after the confirm warning', async () => {
    const host = await startHost(getSession, {
      path: '/BTCUSDT/place?direction=0',
      signedIn: true,
      systemConfigs: VIRTUAL_ON,
      handlers: broke,
    });
    close = host.close;
    const page = await screen.findByTestId('place-page');
    fireEvent.click(await within(page).findByTestId('fund-demo', {}, { timeout: 3000 }));
    const dialog = screen.getByTestId('switch-dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'OK' })));
    expect(host.session.getState().virtual).toBe(true);
    await waitFor(() => expect(within(page).getByTestId('account-strip').dataset.account).toBe('demo'));
    // The demo account is never offered a deposit.
    expect(within(page).queryByTestId('fund-deposit')).toBeNull();
  });

  it('offers Deposit and the demo account in the option form too', async () => {
    localStorage.setItem('tradeMode', 'option');
    const host = await startHost(getSession, {
      path: '/BTCUSDT/placeOption?direction=1',
      signedIn: true,
      systemConfigs: VIRTUAL_ON,
      handlers: broke,
    });
    close = host.close;
    const page = await screen.findByTestId('place-option-page');
    fireEvent.click(await within(page).findByTestId('fund-demo', {}, { timeout: 3000 }));
    expect(screen.getByTestId('switch-dialog')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('switch-dialog')).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(page).getByTestId('fund-deposit'));
    await waitFor(() => expect(window.location.pathname).toBe('/user/deposit'));
  });

  it('offers only Deposit when the brand has no demo trading', async () => {
    const host = await startHost(getSession, {
      path: '/BTCUSDT/place?direction=0',
      signedIn: true,
      systemConfigs: [],
      handlers: broke,
    });
    close = host.close;
    const page = await screen.findByTestId('place-page');
    const notice = await within(page).findByTestId('fund-notice', {}, { timeout: 3000 });
    expect([...notice.querySelectorAll('button')].map((b) => b.dataset.testid)).toEqual(['fund-deposit']);
  });

  it('only explains when the brand disabled deposits and has no demo trading', async () => {
    const host = await startHost(getSession, {
      path: '/BTCUSDT/place?direction=0',
      signedIn: true,
      systemConfigs: [{ name: 'disableDeposit', enable: true }],
      handlers: broke,
    });
    close = host.close;
    const page = await screen.findByTestId('place-page');
    const notice = await within(page).findByTestId('fund-notice', {}, { timeout: 3000 });
    expect(notice.querySelectorAll('button')).toHaveLength(0);
  });

  it('shows the demo account no fund notice and no deposit', async () => {
    const host = await startHost(getSession, {
      path: '/BTCUSDT/place?direction=0',
      signedIn: true,
      virtual: true,
      systemConfigs: VIRTUAL_ON,
      handlers: broke,
    });
    close = host.close;
    const page = await screen.findByTestId('place-page');
    await waitFor(() => expect(within(page).getByTestId('account-strip').dataset.account).toBe('demo'));
    expect(within(page).queryByTestId('fund-notice')).toBeNull();
    expect(within(page).queryByTestId('fund-deposit')).toBeNull();
  });
});
