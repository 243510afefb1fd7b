/**
 * The state of <tk-support>: the caller's conversation (a signed-in trader's, or a visitor's behind the contact
 * email and the HttpOnly visitor cookie), kept live by socket pushes (the exchange socket when signed in, the
 * ticketed visitor channel otherwise) and fetched again with `afterId` after every reconnect, so nothing is lost
 * or doubled. Sends are optimistic: a row shows as sending at once and becomes the stored message by its
 * clientId; a failed one is sent again with the same clientId (the server stores it once).
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Code } from '../../core/contract/codes';
import {
  SupportConversationGet,
  SupportRead,
  SupportSend,
  SupportVisitorConversation,
  SupportVisitorRead,
  SupportVisitorSend,
  SupportVisitorStart,
  SupportVisitorTicket,
  SUPPORT_VISITOR_SOCKET_ID,
  type ExchangeSupportMessage,
  type SupportThread,
} from '../../core/contract/support';
import {
  EMPTY_THREAD,
  unreadReplyUpTo,
  withFailed,
  withMessages,
  withPending,
  withPush,
  withRead,
  type PendingMessage,
  type ThreadState,
} from '../../core/domain/support-thread';
import { parseSupportPush } from '../../core/feeds/support-push';
import { openVisitorChannel } from '../../core/feeds/support-visitor-socket';
import type { CallResult } from '../../core/runtime/types';
import { getSession } from '../../core/session/session';
import { getOrders } from '../../core/state/orders';
import { usePlatform } from '../_shared/platform-context';
import { useAtomValue } from '../_shared/store-react';

/** Who is writing: a signed-in trader, a visitor, or nobody known yet (the session is loading). */
export type SupportCaller = 'user' | 'visitor' | 'unknown';

/** Where the widget is: loading, asking a visitor's email, the chat, or a failed first load. */
export type SupportPhase = 'loading' | 'email' | 'chat' | 'error';

type Action =
  | { type: 'reset' }
  | { type: 'thread'; thread: Pick<SupportThread, 'conversation' | 'messages'> }
  | { type: 'push'; push: ExchangeSupportMessage; at: number }
  | { type: 'pending'; pending: PendingMessage }
  | { type: 'failed'; clientId: string }
  | { type: 'read'; upToId: string; at: number };

function reduce(state: ThreadState, action: Action): ThreadState {
  switch (action.type) {
    case 'reset':
      return EMPTY_THREAD;
    case 'thread':
      return withMessages(state, action.thread.conversation, action.thread.messages);
    case 'push':
      return withPush(state, action.push, action.at);
    case 'pending':
      return withPending(state, action.pending);
    case 'failed':
      return withFailed(state, action.clientId);
    case 'read':
      return withRead(state, action.upToId, action.at, 'operator');
  }
}

/** A fresh idempotency id of a message (the contract's `[A-Za-z0-9_-]{1,64}`). */
export function newClientId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `c${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`
  );
}

/** Which caller the session makes (unknown while it restores). */
export function useSupportCaller(): { caller: SupportCaller; uid: string | null } {
  const platform = usePlatform();
  const session = useMemo(() => getSession(platform), [platform]);
  const state = useAtomValue(session.atoms.state);
  if (state.status === 'signedIn') return { caller: 'user', uid: state.uid ?? null };
  if (state.status === 'signedOut') return { caller: 'visitor', uid: null };
  return { caller: 'unknown', uid: null };
}

/** What the live hook needs: who listens, and what to do with a push and after a reconnect. */
interface LiveOptions {
  caller: SupportCaller;
  uid: string | null;
  /** A visitor with a conversation: open the ticketed channel. */
  visitorChat: boolean;
  onPush: (push: ExchangeSupportMessage) => void;
  /** Fetch what a dropped connection missed and resend what it left unsent. */
  caughtUp: () => Promise<void>;
}

/**
 * Live pushes: a trader's over the page's exchange socket, a visitor's over its ticketed channel; every
 * (re)open catches up with `afterId`.
 */
function useLiveSupport({ caller, uid, visitorChat, onPush, caughtUp }: LiveOptions): void {
  const platform = usePlatform();
  useEffect(() => {
    if (caller !== 'user') return undefined;
    const { feed } = getOrders(platform);
    let seen = feed.getSnapshot().support;
    let status = feed.getSnapshot().status;
    return feed.subscribe((snapshot) => {
      const support = snapshot.support;
      if (support && support !== seen) {
        seen = support;
        const push = parseSupportPush(support.frame);
        if (push) onPush(push);
      }
      const reopened = snapshot.status === 'open' && status !== 'open' && status !== 'idle';
      status = snapshot.status;
      if (reopened) void caughtUp();
    });
  }, [platform, caller, uid, onPush, caughtUp]);

  useEffect(() => {
    if (!visitorChat) return undefined;
    const config = platform.store.get(platform.atoms.config);
    if (!config) return undefined;
    return openVisitorChannel({
      url: `${config.services.exchangeWs.replace(/\/+$/, '')}/${SUPPORT_VISITOR_SOCKET_ID}`,
      ticket: async () => {
        const result = await platform.api.call(SupportVisitorTicket, {}, { silent: true });
        if (result.ok) return result.data.ticket;
        return result.code === Code.USER_NOT_FOUND ? null : Promise.reject(new Error(result.message));
      },
      onPush,
      // Every accepted ticket catches up: what came since the last fetch, the first time too.
      onOpen: () => void caughtUp(),
    });
  }, [platform, visitorChat, onPush, caughtUp]);
}

export interface SupportState {
  caller: SupportCaller;
  phase: SupportPhase;
  thread: ThreadState;
  /** A refused send or start (its message), until the next attempt. */
  error: string | null;
  busy: boolean;
  startVisitor: (email: string) => Promise<void>;
  send: (text: string, image: File | null) => Promise<void>;
  resend: (clientId: string) => Promise<void>;
}

/** The conversation state of one <tk-support>. */
export function useSupport(): SupportState {
  const platform = usePlatform();
  const { caller, uid } = useSupportCaller();
  const [thread, dispatch] = useReducer(reduce, EMPTY_THREAD);
  const [phase, setPhase] = useState<SupportPhase>('loading');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef(thread);
  latest.current = thread;
  // Picked images of messages not yet stored, by clientId, for a resend.
  const images = useRef(new Map<string, File | null>());
  const texts = useRef(new Map<string, string>());
  // The last id the server listed in order (SJ9): a stored send or a push may run ahead of a message the
  // connection missed, so only a fetch moves it and the catch-up after a reconnect asks from there.
  const fetched = useRef<string | null>(null);

  /** Fetches every message after the last one fetched (all pages), applying each answer as it comes. */
  const fetchAfter = useCallback(async (): Promise<CallResult<SupportThread>> => {
    for (;;) {
      const afterId = fetched.current;
      const input = afterId ? { afterId } : {};
      const result =
        caller === 'user'
          ? await platform.api.call(SupportConversationGet, input, { silent: true })
          : await platform.api.call(SupportVisitorConversation, input, { silent: true });
      if (!result.ok) return result;
      dispatch({ type: 'thread', thread: result.data });
      latest.current = withMessages(latest.current, result.data.conversation, result.data.messages);
      fetched.current = result.data.messages.at(-1)?.id ?? fetched.current;
      if (!result.data.more || result.data.messages.length === 0) return result;
    }
  }, [platform, caller]);

  const sendOne = useCallback(
    async (clientId: string) => {
      const text = texts.current.get(clientId) ?? '';
      const image = images.current.get(clientId) ?? null;
      const input = { clientId, ...(text ? { text } : {}), ...(image ? { image } : {}) };
      const result =
        caller === 'user'
          ? await platform.api.call(SupportSend, input, { silent: true })
          : await platform.api.call(SupportVisitorSend, input, { silent: true });
      if (result.ok) {
        texts.current.delete(clientId);
        images.current.delete(clientId);
        // A delivered resend ends the alert of its failure (SJ3); a row still unsent keeps its own mark.
        setError(null);
        dispatch({
          type: 'thread',
          thread: { conversation: result.data.conversation, messages: [result.data.message] },
        });
        return;
      }
      dispatch({ type: 'failed', clientId });
      setError(result.message);
    },
    [platform, caller],
  );

  /** Sends again what a dropped connection left unsent, with the same clientIds. */
  const resendFailed = useCallback(() => {
    for (const pending of latest.current.pending) if (pending.failed) void sendOne(pending.clientId);
  }, [sendOne]);

  const caughtUp = useCallback(async () => {
    await fetchAfter();
    resendFailed();
  }, [fetchAfter, resendFailed]);

  // First load per caller (and user): the thread, or a visitor's email step.
  useEffect(() => {
    dispatch({ type: 'reset' });
    latest.current = EMPTY_THREAD;
    fetched.current = null;
    setError(null);
    if (caller === 'unknown') return setPhase('loading');
    let live = true;
    setPhase('loading');
    void fetchAfter().then((result) => {
      if (!live) return;
      if (result.ok) setPhase(caller === 'visitor' && !result.data.conversation ? 'email' : 'chat');
      // A visitor without the cookie's conversation gives an email first.
      else setPhase(caller === 'visitor' && result.code === Code.USER_NOT_FOUND ? 'email' : 'error');
    });
    return () => {
      live = false;
    };
  }, [caller, uid, fetchAfter]);

  const onPush = useCallback(
    (push: ExchangeSupportMessage) => dispatch({ type: 'push', push, at: Date.now() }),
    [],
  );
  useLiveSupport({ caller, uid, visitorChat: caller === 'visitor' && phase === 'chat', onPush, caughtUp });

  // Replies shown are replies read (the operator sees it), once per newest unread reply.
  const unread = unreadReplyUpTo(thread);
  useEffect(() => {
    if (!unread || phase !== 'chat') return;
    const endpoint = caller === 'user' ? SupportRead : SupportVisitorRead;
    void platform.api.call(endpoint, { upToId: unread }, { silent: true }).then((result) => {
      if (result.ok) dispatch({ type: 'read', upToId: unread, at: Date.now() });
    });
  }, [platform, caller, unread, phase]);

  const startVisitor = useCallback(
    async (email: string) => {
      setBusy(true);
      setError(null);
      const result = await platform.api.call(SupportVisitorStart, { email }, { silent: true });
      setBusy(false);
      if (!result.ok) return setError(result.message);
      dispatch({ type: 'thread', thread: result.data });
      fetched.current = result.data.messages.at(-1)?.id ?? null;
      setPhase('chat');
    },
    [platform],
  );

  const send = useCallback(
    async (text: string, image: File | null) => {
      const clientId = newClientId();
      texts.current.set(clientId, text);
      images.current.set(clientId, image);
      setError(null);
      dispatch({
        type: 'pending',
        pending: { clientId, text, imageName: image?.name ?? null, createdAt: Date.now(), failed: false },
      });
      await sendOne(clientId);
    },
    [sendOne],
  );

  const resend = useCallback(
    async (clientId: string) => {
      const pending = latest.current.pending.find((p) => p.clientId === clientId);
      if (!pending) return;
      setError(null);
      dispatch({ type: 'pending', pending: { ...pending, failed: false } });
      await sendOne(clientId);
    },
    [sendOne],
  );

  return { caller, phase, thread, error, busy, startVisitor, send, resend };
}
