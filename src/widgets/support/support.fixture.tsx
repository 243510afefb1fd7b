/**
 * Renders <Support> on a real platform and session (core/session's scripted-server harness) over a scripted
 * support server that keeps one conversation in memory and answers the trader's and the visitor's calls as the
 * contract says (a resend with a known clientId answers the stored message; `afterId` pages ascending).
 */
import type { SupportConversation, SupportMessage } from '../../core/contract/support';
import { fakeSocketFactory } from '../../core/feeds/exchange-feed.fixture';
import { setVisitorSocketFactory } from '../../core/feeds/support-visitor-socket';
import { createHarness, type Answer, type Handler } from '../../core/session/session.fixture';
import { createOrders, setOrdersForTests } from '../../core/state/orders';
import { renderWidget, type RenderedWidget } from '../_shared/widget-render.fixture';
import { Support } from './support';

export interface SupportServer {
  conversation: SupportConversation | null;
  messages: SupportMessage[];
  /** Whether the visitor's cookie is set (visitor calls answer 1002 without it). */
  visitor: boolean;
  /** Make the next send fail at the network (the widget marks it failed). */
  dropNextSend: boolean;
}

export const conversation = (patch: Partial<SupportConversation> = {}): SupportConversation => ({
  id: '1',
  status: 'open',
  assignedTo: null,
  createdAt: 1_000,
  closedAt: null,
  ...patch,
});

export const message = (id: string, patch: Partial<SupportMessage> = {}): SupportMessage => ({
  id,
  conversationId: '1',
  from: 'trader',
  text: `text ${id}`,
  image: null,
  createdAt: Date.parse('2026-11-30T08:00:00Z') + Number(id) * 1000,
  readAt: null,
  clientId: `c${id}`,
  ...patch,
});

function handlers(server: SupportServer, prefix: string): Record<string, Handler> {
  const thread = (body: Record<string, unknown>): Answer => {
    const after = typeof body.afterId === 'string' ? BigInt(body.afterId) : 0n;
    const messages = server.messages.filter((m) => BigInt(m.id) > after);
    return { code: 0, data: { conversation: server.conversation, messages, more: false } };
  };
  const send = (body: Record<string, unknown>): Answer => {
    if (server.dropNextSend) {
      server.dropNextSend = false;
      return { http: 502 };
    }
    const clientId = String(body.clientId);
    const known = server.messages.find((m) => m.from === 'trader' && m.clientId === clientId);
    if (!server.conversation || server.conversation.status === 'closed') {
      const id = String(Number(server.conversation?.id ?? 0) + 10);
      server.conversation = conversation({ id });
    }
    const stored =
      known ??
      message(String(Math.max(0, ...server.messages.map((m) => Number(m.id))) + 1), {
        conversationId: server.conversation.id,
        text: typeof body.text === 'string' ? body.text : '',
        image: body.image ? '900' : null,
        clientId,
      });
    if (!known) server.messages.push(stored);
    return { code: 0, data: { conversation: server.conversation, message: stored } };
  };
  const read = (): Answer => ({ code: 0, data: { read: 1 } });
  const visitor = (answer: (body: Record<string, unknown>) => Answer) => (body: Record<string, unknown>) =>
    server.visitor ? answer(body) : { code: 1002, msg: 'no visitor' };
  if (prefix === 'waa/support/')
    return { [`${prefix}conversation`]: thread, [`${prefix}send`]: send, [`${prefix}read`]: read };
  return {
    [`${prefix}conversation`]: visitor(thread),
    [`${prefix}send`]: visitor(send),
    [`${prefix}read`]: visitor(read),
    [`${prefix}ticket`]: visitor(() => ({ code: 0, data: { ticket: 't-1', expiresAt: 0 } })),
    [`${prefix}start`]: (body) => {
      if (!String(body.email).includes('@')) return { code: 1001, msg: 'Incorrect parameter' };
      server.visitor = true;
      return thread({});
    },
  };
}

export type RenderedSupport = RenderedWidget & {
  server: SupportServer;
  /** The trader's exchange sockets. */
  sockets: ReturnType<typeof fakeSocketFactory>;
  /** A visitor's live-channel sockets. */
  visitorSockets: ReturnType<typeof fakeSocketFactory>;
};

/** Render `<Support>` signed in (unless told otherwise) over the scripted support server. */
export async function renderSupport(
  options: { signedIn?: boolean; server?: Partial<SupportServer> } = {},
): Promise<RenderedSupport> {
  const server: SupportServer = {
    conversation: null,
    messages: [],
    visitor: false,
    dropNextSend: false,
    ...options.server,
  };
  const h = createHarness({
    handlers: { ...handlers(server, 'waa/support/'), ...handlers(server, 'wa-na/support/visitor/') },
  });
  const sockets = fakeSocketFactory();
  const visitorSockets = fakeSocketFactory();
  setVisitorSocketFactory(visitorSockets.factory);
  const orders = createOrders(h.platform, { socketFactory: sockets.factory });
  setOrdersForTests(h.platform, orders);
  const view = await renderWidget(h, <Support />, {
    signedIn: options.signedIn,
    cleanup: () => {
      orders.feed.close();
      setVisitorSocketFactory(null);
    },
  });
  return { ...view, server, sockets, visitorSockets };
}
