// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeField } from '../core/codec/field-codec';
import { fakeSocketFactory } from '../core/feeds/exchange-feed.fixture';
import type { Answer } from '../core/session/session.fixture';
import { mockWidth, closeHosts, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));

afterEach(closeHosts);

const AES_KEY = 'k'.repeat(32);
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const FLAGS_ON = [
  { name: 'user/bankCard', enable: true },
  { name: 'user/cryptoWallet', enable: true },
  { name: 'NO_WALLET_WITHDRAW', enable: false },
];

const handlers = {
  'waa/user/bank/all': (): Answer => ({
    code: 0,
    data: {
      list: [
        {
          id: '3',
          bankName: 'Barclays',
          bankCode: '',
          bankAddress: '',
          swiftCode: '',
          branchCode: '',
          bankCountry: '',
          name: encodeField('Ada', AES_KEY),
          account: encodeField('12345678', AES_KEY),
          address: '',
          postCode: '',
          idNumber: '',
          phoneNumber: '',
          accountType: '',
          insNum: '',
          traNum: '',
          accountLast4: '5678',
        },
      ],
    },
  }),
  'waa/cryptocurrency/user/wallet/all': (): Answer => ({
    code: 0,
    data: {
      list: [
        {
          walletId: '9',
          currencyId: 1,
          currencyName: 'USDT',
          protocol: 'TRC20',
          cryptocurrencyAddress: encodeField(TRON, AES_KEY),
          minWithdrawAmount: '50',
          maxWithdrawAmount: '10000000',
          logoUrl: '',
        },
      ],
      total: 1,
    },
  }),
  'waa/cryptocurrency/simple/find/all': (): Answer => ({ code: 0, data: { dtoList: [] } }),
};

const path = () => window.location.pathname + window.location.search;

describe('bank card and crypto wallet pages', () => {
  it('shows the bank cards as a mobile full page and opens the edit page of a card', async () => {
    mockWidth(390);
    await startHost(getSession, {
      path: '/user/wallet/bankCard',
      signedIn: true,
      systemConfigs: FLAGS_ON,
      handlers,
      exchangeSockets: fakeSocketFactory().factory,
    });
    const page = screen.getByTestId('bank-cards-page-list');
    await waitFor(() => expect(within(page).getByText('**** 5678')).toBeTruthy());
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    fireEvent.click(within(page).getByRole('button', { name: 'Edit Barclays 5678' }));
    expect(path()).toBe('/user/wallet/editBankCard?id=3');
    expect(screen.getByTestId('bank-cards-page-edit')).toBeTruthy();
  });

  it('goes back from the crypto list to the wallet and from addCrypto to the crypto list (spec §2)', async () => {
    mockWidth(390);
    await startHost(getSession, {
      path: '/user/wallet/addCrypto',
      signedIn: true,
      systemConfigs: FLAGS_ON,
      handlers,
      exchangeSockets: fakeSocketFactory().factory,
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })));
    expect(path()).toBe('/user/wallet/crypto');
    const list = screen.getByTestId('crypto-page-list');
    await waitFor(() => expect(within(list).getByText(TRON)).toBeTruthy());
    // Tapping an entry opens its delete page with the entry in the query.
    fireEvent.click(within(list).getByRole('button', { name: /^Delete crypto wallet/ }));
    expect(window.location.pathname).toBe('/user/wallet/deleteCrypto');
    expect(new URLSearchParams(window.location.search).get('walletId')).toBe('9');
    await waitFor(() => expect(screen.getByTestId('crypto-delete-address').textContent).toBe(TRON));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })));
    expect(path()).toBe('/user/wallet/crypto');
    // The wallet page is another engineer's route (unbuilt here it redirects home): the push names it.
    const push = vi.spyOn(window.history, 'pushState');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })));
    expect(push.mock.calls[0]?.[2]).toBe('/user/wallet');
    push.mockRestore();
  });

  it('lists Crypto wallet and Bank card in the desktop account dialog only where the brand offers them', async () => {
    mockWidth(1440);
    const host = await startHost(getSession, {
      path: '/user/wallet/addBankCard',
      signedIn: true,
      systemConfigs: FLAGS_ON,
      handlers,
      exchangeSockets: fakeSocketFactory().factory,
    });
    const dialog = screen.getByTestId('account-dialog');
    await waitFor(() => expect(within(dialog).getByRole('link', { name: 'Bank card' })).toBeTruthy());
    expect(within(dialog).getByRole('link', { name: 'Bank card' }).getAttribute('aria-current')).toBe('page');
    expect(within(dialog).getByRole('link', { name: 'Crypto wallet' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Add bank card' })).toBeTruthy();
    host.close();
    cleanup();

    await startHost(getSession, {
      path: '/user/account',
      signedIn: true,
      systemConfigs: [
        { name: 'user/bankCard', enable: false },
        { name: 'user/cryptoWallet', enable: true },
        { name: 'NO_WALLET_WITHDRAW', enable: true },
      ],
      handlers,
      exchangeSockets: fakeSocketFactory().factory,
    });
    const plain = screen.getByTestId('account-dialog');
    await waitFor(() => expect(within(plain).getByRole('link', { name: 'Notifications' })).toBeTruthy());
    expect(within(plain).queryByRole('link', { name: 'Bank card' })).toBeNull();
    expect(within(plain).queryByRole('link', { name: 'Crypto wallet' })).toBeNull();
  });

  it('sends the address of a page the brand does not offer to the wallet home (the brand matrix found it)', async () => {
    mockWidth(390);
    for (const [page, flags] of [
      ['/user/wallet/bankCard', [{ name: 'user/bankCard', enable: false }, ...FLAGS_ON.slice(1)]],
      ['/user/wallet/editBankCard?id=3', [{ name: 'user/cryptoWallet', enable: true }]],
      ['/user/wallet/crypto', [...FLAGS_ON.slice(0, 2), { name: 'NO_WALLET_WITHDRAW', enable: true }]],
      ['/user/wallet/addCrypto', [{ name: 'user/bankCard', enable: true }]],
    ] as const) {
      const host = await startHost(getSession, {
        path: page,
        signedIn: true,
        systemConfigs: [...flags],
        handlers,
        exchangeSockets: fakeSocketFactory().factory,
      });
      await waitFor(() => expect(window.location.pathname, page).toBe('/user/wallet'));
      expect(screen.queryByTestId(/^(bank-cards|crypto)-page-/)).toBeNull();
      host.close();
      cleanup();
    }
  });
});
