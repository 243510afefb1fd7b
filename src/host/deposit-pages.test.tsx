// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../core/session/session.fixture';
import { DRAFT_KEY } from '../widgets/deposit';
import { fakeSocketFactory } from '../core/feeds/exchange-feed.fixture';
import { navigate } from './routing/history';
import { mockWidth, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));

let close: (() => void) | undefined;
afterEach(() => {
  close?.();
  close = undefined;
  cleanup();
  window.sessionStorage.clear();
});

const handlers: Record<string, () => Answer> = {
  'waa/cryptocurrency/simple/find/all': (): Answer => ({
    code: 0,
    data: {
      dtoList: [
        {
          id: 1,
          currency: 'USDT',
          protocol: 'TRC20',
          address: 'TPlatformAddress',
          said: '',
          minWithdrawAmount: '50.00',
          maxWithdrawAmount: '10000000.00',
          logoUrl: '/coins/usdt.svg',
        },
      ],
    },
  }),
};
const path = () => window.location.pathname + window.location.search;
const DRAFT = JSON.stringify({
  v: 1,
  form: { tab: 'crypto', step: 2, coinId: 1, bankId: null, amount: '1500', agreed: false },
});

async function start(at: string, options: { virtual?: boolean; disabled?: boolean } = {}) {
  const host = await startHost(getSession, {
    path: at,
    signedIn: true,
    virtual: options.virtual ?? false,
    handlers,
    exchangeSockets: fakeSocketFactory().factory,
    ...(options.disabled ? { systemConfigs: [{ name: 'disableDeposit', enable: true }] } : {}),
  });
  close = host.close;
  return host;
}

describe('/user/deposit', () => {
  it('shows the deposit full page on mobile with the platform address and a way back', async () => {
    mockWidth(390);
    await start('/user/deposit');
    const page = screen.getByTestId('deposit-page');
    await waitFor(() => expect(within(page).getByText('TPlatformAddress')).toBeTruthy());
    expect(within(page).getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('opens in the desktop account dialog under its Deposit item', async () => {
    mockWidth(1440);
    await start('/user/deposit');
    const dialog = screen.getByTestId('account-dialog');
    expect(within(dialog).getByRole('link', { name: 'Deposit' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(within(dialog).getByText('TPlatformAddress')).toBeTruthy());
  });

  it.each([390, 1440])(
    'sends the user to customer service when the brand disables deposits, at %i px',
    async (width) => {
      mockWidth(width);
      handlers['wa-na/getCustomerLink'] = () => ({ code: 0, data: '1|["https://help.example/chat"]' });
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      try {
        await start('/user/deposit', { disabled: true });
        const page = await screen.findByTestId('deposit-by-service');
        if (width > 1000)
          expect(within(screen.getByTestId('account-dialog')).getByTestId('deposit-by-service')).toBe(page);
        expect(within(page).getByText(/arranged by customer service/)).toBeTruthy();
        expect(screen.queryByTestId('deposit-page')).toBeNull();
        const button = await within(page).findByRole('button', { name: 'Customer service' });
        fireEvent.click(button);
        expect(open).toHaveBeenCalledWith('https://help.example/chat', '_blank', 'noopener,noreferrer');
        expect(path()).toBe('/user/deposit');
      } finally {
        open.mockRestore();
        delete handlers['wa-na/getCustomerLink'];
      }
    },
  );

  it('is not offered to the demo account', async () => {
    mockWidth(390);
    await start('/user/deposit', { virtual: true });
    await waitFor(() => expect(path()).toBe('/user'));
  });
});

describe('/user/agreement', () => {
  it('shows the agreement text and leads back to the deposit with the form restored', async () => {
    mockWidth(390);
    window.sessionStorage.setItem(DRAFT_KEY, DRAFT);
    await start('/user/agreement');
    const page = screen.getByTestId('agreement-page');
    expect(within(page).getByText(/credited to your real trading account/)).toBeTruthy();
    await act(async () => fireEvent.click(within(page).getByRole('link', { name: 'Back to deposit' })));
    expect(path()).toBe('/user/deposit');
    await waitFor(() => expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('1500'));
  });

  it('shows the agreement in the body of the desktop account dialog', async () => {
    mockWidth(1440);
    await start('/user/agreement');
    const dialog = screen.getByTestId('account-dialog');
    expect(within(dialog).getByTestId('agreement-page')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Deposit agreement' })).toBeTruthy();
  });

  it('drops the kept form when the user leaves for anywhere else', async () => {
    mockWidth(390);
    window.sessionStorage.setItem(DRAFT_KEY, DRAFT);
    await start('/user/agreement');
    await act(async () => navigate('/quotation'));
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });
});
