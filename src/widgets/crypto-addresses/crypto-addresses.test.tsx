// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeField } from '../../core/codec/field-codec';
import { AES_KEY, AddressServer, renderCryptoAddresses } from './crypto-addresses.fixture';
import type { RenderedAddresses } from './crypto-addresses.fixture';

const loadCodec = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/codec/load'), async (original) => {
  const real = await original();
  type Codec = Awaited<ReturnType<typeof real.loadCodec>>;
  return {
    ...real,
    loadCodec: () => (loadCodec() as Promise<Codec> | undefined) ?? real.loadCodec(),
  };
});

const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

let view: RenderedAddresses | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
  loadCodec.mockReset();
  vi.unstubAllGlobals();
});

const calls = (path: string) =>
  view?.h.callsTo(`waa/cryptocurrency/user/wallet/${path}`).map((c) => c.body) ?? [];

describe('<CryptoAddresses>', () => {
  it('lists the saved addresses decoded, asking for the whole list (page size 1000)', async () => {
    view = await renderCryptoAddresses(
      new AddressServer([
        { walletId: '1', currencyId: 1, address: TRON },
        { walletId: '2', currencyId: 3, address: BTC },
      ]),
    );
    await screen.findByText(TRON);
    expect(screen.getByText('USDT (TRC20)')).toBeTruthy();
    expect(screen.getByText('BTC')).toBeTruthy();
    expect(screen.getByText(BTC)).toBeTruthy();
    expect(calls('all')).toEqual([{ pageNum: 1, pageSize: 1000 }]);
  });

  it('copies an address and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    view = await renderCryptoAddresses(new AddressServer([{ walletId: '1', currencyId: 1, address: TRON }]));
    await screen.findByText(TRON);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: `Copy ${TRON}` })));
    expect(writeText).toHaveBeenCalledWith(TRON);
    await screen.findByText('Copied to clipboard');
  });

  it('opens the delete view of an entry with its values URL-encoded in the path', async () => {
    const onNavigate = vi.fn();
    const server = new AddressServer([{ walletId: '1', currencyId: 1, address: TRON }]);
    view = await renderCryptoAddresses(server, { onNavigate });
    await screen.findByText(TRON);
    fireEvent.click(screen.getByRole('button', { name: /^Delete crypto wallet: USDT \(TRC20\)/ }));
    const to = (onNavigate.mock.calls[0]?.[0] as { to: string }).to;
    const url = new URL(to, 'http://x');
    expect(url.pathname).toBe('/user/wallet/deleteCrypto');
    expect(url.searchParams.get('walletId')).toBe('1');
    expect(url.searchParams.get('currencyName')).toBe('USDT');
    expect(url.searchParams.get('protocol')).toBe('TRC20');
    expect(to).not.toContain(TRON);
    expect(decodeField(url.searchParams.get('cryptocurrencyAddress') ?? '', AES_KEY)).toBe(TRON);
  });

  it('requires the address, then saves it encoded for the chosen coin', async () => {
    const onNavigate = vi.fn();
    const server = new AddressServer([]);
    view = await renderCryptoAddresses(server, { view: 'add', onNavigate });
    const coin = (await screen.findByTestId('crypto-coin')) as HTMLSelectElement;
    await waitFor(() => expect(coin.disabled).toBe(false));
    expect(screen.getByText('Withdrawal 50 ~ 10000000 USDT')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter your crypto wallet address')).toBeTruthy();
    expect(calls('insert')).toHaveLength(0);
    fireEvent.change(coin, { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('crypto-address'), { target: { value: ` ${BTC} ` } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(calls('insert')).toHaveLength(1));
    const body = calls('insert')[0] as { currencyId: number; cryptocurrencyAddress: string };
    expect(body.currencyId).toBe(3);
    expect(body.cryptocurrencyAddress).not.toContain('bc1');
    expect(decodeField(body.cryptocurrencyAddress, AES_KEY)).toBe(BTC);
    await screen.findByText('Add successful');
    expect(onNavigate).toHaveBeenLastCalledWith({ to: '/user/wallet/crypto' });
  });

  it('shows the generic message and sends nothing when encoding fails', async () => {
    view = await renderCryptoAddresses(new AddressServer([]), { view: 'add' });
    await waitFor(() =>
      expect((screen.getByTestId('crypto-coin') as HTMLSelectElement).disabled).toBe(false),
    );
    loadCodec.mockRejectedValue(new Error('chunk failed'));
    fireEvent.change(screen.getByTestId('crypto-address'), { target: { value: TRON } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await screen.findByText('Incorrect data, please try again later');
    expect(calls('insert')).toHaveLength(0);
  });

  it('deletes from the delete view only after the confirm drawer, then shows the list itself on a bare page', async () => {
    const server = new AddressServer([{ walletId: '4', currencyId: 1, address: TRON }]);
    const entry = server.entry(server.saved[0] as never);
    view = await renderCryptoAddresses(server, { view: 'delete', ...entry, currencyId: '1' });
    await waitFor(() => expect(screen.getByTestId('crypto-delete-address').textContent).toBe(TRON));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const drawer = screen.getByRole('alertdialog');
    expect(drawer.textContent).toContain('The USDT (TRC20) address will be removed.');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    expect(calls('delete')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await act(async () => fireEvent.click(screen.getByTestId('crypto-delete-confirm')));
    await screen.findByText('Deleted successfully');
    expect(calls('delete')).toEqual([{ walletId: '4' }]);
    await screen.findByText('No crypto wallet yet');
  });

  it('offers nothing on a demo session', async () => {
    view = await renderCryptoAddresses(new AddressServer([]), {}, { virtual: true });
    expect(screen.getByText('Bank cards and crypto wallets belong to the real account.')).toBeTruthy();
    expect(calls('all')).toHaveLength(0);
  });
});
