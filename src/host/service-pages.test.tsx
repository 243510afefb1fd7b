// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../core/session/session.fixture';
import { fakeSocketFactory } from '../core/feeds/exchange-feed.fixture';
import { navigate } from './routing/history';
import { FLOAT_POSITION_KEY } from './shells/desktop/support-float';
import { mockWidth, startHost } from './session/host-app.fixture';

const getSession = vi.hoisted(() => vi.fn());
vi.mock(import('../core/session/session'), async (original) => ({ ...(await original()), getSession }));

let close: (() => void) | undefined;
afterEach(() => {
  close?.();
  close = undefined;
  cleanup();
  window.localStorage.removeItem(FLOAT_POSITION_KEY);
});

const OWN_CHAT = 'https://platform.test/support/chat';
const handlers: Record<string, () => Answer> = {
  'wa-na/getCustomerLink': () => ({
    code: 0,
    data: `1|[{"name":"online","url":"${OWN_CHAT}"},{"name":"telegram","url":"https://t.me/desk"}]`,
  }),
  'wa-na/support/visitor/conversation': () => ({ code: 1002, msg: 'no visitor' }),
  'waa/support/conversation': () => ({ code: 0, data: { conversation: null, messages: [], more: false } }),
};

async function start(at: string, signedIn: boolean) {
  const host = await startHost(getSession, {
    path: at,
    signedIn,
    handlers,
    exchangeSockets: fakeSocketFactory().factory,
  });
  close = host.close;
  return host;
}

describe('/user/service', () => {
  it('shows a visitor a card per channel; Telegram opens in a tab, the online card the chat', async () => {
    mockWidth(390);
    await start('/user/service', false);
    const page = await screen.findByTestId('service-page');
    const cards = await within(page).findAllByRole('listitem');
    expect(cards.map((card) => card.dataset.channel)).toEqual(['online', 'telegram', 'email']);
    expect(within(page).getByText('help@example.com')).toBeTruthy();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    try {
      fireEvent.click(within(page).getByRole('button', { name: 'Go: Telegram' }));
      expect(open).toHaveBeenCalledWith('https://t.me/desk', '_blank', 'noopener,noreferrer');
    } finally {
      open.mockRestore();
    }
    fireEvent.click(within(page).getByRole('button', { name: 'Go: Online service' }));
    // A visitor gives a contact email before the chat.
    expect(await within(page).findByLabelText('Contact email')).toBeTruthy();
    expect(window.location.pathname).toBe('/user/service');
  });

  it('opens in the desktop account dialog under its own entry and title, without the float', async () => {
    mockWidth(1440);
    await start('/user/service', true);
    const dialog = await screen.findByTestId('account-dialog');
    expect(within(dialog).getByRole('link', { name: 'Customer service' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(dialog).getByTestId('service-page')).toBeTruthy();
    // SJ1: the dialog carries the service page's title; the account's own pages keep "My account".
    expect(screen.getByRole('dialog', { name: 'Customer service' })).toBe(dialog);
    // SJ2: the page is the chat, so the float that opens the same chat is not shown on top of it.
    expect(screen.queryByTestId('support-float')).toBeNull();
    act(() => navigate('/user/account'));
    expect(await screen.findByRole('dialog', { name: 'My account' })).toBeTruthy();
    expect(screen.getByTestId('support-float')).toBeTruthy();
  });

  it('gives a visitor the service dialog under its own title, and the float is back on leaving it', async () => {
    mockWidth(1440);
    await start('/user/service', false);
    expect(await screen.findByRole('dialog', { name: 'Customer service' })).toBeTruthy();
    expect(screen.queryByTestId('support-float')).toBeNull();
    act(() => navigate('/'));
    await waitFor(() => expect(screen.queryByTestId('account-dialog')).toBeNull());
    expect(screen.getByTestId('support-float')).toBeTruthy();
  });

  it('shows the float on the trading page; it moves with the keys and opens the chat', async () => {
    mockWidth(1440);
    await start('/', true);
    const float = await screen.findByTestId('support-float');
    // The arrow keys move it, and the place is kept.
    const left = Number.parseInt(float.style.left, 10);
    fireEvent.keyDown(float, { key: 'ArrowLeft' });
    expect(Number.parseInt(float.style.left, 10)).toBe(left - 16);
    expect(JSON.parse(window.localStorage.getItem(FLOAT_POSITION_KEY) ?? 'null')).toMatchObject({
      x: left - 16,
    });
    fireEvent.click(float);
    const body = await screen.findByTestId('support-float-body');
    await waitFor(() => expect(within(body).getByRole('textbox', { name: 'Write a message' })).toBeTruthy());
    expect(within(body).getByRole('button', { name: 'Telegram' })).toBeTruthy();
    expect(within(body).getByRole('button', { name: 'Email' })).toBeTruthy();
    // SJ4: the other channels come first, above the chat.
    const buttons = within(body).getByTestId('service-channels');
    expect(buttons.compareDocumentPosition(within(body).getByTestId('support-chat'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    // SJ5: a visible close button.
    fireEvent.click(
      within(screen.getByTestId('support-float-dialog')).getByRole('button', { name: 'Close' }),
    );
    expect(screen.queryByTestId('support-float-dialog')).toBeNull();
    expect(screen.getByTestId('support-float')).toBeTruthy();
  });
});
