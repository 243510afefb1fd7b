/**
 * The trader's side of a live-support conversation as pure data: the stored messages (from a fetch or a push,
 * in any order, any number of times) merged into one list by id, the messages still being sent (kept by their
 * clientId until the server's copy arrives), read receipts, and what each row shows. Nothing here knows the
 * socket or React; the widget's hook feeds it.
 */
import type { ExchangeSupportMessage, SupportConversation, SupportMessage } from '../contract/support';

/** A message written here and not yet confirmed: `sending`, or `failed` (kept for a resend). */
export interface PendingMessage {
  clientId: string;
  text: string;
  /** The picked image's name, shown until the stored message (with the image's id) replaces it. */
  imageName: string | null;
  createdAt: number;
  failed: boolean;
}

export interface ThreadState {
  conversation: SupportConversation | null;
  /** Stored messages, ascending by id, each id once. */
  messages: readonly SupportMessage[];
  pending: readonly PendingMessage[];
}

export const EMPTY_THREAD: ThreadState = { conversation: null, messages: [], pending: [] };

/** Orders decimal bigint ids (longer is larger; same length compares as text). */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Known and incoming messages as one ascending list without doubles. A message seen again (a fetch after a
 * reconnect overlapping a push, a resend answered with the stored copy) keeps one row; the later copy wins, so
 * a read time it brings is kept, but a read time is never lost to an older copy without one.
 */
export function mergeMessages(
  known: readonly SupportMessage[],
  incoming: readonly SupportMessage[],
): SupportMessage[] {
  const byId = new Map<string, SupportMessage>();
  for (const message of known) byId.set(message.id, message);
  for (const message of incoming) {
    const before = byId.get(message.id);
    byId.set(message.id, before && message.readAt === null ? { ...message, readAt: before.readAt } : message);
  }
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}

/** The messages of the conversation shown: another conversation's (an old, closed one) are dropped. */
function ofConversation(messages: readonly SupportMessage[], id: string | undefined): SupportMessage[] {
  return id === undefined ? [...messages] : messages.filter((m) => m.conversationId === id);
}

/** Pending messages whose stored copy (same clientId, the trader's) has not arrived. */
function stillPending(
  pending: readonly PendingMessage[],
  messages: readonly SupportMessage[],
): PendingMessage[] {
  const stored = new Set(messages.filter((m) => m.from === 'trader').map((m) => m.clientId));
  return pending.filter((p) => !stored.has(p.clientId));
}

/**
 * The thread after stored messages arrived (a fetch or a send's answer) with their conversation. A newer
 * conversation (the old one closed, a new one opened) replaces the list.
 */
export function withMessages(
  state: ThreadState,
  conversation: SupportConversation | null,
  incoming: readonly SupportMessage[],
): ThreadState {
  const shown = state.conversation;
  // Messages of an older conversation than the one shown (a late push about a closed one) change nothing.
  if (conversation && shown && compareIds(conversation.id, shown.id) < 0) return state;
  const changed = conversation !== null && shown !== null && conversation.id !== shown.id;
  const next = conversation ?? shown;
  const base = changed ? [] : state.messages;
  const messages = ofConversation(mergeMessages(base, incoming), next?.id);
  return { conversation: next, messages, pending: stillPending(state.pending, messages) };
}

/**
 * Marks one side's messages up to `upToId` read at `at`: the trader's on an operator's read receipt, the
 * operator's once the trader's `support/read` went through.
 */
export function withRead(
  state: ThreadState,
  upToId: string,
  at: number,
  from: SupportMessage['from'] = 'trader',
): ThreadState {
  const messages = state.messages.map((m) =>
    m.from === from && m.readAt === null && compareIds(m.id, upToId) <= 0 ? { ...m, readAt: at } : m,
  );
  return { ...state, messages };
}

/** The thread after one socket push (`at`: when it arrived, the time of a read receipt). */
export function withPush(state: ThreadState, push: ExchangeSupportMessage, at: number): ThreadState {
  if (push.kind === 'message' && push.message) return withMessages(state, push.conversation, [push.message]);
  const conversation =
    state.conversation === null || state.conversation.id === push.conversation.id
      ? push.conversation
      : // A push about an older conversation than the one shown changes nothing.
        compareIds(push.conversation.id, state.conversation.id) > 0
        ? push.conversation
        : state.conversation;
  const next = withMessages(state, conversation, []);
  return push.kind === 'read' && push.upToId && conversation.id === push.conversation.id
    ? withRead(next, push.upToId, at)
    : next;
}

/** A message being written: shown as sending at once. */
export function withPending(state: ThreadState, pending: PendingMessage): ThreadState {
  return { ...state, pending: [...state.pending.filter((p) => p.clientId !== pending.clientId), pending] };
}

/** A send that failed: the row stays, marked for a resend. */
export function withFailed(state: ThreadState, clientId: string): ThreadState {
  return {
    ...state,
    pending: state.pending.map((p) => (p.clientId === clientId ? { ...p, failed: true } : p)),
  };
}

/** The highest stored id (the `afterId` of the next fetch), or undefined before any. */
export function lastId(state: ThreadState): string | undefined {
  return state.messages.at(-1)?.id;
}

/** The highest operator message not yet read by the trader (what `support/read` marks), or null. */
export function unreadReplyUpTo(state: ThreadState): string | null {
  const unread = state.messages.filter((m) => m.from === 'operator' && m.readAt === null);
  return unread.at(-1)?.id ?? null;
}

/** What a row of the trader's own message says about it. */
export type DeliveryState = 'sending' | 'failed' | 'sent' | 'read';

/** The delivery state of a stored message of the trader. */
export function deliveryOf(message: SupportMessage): DeliveryState {
  return message.readAt === null ? 'sent' : 'read';
}
