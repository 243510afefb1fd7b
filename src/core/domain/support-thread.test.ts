import { describe, expect, it } from 'vitest';
import type { SupportConversation, SupportMessage } from '../contract/support';
import {
  compareIds,
  EMPTY_THREAD,
  lastId,
  mergeMessages,
  unreadReplyUpTo,
  withFailed,
  withMessages,
  withPending,
  withPush,
  withRead,
  type PendingMessage,
  type ThreadState,
} from './support-thread';

const conv = (id = '1', patch: Partial<SupportConversation> = {}): SupportConversation => ({
  id,
  status: 'open',
  assignedTo: null,
  createdAt: 1000,
  closedAt: null,
  ...patch,
});
const msg = (id: string, patch: Partial<SupportMessage> = {}): SupportMessage => ({
  id,
  conversationId: '1',
  from: 'trader',
  text: `m${id}`,
  image: null,
  createdAt: 1000 + Number(id),
  readAt: null,
  clientId: `c${id}`,
  ...patch,
});
const pending = (clientId: string, failed = false): PendingMessage => ({
  clientId,
  text: clientId,
  imageName: null,
  createdAt: 5000,
  failed,
});
const ids = (list: readonly SupportMessage[]) => list.map((m) => m.id);

describe('compareIds', () => {
  it.each([
    ['9', '10', -1],
    ['10', '9', 1],
    ['123', '124', -1],
    ['77', '77', 0],
    ['100000000000000000', '99999999999999999', 1],
  ])('%s vs %s', (a, b, sign) => {
    expect(Math.sign(compareIds(a, b))).toBe(sign);
  });
});

describe('mergeMessages', () => {
  it.each<[string, SupportMessage[], SupportMessage[], string[]]>([
    ['appends newer', [msg('1'), msg('2')], [msg('3')], ['1', '2', '3']],
    [
      'a push seen again by the fetch after a reconnect stays once',
      [msg('1'), msg('2')],
      [msg('2'), msg('3')],
      ['1', '2', '3'],
    ],
    ['out of order pushes are sorted', [msg('5')], [msg('3'), msg('9'), msg('4')], ['3', '4', '5', '9']],
    ['ids compare as numbers, not as text', [msg('9')], [msg('10'), msg('100')], ['9', '10', '100']],
    ['doubles inside one answer stay once', [], [msg('2'), msg('2'), msg('1')], ['1', '2']],
    ['nothing new', [msg('1')], [], ['1']],
  ])('%s', (_title, known, incoming, expected) => {
    expect(ids(mergeMessages(known, incoming))).toEqual(expected);
  });

  it('keeps a read time an older copy without one would erase, and takes a newer one', () => {
    const merged = mergeMessages([msg('1', { readAt: 7 }), msg('2')], [msg('1'), msg('2', { readAt: 9 })]);
    expect(merged.map((m) => m.readAt)).toEqual([7, 9]);
  });
});

describe('withMessages', () => {
  it.each<[string, ThreadState, SupportConversation | null, SupportMessage[], string[], string[]]>([
    [
      'the stored copy of a pending message replaces it (same clientId)',
      { conversation: conv(), messages: [msg('1')], pending: [pending('c2'), pending('c9')] },
      conv(),
      [msg('2')],
      ['1', '2'],
      ['c9'],
    ],
    [
      'a resend answered with the stored message adds no row',
      { conversation: conv(), messages: [msg('1'), msg('2')], pending: [pending('c2')] },
      conv(),
      [msg('2')],
      ['1', '2'],
      [],
    ],
    [
      "an operator's message with a clientId like a pending one does not settle it",
      { conversation: conv(), messages: [], pending: [pending('c3')] },
      conv(),
      [msg('3', { from: 'operator' })],
      ['3'],
      ['c3'],
    ],
    [
      'a new conversation (the old one closed) replaces the list',
      { conversation: conv('1', { status: 'closed' }), messages: [msg('1'), msg('2')], pending: [] },
      conv('4'),
      [msg('5', { conversationId: '4' })],
      ['5'],
      [],
    ],
    [
      'a message pushed about an older conversation changes nothing',
      { conversation: conv('4'), messages: [msg('5', { conversationId: '4' })], pending: [pending('c9')] },
      conv('1', { status: 'closed' }),
      [msg('3', { conversationId: '1' })],
      ['5'],
      ['c9'],
    ],
    [
      "another conversation's message is not shown",
      { conversation: conv('4'), messages: [msg('5', { conversationId: '4' })], pending: [] },
      null,
      [msg('3', { conversationId: '1' })],
      ['5'],
      [],
    ],
  ])('%s', (_title, state, conversation, incoming, messages, stillPending) => {
    const next = withMessages(state, conversation, incoming);
    expect(ids(next.messages)).toEqual(messages);
    expect(next.pending.map((p) => p.clientId)).toEqual(stillPending);
  });
});

describe('withPush', () => {
  const base: ThreadState = {
    conversation: conv(),
    messages: [msg('1'), msg('2'), msg('3', { from: 'operator' }), msg('4')],
    pending: [],
  };
  it('adds a pushed message once, however often it comes', () => {
    const push = {
      ordertype: 'support' as const,
      kind: 'message' as const,
      conversation: conv(),
      message: msg('5', { from: 'operator' }),
    };
    const once = withPush(base, push, 0);
    expect(ids(withPush(once, push, 0).messages)).toEqual(['1', '2', '3', '4', '5']);
  });

  it("marks the trader's messages up to the receipt read, not later ones nor the operator's", () => {
    const next = withPush(
      base,
      { ordertype: 'support', kind: 'read', conversation: conv(), upToId: '2' },
      77,
    );
    expect(next.messages.map((m) => m.readAt)).toEqual([77, 77, null, null]);
  });

  it.each([
    ['assigned', conv('1', { assignedTo: 'Mia' }), 'Mia', 'open'],
    ['closed', conv('1', { status: 'closed', closedAt: 9 }), null, 'closed'],
  ] as const)('takes the conversation of an %s push', (kind, conversation, assignedTo, status) => {
    const next = withPush(base, { ordertype: 'support', kind, conversation }, 0);
    expect(next.conversation).toMatchObject({ assignedTo, status });
    expect(ids(next.messages)).toEqual(['1', '2', '3', '4']);
  });

  it('ignores a push about an older conversation than the one shown', () => {
    const state = { ...base, conversation: conv('8'), messages: [] };
    const next = withPush(
      state,
      { ordertype: 'support', kind: 'closed', conversation: conv('1', { status: 'closed' }) },
      0,
    );
    expect(next.conversation?.id).toBe('8');
    expect(next.conversation?.status).toBe('open');
  });
});

describe('pending, failed, read and cursors', () => {
  it('a pending message shows once even when written again with its clientId (a resend)', () => {
    const state = withPending(withFailed(withPending(EMPTY_THREAD, pending('a')), 'a'), pending('a'));
    expect(state.pending).toEqual([pending('a')]);
  });

  it('a failed send stays marked', () => {
    expect(withFailed(withPending(EMPTY_THREAD, pending('a')), 'a').pending[0]?.failed).toBe(true);
  });

  it.each<[string, ThreadState, string | undefined, string | null]>([
    ['empty', EMPTY_THREAD, undefined, null],
    [
      'last id and the newest unread reply',
      {
        conversation: conv(),
        messages: [msg('1', { from: 'operator' }), msg('2', { from: 'operator' }), msg('3')],
        pending: [],
      },
      '3',
      '2',
    ],
    [
      'replies already read',
      { conversation: conv(), messages: [msg('1', { from: 'operator', readAt: 5 }), msg('10')], pending: [] },
      '10',
      null,
    ],
  ])('%s', (_title, state, last, unread) => {
    expect(lastId(state)).toBe(last);
    expect(unreadReplyUpTo(state)).toBe(unread);
  });

  it("the trader's own read marks the operator's replies", () => {
    const state = { conversation: conv(), messages: [msg('1', { from: 'operator' }), msg('2')], pending: [] };
    const next = withRead(state, '2', 50, 'operator');
    expect(next.messages.map((m) => m.readAt)).toEqual([50, null]);
    expect(unreadReplyUpTo(next)).toBeNull();
  });
});
