// @vitest-environment jsdom
/**
 * The support inbox (issue #21, SS10, SO5–SO7) in the whole back-office app over a scripted admin API and a
 * fake page WebSocket: the boxes, opening a conversation, assign, reply, close, pushes applied once by id,
 * text shown as text, and a reconnect that re-fetches what it missed.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AdminSupportConversation,
  AdminSupportLiveEvent,
  SupportMessage,
} from '../../core/contract/support';
import { OPEN_ORDER, SUMMARY, mockFetch, okBody, operatorSession, renderApp } from '../app.fixture';
import type { Seen } from '../app.fixture';
import { RECONNECT_DELAYS_MS, applyInboxEvent, mergeMessages, supportItem } from './support.live';

/** The page's WebSocket, scripted: the test opens, pushes and drops it. */
class FakeSocket {
  static made: FakeSocket[] = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  close() {
    this.closed = true;
  }
  push(value: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(value) }));
  }
  drop(code = 1006) {
    act(() => this.onclose?.({ code }));
  }
}

const latestSocket = () => FakeSocket.made.at(-1) as FakeSocket;
/**
 * The socket the inbox opened: it opens in an effect, which React may run after the commit that a `findBy`
 * already saw (outside `act`), so the test waits for it rather than assuming it.
 */
const openedSocket = () =>
  waitFor(() => {
    expect(FakeSocket.made).toHaveLength(1);
    return latestSocket();
  });

const conversation = (over: Partial<AdminSupportConversation>): AdminSupportConversation => ({
  id: '7',
  status: 'open',
  assignedTo: null,
  mine: false,
  userUid: '12345678',
  visitorEmail: null,
  createdAt: Date.UTC(2026, 10, 30, 8),
  closedAt: null,
  lastMessageAt: Date.UTC(2026, 10, 30, 8),
  lastText: 'Where is my withdrawal?',
  unread: 1,
  ...over,
});

const message = (id: string, from: 'trader' | 'operator', text: string): SupportMessage => ({
  id,
  conversationId: '7',
  from,
  text,
  image: null,
  createdAt: Date.UTC(2026, 10, 30, 8),
  readAt: null,
  clientId: `c-${id}`,
});

const event = (
  kind: AdminSupportLiveEvent['kind'],
  c: AdminSupportConversation,
  extra: Partial<AdminSupportLiveEvent> = {},
): AdminSupportLiveEvent => ({ ordertype: 'supportInbox', kind, conversation: c, ...extra });

/** A scripted inbox: conversation 7 waits unassigned; assign, reply, read and close change it. */
function inboxRoutes() {
  let seven = conversation({});
  const messages: SupportMessage[] = [
    message('101', 'trader', 'Where is my withdrawal?'),
    message('102', 'trader', '<img src=x onerror="alert(1)"> is not HTML'),
  ];
  const box = (seen: Seen) => new URL(seen.url, 'http://x').searchParams.get('box');
  const fetched = mockFetch({
    'GET /admin/v1/operators/me': () => okBody(operatorSession(['support'], { name: 'Dana' })),
    'GET /admin/v1/support/conversations': (seen) => {
      const list = box(seen) === 'mine' ? [seven].filter((c) => c.mine && c.status === 'open') : [];
      if (box(seen) === 'unassigned' && seven.status === 'open' && seven.assignedTo === null)
        list.push(seven);
      return okBody({ list, total: list.length });
    },
    'GET /admin/v1/support/conversations/7': (seen) => {
      const after = new URL(seen.url, 'http://x').searchParams.get('afterId');
      const page = messages.filter((m) => !after || BigInt(m.id) > BigInt(after));
      return okBody({ conversation: seven, messages: page, more: false });
    },
    'POST /admin/v1/support/conversations/7/assign': () => {
      seven = { ...seven, assignedTo: 'Dana', mine: true };
      return okBody({ conversation: seven });
    },
    'POST /admin/v1/support/conversations/7/read': () => okBody({ read: 2 }),
    'POST /admin/v1/support/conversations/7/reply': (seen) => {
      const stored = message('103', 'operator', String((seen.body as { text: string }).text));
      messages.push(stored);
      return okBody({ message: stored });
    },
    'POST /admin/v1/support/conversations/7/close': () => {
      seven = { ...seven, status: 'closed', closedAt: Date.now() };
      return okBody({ conversation: seven });
    },
    'GET /admin/v1/users/12345678/summary': () => okBody(SUMMARY),
    'GET /admin/v1/users/12345678/positions': () => okBody({ orders: [OPEN_ORDER], options: [] }),
  });
  return { ...fetched, messages, current: () => seven };
}

beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

const chatTexts = () => within(screen.getByTestId('bo-chat')).getAllByTestId('bo-chat-message');
const callsTo = (calls: Seen[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.split('?')[0] === path);

describe('support inbox', () => {
  it('goes live, lists, opens, assigns, replies, shows each pushed message once and closes', async () => {
    const api = inboxRoutes();
    vi.stubGlobal('fetch', api.impl);
    renderApp(api.impl);
    expect(await screen.findByTestId('bo-queue-support')).toBeTruthy();
    const live = screen.getByTestId('bo-support-live');
    expect(live.textContent).toBe('Connecting…');
    expect((await openedSocket()).url).toBe(`ws://${window.location.host}/admin/v1/support/live`);

    // The channel says it is live: the list is loaded again, both boxes.
    await screen.findByTestId('bo-queue-item');
    const listCalls = callsTo(api.calls, 'GET', '/admin/v1/support/conversations').length;
    latestSocket().push({ ordertype: 'supportInboxReady' });
    expect(live.textContent).toBe('Live');
    await waitFor(() =>
      expect(callsTo(api.calls, 'GET', '/admin/v1/support/conversations').length).toBe(listCalls + 2),
    );
    expect(api.calls.map((c) => c.url)).toContain('/admin/v1/support/conversations?box=mine');
    expect(api.calls.map((c) => c.url)).toContain('/admin/v1/support/conversations?box=unassigned');

    // A new conversation arrives live, once however often it is pushed; another operator's leaves the list.
    const eight = conversation({
      id: '8',
      lastText: 'Hello from a visitor',
      userUid: null,
      visitorEmail: 'v@x.io',
    });
    latestSocket().push(
      event('message', eight, { message: { ...message('201', 'trader', 'Hello'), conversationId: '8' } }),
    );
    latestSocket().push(event('message', eight));
    await waitFor(() => expect(screen.getAllByTestId('bo-queue-item')).toHaveLength(2));
    expect(screen.getAllByTestId('bo-queue-item')[1]?.textContent).toContain('Hello from a visitor');
    latestSocket().push(event('assigned', { ...eight, assignedTo: 'Bob', mine: false }));
    await waitFor(() => expect(screen.getAllByTestId('bo-queue-item')).toHaveLength(1));

    // Open conversation 7: its messages, as text (no element made of the trader's text).
    fireEvent.click(screen.getByTestId('bo-queue-item'));
    await waitFor(() => expect(chatTexts()).toHaveLength(2));
    expect(chatTexts()[1]?.textContent).toContain('<img src=x onerror="alert(1)"> is not HTML');
    expect(screen.getByTestId('bo-chat').querySelector('img')).toBeNull();
    expect(screen.getByText('Assign the conversation to yourself to reply.')).toBeTruthy();
    expect(screen.queryByTestId('bo-chat-input')).toBeNull();

    // Assign (offered while nobody has it): the list is loaded again and the conversation is mine.
    fireEvent.click(screen.getByTestId('bo-assign'));
    fireEvent.click(await screen.findByTestId('bo-confirm'));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', '/admin/v1/support/conversations/7/assign')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.getByTestId('bo-queue-item').textContent).toContain('●'));
    fireEvent.click(screen.getByTestId('bo-queue-item'));
    await waitFor(() => expect(chatTexts()).toHaveLength(2));
    // Taken: no second assign offered, close is; the side panel asks only what the support role may read.
    expect(screen.queryByTestId('bo-assign')).toBeNull();
    expect(screen.getByTestId('bo-close')).toBeTruthy();
    expect(api.calls.filter((c) => c.url.includes('/ledger'))).toEqual([]);
    // The trader's messages shown on the caller's own conversation are marked read, up to the newest.
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', '/admin/v1/support/conversations/7/read').map((c) => c.body)).toEqual(
        [{ upToId: '102' }],
      ),
    );
    // The operator opened it: that mark is their activity (no background header, SEC13).
    expect(
      callsTo(api.calls, 'POST', '/admin/v1/support/conversations/7/read')[0]?.headers,
    ).not.toHaveProperty('x-tk-background');

    // Reply: shown from the answer, and once more pushed it stays one row.
    fireEvent.change(screen.getByTestId('bo-chat-input'), { target: { value: 'We are on it' } });
    fireEvent.click(screen.getByTestId('bo-chat-send'));
    await waitFor(() => expect(chatTexts()).toHaveLength(3));
    const reply = callsTo(api.calls, 'POST', '/admin/v1/support/conversations/7/reply')[0];
    expect(reply?.body).toMatchObject({ text: 'We are on it', clientId: expect.any(String) });
    expect(reply?.headers['x-tk-backoffice']).toBe('1');
    const mine = api.current();
    latestSocket().push(event('message', mine, { message: api.messages[2] }));
    expect(chatTexts()).toHaveLength(3);

    // The trader writes and reads: one new row however often it is pushed, and the reply reads as read.
    const next = message('104', 'trader', 'Thanks!');
    latestSocket().push(event('message', { ...mine, lastText: 'Thanks!' }, { message: next }));
    latestSocket().push(event('message', { ...mine, lastText: 'Thanks!' }, { message: next }));
    expect(chatTexts()).toHaveLength(4);
    expect(chatTexts()[3]?.textContent).toContain('Thanks!');
    // A pushed message is marked read by the page itself: admitted, but no activity of the operator's (SEC13).
    await waitFor(() =>
      expect(
        callsTo(api.calls, 'POST', '/admin/v1/support/conversations/7/read').map((c) => [
          c.body,
          c.headers['x-tk-background'],
        ]),
      ).toEqual([
        [{ upToId: '102' }, undefined],
        [{ upToId: '104' }, '1'],
      ]),
    );
    latestSocket().push(event('read', mine, { reader: 'trader', upToId: '103' }));
    expect(chatTexts()[2]?.textContent).toContain('read');

    // Close: the conversation leaves the inbox.
    fireEvent.click(screen.getByTestId('bo-close'));
    fireEvent.click(await screen.findByTestId('bo-confirm'));
    await waitFor(() => expect(screen.queryAllByTestId('bo-queue-item')).toHaveLength(0));
    expect(callsTo(api.calls, 'POST', '/admin/v1/support/conversations/7/close')).toHaveLength(1);
  });

  it('reconnects with back-off after a drop and fetches what came meanwhile, shown once', async () => {
    const api = inboxRoutes();
    vi.stubGlobal('fetch', api.impl);
    renderApp(api.impl);
    await screen.findByTestId('bo-queue-item');
    latestSocket().push({ ordertype: 'supportInboxReady' });
    fireEvent.click(screen.getByTestId('bo-queue-item'));
    await waitFor(() => expect(chatTexts()).toHaveLength(2));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const first = latestSocket();
    first.drop();
    expect(screen.getByTestId('bo-support-live').textContent).toBe('Reconnecting…');
    act(() => vi.advanceTimersByTime((RECONNECT_DELAYS_MS[0] as number) - 1));
    expect(FakeSocket.made).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.made).toHaveLength(2);
    vi.useRealTimers();

    // Meanwhile the trader wrote: the reconnect re-fetches after the last message shown.
    api.messages.push(message('105', 'trader', 'Are you there?'));
    latestSocket().push({ ordertype: 'supportInboxReady' });
    expect(screen.getByTestId('bo-support-live').textContent).toBe('Live');
    await waitFor(() => expect(chatTexts()).toHaveLength(3));
    expect(api.calls.map((c) => c.url)).toContain('/admin/v1/support/conversations/7?afterId=102');
    // The fetch after the reconnect, and marking what it brought read, are the page's doing (SEC13).
    const refetch = api.calls.find((c) => c.url === '/admin/v1/support/conversations/7?afterId=102');
    expect(refetch?.headers['x-tk-background']).toBe('1');
    // The same message pushed as well stays one row.
    latestSocket().push(event('message', api.current(), { message: api.messages[2] }));
    expect(chatTexts()).toHaveLength(3);
  });

  it('ends the session when the server closes the channel for it (4402)', async () => {
    const api = inboxRoutes();
    vi.stubGlobal('fetch', api.impl);
    renderApp(api.impl);
    await screen.findByTestId('bo-queue-support');
    (await openedSocket()).drop(4402);
    expect(await screen.findByTestId('bo-email')).toBeTruthy();
    expect(FakeSocket.made).toHaveLength(1);
  });
});

describe('live rules', () => {
  it('keeps mine first (latest first), then unassigned (oldest first), each once; drops others’ and closed', () => {
    const a = supportItem(conversation({ id: '9', mine: true, assignedTo: 'Dana', lastMessageAt: 5 }));
    const b = supportItem(conversation({ id: '3' }));
    let items = [a, b];
    items = applyInboxEvent(
      items,
      event('message', conversation({ id: '10', mine: true, assignedTo: 'Dana', lastMessageAt: 9 })),
    );
    items = applyInboxEvent(items, event('message', conversation({ id: '2' })));
    expect(items.map((i) => i.id)).toEqual(['10', '9', '2', '3']);
    items = applyInboxEvent(items, event('assigned', conversation({ id: '2', assignedTo: 'Bob' })));
    items = applyInboxEvent(items, event('closed', conversation({ id: '9', status: 'closed', mine: true })));
    expect(items.map((i) => i.id)).toEqual(['10', '3']);
  });

  it('merges messages by id in id order (ids past 2^53 too), keeping a known read time', () => {
    const big = (id: string) => message(id, 'trader', id);
    const merged = mergeMessages(
      [big('9007199254740993'), { ...big('12'), readAt: 5 }],
      [big('12'), big('9')],
    );
    expect(merged.map((m) => [m.id, m.readAt])).toEqual([
      ['9', null],
      ['12', 5],
      ['9007199254740993', null],
    ]);
  });
});
