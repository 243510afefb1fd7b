// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeField } from '../../core/codec/field-codec';
import { AES_KEY, CardServer, renderBankCards, storedCard } from './bank-cards.fixture';
import type { RenderedCards } from './bank-cards.fixture';

const loadCodec = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/codec/load'), async (original) => {
  const real = await original();
  type Codec = Awaited<ReturnType<typeof real.loadCodec>>;
  return {
    ...real,
    loadCodec: () => (loadCodec() as Promise<Codec> | undefined) ?? real.loadCodec(),
  };
});

let view: RenderedCards | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
  loadCodec.mockReset();
});

const input = (field: string) => screen.getByTestId(`card-${field}`) as HTMLInputElement;
const type = (field: string, value: string) => fireEvent.change(input(field), { target: { value } });
const calls = (path: string) => view?.h.callsTo(`waa/user/bank/${path}`).map((c) => c.body) ?? [];

describe('<BankCards>', () => {
  it('lists each card with its bank name and only the last 4 digits of the account', async () => {
    view = await renderBankCards(
      new CardServer([storedCard(), storedCard({ id: '2', bankName: 'HSBC', account: '12345678' })]),
    );
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Barclays**** 5555Edit', 'HSBC**** 5678Edit']);
    expect(document.body.textContent).not.toContain('GB33');
  });

  it('shows the empty state and asks the page for the add view', async () => {
    const onNavigate = vi.fn();
    view = await renderBankCards(new CardServer([]), { onNavigate });
    await screen.findByText('No bank card yet');
    fireEvent.click(screen.getByRole('button', { name: 'Add bank card' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/user/wallet/addBankCard' });
  });

  it('asks for bank name, payee name and account before sending anything', async () => {
    view = await renderBankCards(new CardServer([]), { view: 'add' });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter the bank name')).toBeTruthy();
    expect(screen.getByText('Please enter the payee name')).toBeTruthy();
    expect(screen.getByText('Please enter the bank account')).toBeTruthy();
    expect(calls('insert')).toHaveLength(0);
  });

  it('adds a card with the personal fields encoded by the session key, then shows the list', async () => {
    const onNavigate = vi.fn();
    const server = new CardServer([]);
    view = await renderBankCards(server, { view: 'add', onNavigate });
    type('bankName', 'Barclays');
    type('name', 'Grace Hopper');
    type('account', 'DE89 3704 0044 0532 0130 00');
    type('idNumber', 'X123');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(calls('insert')).toHaveLength(1));
    const body = calls('insert')[0] as Record<string, string>;
    expect(JSON.stringify(body)).not.toContain('3704');
    expect(JSON.stringify(body)).not.toContain('Grace');
    expect(decodeField(body.account as string, AES_KEY)).toBe('DE89 3704 0044 0532 0130 00');
    expect(decodeField(body.name as string, AES_KEY)).toBe('Grace Hopper');
    expect(body).toMatchObject({
      bankName: 'Barclays',
      address: '',
      phoneNumber: '',
      insNum: '',
      traNum: '',
    });
    await screen.findByText('Add successful');
    expect(onNavigate).toHaveBeenLastCalledWith({ to: '/user/wallet/bankCard' });
    expect(server.cards[0]).toMatchObject({ account: 'DE89 3704 0044 0532 0130 00', idNumber: 'X123' });
  });

  it('shows the generic message and sends nothing when the codec cannot load', async () => {
    view = await renderBankCards(new CardServer([]), { view: 'add' });
    loadCodec.mockRejectedValue(new Error('chunk failed'));
    type('bankName', 'Barclays');
    type('name', 'Grace Hopper');
    type('account', '12345678');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await screen.findByText('Incorrect data, please try again later');
    expect(calls('insert')).toHaveLength(0);
  });

  it('edits a card: decodes it into the form, sends the update, says so', async () => {
    const server = new CardServer([storedCard({ id: '7' })]);
    view = await renderBankCards(server, { view: 'edit', cardId: '7' });
    await waitFor(() => expect(input('account').value).toBe('GB33 BUKB 2020 1555 5555 55'));
    expect(input('name').value).toBe('Ada Lovelace');
    expect(input('phone').value).toBe('020 7946 0958');
    expect(screen.getByTestId('card-country').textContent).toContain('GB');
    type('bankName', 'Barclays UK');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await screen.findByText('Update successful');
    expect(server.cards[0]).toMatchObject({ id: '7', bankName: 'Barclays UK', phoneNumber: '+442079460958' });
  });

  it('refuses a phone number that is not valid for its country', async () => {
    view = await renderBankCards(new CardServer([storedCard({ id: '7' })]), { view: 'edit', cardId: '7' });
    await waitFor(() => expect(input('phone').value).not.toBe(''));
    type('phone', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    expect(calls('update')).toHaveLength(0);
  });

  it('deletes a card only after the confirm drawer, then goes back to the list (its own view on a bare page)', async () => {
    const server = new CardServer([storedCard({ id: '7' })]);
    view = await renderBankCards(server, { view: 'edit', cardId: '7' });
    await waitFor(() => expect(input('account').value).not.toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const drawer = screen.getByRole('alertdialog');
    expect(drawer.textContent).toContain('Barclays ending in 5555');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    expect(calls('delete')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await act(async () => fireEvent.click(screen.getByTestId('card-delete-confirm')));
    await screen.findByText('Deleted successfully');
    expect(calls('delete')).toEqual([{ id: '7' }]);
    // No page handled tk-navigate: the widget shows its list itself.
    await screen.findByText('No bank card yet');
  });

  it('shows institution and transit numbers for a Canadian bank only', async () => {
    view = await renderBankCards(new CardServer([]), { view: 'add' });
    expect(screen.queryByTestId('card-insNum')).toBeNull();
    type('bankCountry', 'Canada');
    expect(screen.getByTestId('card-insNum')).toBeTruthy();
    expect(screen.getByTestId('card-traNum')).toBeTruthy();
  });

  it('offers nothing on a demo session and a sign-in prompt when signed out', async () => {
    view = await renderBankCards(new CardServer([storedCard()]), {}, { virtual: true });
    expect(screen.getByText('Bank cards and crypto wallets belong to the real account.')).toBeTruthy();
    expect(calls('all')).toHaveLength(0);
    view.close();
    const onNavigate = vi.fn();
    view = await renderBankCards(new CardServer([]), { onNavigate }, { signedIn: false });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onNavigate).toHaveBeenCalledWith({ to: '/login?to=/user/wallet/bankCard' });
  });
});
