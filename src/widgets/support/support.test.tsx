// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SUPPORT_TEAM_NAME, type ExchangeSupportMessage } from '../../core/contract/support';
import { answeringLine } from './support-messages';
import { conversation, message, renderSupport, type RenderedSupport } from './support.fixture';

let view: RenderedSupport | undefined;
afterEach(() => {
  view?.close();
  view = undefined;
});

const rows = () =>
  [...document.querySelectorAll<HTMLElement>('[part="message"]')].map((row) => ({
    id: row.dataset.messageId ?? 'pending',
    text: row.querySelector('.tk-support__text')?.textContent ?? '',
    state: row.querySelector('[data-testid="support-state"]')?.textContent ?? null,
  }));
const box = () => screen.getByRole('textbox', { name: 'Write a message' }) as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const push = (socket: { deliver: (m: unknown) => void }, body: Omit<ExchangeSupportMessage, 'ordertype'>) =>
  act(() => socket.deliver({ ordertype: 'support', ...body }));
const calls = (path: string) => view?.h.callsTo(path).map((c) => c.body) ?? [];

describe('<Support> signed in', () => {
  it('shows the conversation oldest first, the operator by name, text as text', async () => {
    view = await renderSupport({
      server: {
        conversation: conversation({ assignedTo: 'Mia' }),
        messages: [
          message('1', { text: '<img src=x onerror=alert(1)>', readAt: 5 }),
          message('2', { from: 'operator', text: 'Hello' }),
        ],
      },
    });
    await waitFor(() => expect(rows().map((r) => r.id)).toEqual(['1', '2']));
    expect(rows()[0]).toEqual({ id: '1', text: '<img src=x onerror=alert(1)>', state: 'Read' });
    expect(document.querySelector('.tk-support__bubble img')).toBeNull();
    expect(screen.getByTestId('support-operator').textContent).toBe('Mia is answering');
    // The reply shown is a reply read.
    await waitFor(() => expect(calls('waa/support/read')).toEqual([{ upToId: '2' }]));
  });

  it('sends on Enter (sending, then sent with the server id), keeps Shift+Enter for a new line', async () => {
    view = await renderSupport({ server: { conversation: conversation() } });
    await screen.findByRole('textbox', { name: 'Write a message' });
    type('first line');
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(calls('waa/support/send')).toHaveLength(0);
    type('Where is my withdrawal?');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(rows()).toEqual([{ id: 'pending', text: 'Where is my withdrawal?', state: 'Sending…' }]);
    await waitFor(() =>
      expect(rows()).toEqual([{ id: '1', text: 'Where is my withdrawal?', state: 'Sent' }]),
    );
    const [sent] = calls('waa/support/send');
    expect(sent).toMatchObject({ text: 'Where is my withdrawal?' });
    expect(String(sent?.clientId)).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(box().value).toBe('');
  });

  it('shows a pushed reply, a read receipt and the assignment without a fetch; a push seen twice stays once', async () => {
    view = await renderSupport({ server: { conversation: conversation(), messages: [message('1')] } });
    await waitFor(() => expect(rows().map((r) => r.id)).toEqual(['1']));
    const socket = view.sockets.last();
    act(() => socket.acceptOpen());
    // The socket's first open catches up once (what came between the first fetch and the open).
    await waitFor(() => expect(calls('waa/support/conversation')).toEqual([{}, { afterId: '1' }]));
    const reply = message('2', { from: 'operator', text: 'We are on it' });
    await push(socket, { kind: 'assigned', conversation: conversation({ assignedTo: 'Ken' }) });
    await push(socket, {
      kind: 'message',
      conversation: conversation({ assignedTo: 'Ken' }),
      message: reply,
    });
    await push(socket, {
      kind: 'message',
      conversation: conversation({ assignedTo: 'Ken' }),
      message: reply,
    });
    await push(socket, { kind: 'read', conversation: conversation({ assignedTo: 'Ken' }), upToId: '1' });
    expect(rows()).toEqual([
      { id: '1', text: 'text 1', state: 'Read' },
      { id: '2', text: 'We are on it', state: null },
    ]);
    expect(screen.getByTestId('support-operator').textContent).toBe('Ken is answering');
    expect(calls('waa/support/conversation')).toHaveLength(2);
  });

  it('after a reconnect fetches after the last id and resends what failed with the same clientId', async () => {
    view = await renderSupport({ server: { conversation: conversation(), messages: [message('1')] } });
    await waitFor(() => expect(rows().map((r) => r.id)).toEqual(['1']));
    const first = view.sockets.last();
    act(() => first.acceptOpen());
    // The connection drops: the send fails and the operator's reply is not pushed.
    view.server.dropNextSend = true;
    type('are you there?');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(rows().at(-1)).toMatchObject({ id: 'pending', state: 'Not sent' }));
    expect(screen.getByRole('alert')).toBeTruthy();
    const clientId = String(calls('waa/support/send')[0]?.clientId);
    act(() => first.serverClose(1006));
    view.server.messages.push(message('2', { from: 'operator', text: 'missed reply' }));
    await waitFor(() => expect(view?.sockets.sockets.length).toBe(2), { timeout: 3000 });
    act(() => view?.sockets.last().acceptOpen());
    await waitFor(() =>
      expect(rows()).toEqual([
        { id: '1', text: 'text 1', state: 'Sent' },
        { id: '2', text: 'missed reply', state: null },
        { id: '3', text: 'are you there?', state: 'Sent' },
      ]),
    );
    expect(calls('waa/support/conversation').at(-1)).toEqual({ afterId: '1' });
    expect(calls('waa/support/send').map((b) => b.clientId)).toEqual([clientId, clientId]);
    // SJ3: delivered, the failure's alert is gone.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('catches up from the last fetched id when a send was stored while the socket was down (SJ9)', async () => {
    view = await renderSupport({ server: { conversation: conversation(), messages: [message('1')] } });
    await waitFor(() => expect(rows().map((r) => r.id)).toEqual(['1']));
    const first = view.sockets.last();
    act(() => first.acceptOpen());
    // The open's catch-up (after id 1) has answered.
    await waitFor(() => expect(calls('waa/support/conversation')).toEqual([{}, { afterId: '1' }]));
    await act(async () => {});
    // The socket drops; the operator replies (not pushed) and the trader's next send is stored after it.
    act(() => first.serverClose(1006));
    view.server.messages.push(message('2', { from: 'operator', text: 'missed reply' }));
    type('still there?');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(rows().at(-1)).toMatchObject({ id: '3', state: 'Sent' }));
    await waitFor(() => expect(view?.sockets.sockets.length).toBe(2), { timeout: 3000 });
    act(() => view?.sockets.last().acceptOpen());
    await waitFor(() => expect(rows().map((r) => r.id)).toEqual(['1', '2', '3']));
    expect(calls('waa/support/conversation').at(-1)).toEqual({ afterId: '1' });
  });

  it('says when the conversation is closed and starts a new one', async () => {
    view = await renderSupport({
      server: { conversation: conversation({ status: 'closed', closedAt: 9 }), messages: [message('1')] },
    });
    const closed = await screen.findByTestId('support-closed');
    expect(within(closed).getByText('This conversation was closed.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Write a message' })).toBeNull();
    fireEvent.click(within(closed).getByRole('button', { name: 'Start a new conversation' }));
    type('new question');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(rows()).toEqual([{ id: '2', text: 'new question', state: 'Sent' }]));
    expect(screen.queryByTestId('support-closed')).toBeNull();
  });
});

describe('<Support> for a visitor', () => {
  it('asks a contact email first, then chats over the ticketed channel', async () => {
    view = await renderSupport({ signedIn: false });
    const email = await screen.findByLabelText('Contact email');
    expect(calls('wa-na/support/visitor/conversation')).toHaveLength(1);
    fireEvent.change(email, { target: { value: 'guest@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the chat' }));
    await screen.findByRole('textbox', { name: 'Write a message' });
    expect(calls('wa-na/support/visitor/start')).toEqual([{ email: 'guest@example.com' }]);
    expect(view.h.callsTo('wa-na/support/visitor/start')[0]?.credentials).toBe('include');
    type('hello');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(rows()).toEqual([{ id: '1', text: 'hello', state: 'Sent' }]));
    // The live channel: a ticket, then a socket whose first frame is the ticket.
    await waitFor(() => expect(view?.visitorSockets.sockets.length).toBe(1));
    const socket = view.visitorSockets.last();
    expect(socket.url).toMatch(/\/support-visitor$/);
    act(() => socket.acceptOpen());
    expect(socket.sent).toEqual([JSON.stringify({ ticket: 't-1' })]);
    // The accepted ticket catches up once, from the last message the server listed: none yet (the visitor's
    // own send may have run ahead of a reply the channel never carried, SJ9), so from the start.
    act(() => socket.deliver({ ordertype: 'supportReady' }));
    await waitFor(() => expect(calls('wa-na/support/visitor/conversation')).toEqual([{}, {}]));
    await waitFor(() => expect(rows()).toEqual([{ id: '1', text: 'hello', state: 'Sent' }]));
    const started = view.server.conversation ?? conversation();
    await push(socket, {
      kind: 'message',
      conversation: started,
      message: message('2', { conversationId: started.id, from: 'operator', text: 'Hi guest' }),
    });
    expect(rows().map((r) => r.text)).toEqual(['hello', 'Hi guest']);
    expect(calls('waa/support/conversation')).toHaveLength(0);
  });
});

describe('answeringLine', () => {
  const t = (key: string, vars?: Record<string, unknown>) => (vars ? `${key}(${String(vars.name)})` : key);

  it.each([
    ['nobody yet', { status: 'open' as const, assignedTo: null }, 'support.waiting'],
    ['an operator by name', { status: 'open' as const, assignedTo: 'Mia' }, 'support.operator(Mia)'],
    [
      'the team in the page language',
      { status: 'open' as const, assignedTo: SUPPORT_TEAM_NAME },
      'support.operator(support.team)',
    ],
    ['nobody once closed', { status: 'closed' as const, assignedTo: 'Mia' }, null],
    ['the wait before any conversation', null, 'support.waiting'],
  ])('names %s', (_, conversation, line) => {
    expect(answeringLine(conversation, t)).toBe(line);
  });
});
