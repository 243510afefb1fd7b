/**
 * The support inbox's live channel (decisions SO5–SO7): one WebSocket to `ADMIN_SUPPORT_LIVE_PATH` while the
 * inbox is open (the operator's cookie goes with it; page script never sees it), re-opened with back-off. The
 * rules that apply a push are pure: the list keeps mine then unassigned, each conversation once by id; a
 * conversation's messages merge by id, so a message shown by the reply's answer and again by its push is shown
 * once. Every `supportInboxReady` (first open and each reconnect) re-fetches, so nothing missed is lost.
 */
import { useEffect, useRef, useState } from 'react';
import {
  ADMIN_SUPPORT_LIVE_PATH,
  type AdminSupportConversation,
  type AdminSupportLiveEvent,
  type SupportMessage,
} from '../../core/contract/support';
import { ExchangeClose } from '../../core/contract/trading';
import type { QueueItem } from '../queue-declaration';

/** A conversation as the inbox shows it. */
export interface SupportItem extends QueueItem {
  mine: boolean;
  assignedTo: string | null;
  visitorEmail: string | null;
  lastText: string;
  unread: number;
  lastMessageAt: number | null;
}

export function supportItem(c: AdminSupportConversation): SupportItem {
  return {
    id: c.id,
    ticketNo: `S-${c.id}`,
    userUid: c.userUid ?? '',
    createdAt: c.createdAt,
    mine: c.mine,
    assignedTo: c.assignedTo,
    visitorEmail: c.visitorEmail,
    lastText: c.lastText,
    unread: c.unread,
    lastMessageAt: c.lastMessageAt,
  };
}

/** Compares decimal ids as numbers (a bigint id can pass 2^53). */
export const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** Mine first, latest message first (as the `mine` box); then unassigned, oldest first (as that box). */
export function inboxOrder(items: readonly SupportItem[]): SupportItem[] {
  const latest = (item: SupportItem) => item.lastMessageAt ?? item.createdAt;
  const mine = items
    .filter((item) => item.mine)
    .sort((a, b) => latest(b) - latest(a) || compareIds(b.id, a.id));
  const open = items.filter((item) => !item.mine).sort((a, b) => compareIds(a.id, b.id));
  return [...mine, ...open];
}

/** The list after a push: the conversation replaced or added while it is open and mine or unassigned, else gone. */
export function applyInboxEvent(items: readonly SupportItem[], event: AdminSupportLiveEvent): SupportItem[] {
  const c = event.conversation;
  const rest = items.filter((item) => item.id !== c.id);
  const listed = c.status === 'open' && (c.mine || c.assignedTo === null);
  return listed ? inboxOrder([...rest, supportItem(c)]) : rest;
}

/** Messages merged by id, ascending: a later copy wins, but a read time once known stays. */
export function mergeMessages(
  list: readonly SupportMessage[],
  incoming: readonly SupportMessage[],
): SupportMessage[] {
  const byId = new Map(list.map((message) => [message.id, message]));
  for (const message of incoming) {
    const before = byId.get(message.id);
    byId.set(message.id, before ? { ...message, readAt: message.readAt ?? before.readAt } : message);
  }
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}

/** A read receipt: the other side's messages up to `upToId` are read (the trader's, when an operator read). */
export function applyRead(
  list: readonly SupportMessage[],
  reader: 'trader' | 'operator',
  upToId: string,
  at: number,
): SupportMessage[] {
  const from = reader === 'operator' ? 'trader' : 'operator';
  return list.map((message) =>
    message.from === from && message.readAt === null && compareIds(message.id, upToId) <= 0
      ? { ...message, readAt: at }
      : message,
  );
}

/** What the open conversation hears: a push, or "re-fetch after your last id" (the channel is (again) live). */
export type LiveSignal = { type: 'event'; event: AdminSupportLiveEvent } | { type: 'resync' };

const listeners = new Set<(signal: LiveSignal) => void>();

/** Follows the live channel (the open conversation does); answers the unsubscribe. */
export function onLive(listener: (signal: LiveSignal) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function signal(value: LiveSignal): void {
  for (const listener of [...listeners]) listener(value);
}

/** Waits between reconnects: longer after each failure, back to the first once the channel was live. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/** The socket's URL on the page's own origin (ws: or wss:). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${ADMIN_SUPPORT_LIVE_PATH}`;
}

function parse(data: unknown): { ordertype?: unknown } | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as unknown;
    return value && typeof value === 'object' ? (value as { ordertype?: unknown }) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the channel open while mounted: `onReady` on each `supportInboxReady` (re-fetch), `onEvent` on each
 * push (also passed to `onLive` listeners), `onSessionEnded` when the server ends it for the session (4402).
 * The socket is the page's `WebSocket` (tests put a fake one there).
 */
export function useSupportLive(handlers: {
  onReady: () => void;
  onEvent: (event: AdminSupportLiveEvent) => void;
  onSessionEnded: () => void;
}): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    let stopped = false;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const open = () => {
      const ws = new WebSocket(liveUrl());
      socket = ws;
      ws.onmessage = (message: MessageEvent) => {
        const value = parse(message.data);
        if (value?.ordertype === 'supportInboxReady') {
          failures = 0;
          setState('live');
          latest.current.onReady();
          signal({ type: 'resync' });
        } else if (value?.ordertype === 'supportInbox') {
          const event = value as AdminSupportLiveEvent;
          latest.current.onEvent(event);
          signal({ type: 'event', event });
        }
      };
      ws.onclose = (event: CloseEvent) => {
        if (stopped || socket !== ws) return;
        socket = null;
        if (event.code === ExchangeClose.sessionEnded) return latest.current.onSessionEnded();
        setState('reconnecting');
        const wait = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
        failures += 1;
        timer = setTimeout(open, wait);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
    // One channel for the life of the inbox; the handlers are read through `latest`.
  }, []);
  return state;
}
