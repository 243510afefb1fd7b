// @vitest-environment jsdom
/** Issue #26 item 3: a refused address is said under the address field, in the catalogue's words. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressServer, renderCryptoAddresses } from './crypto-addresses.fixture';
import type { RenderedAddresses } from './crypto-addresses.fixture';

let view: RenderedAddresses | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

describe('<CryptoAddresses view="add">', () => {
  it('shows 1047 under the address with its catalogue text and stays on the form', async () => {
    const onNavigate = vi.fn();
    const server = new AddressServer([]);
    server.insert = () => ({ code: 1047, msg: 'WALLET_CAN_NOT_BE_USED' });
    view = await renderCryptoAddresses(server, { view: 'add', onNavigate });
    const coin = (await screen.findByTestId('crypto-coin')) as HTMLSelectElement;
    await waitFor(() => expect(coin.disabled).toBe(false));
    const address = screen.getByTestId('crypto-address');
    fireEvent.change(address, { target: { value: 'not-a-tron-address' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() =>
      expect(screen.getByTestId('crypto-address-error').textContent).toBe(
        'This wallet cannot be used (1047)',
      ),
    );
    expect(screen.getByTestId('crypto-address-error').getAttribute('role')).toBe('alert');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(address.getAttribute('aria-describedby')).toBe(screen.getByTestId('crypto-address-error').id);
    expect(onNavigate).not.toHaveBeenCalled();
    // Typing again clears the refusal; the next save answers afresh.
    fireEvent.change(address, { target: { value: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' } });
    expect(screen.queryByTestId('crypto-address-error')).toBeNull();
  });
});
