/**
 * Visitors (issue #21, spec §2 the open service page): a contact email gets an HttpOnly, SameSite=Strict
 * cookie that no page script reads; the live channel is the exchange socket opened with a one-time ticket.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  ExchangeSupportMessage,
  SupportMessage,
  SupportThread,
} from '../../../src/core/contract/support';
import { ExchangeClose } from '../../../src/core/contract/trading';
import { describeOnBackends } from '../db/testing';
import { SocketClient, startExchangeApp, type ExchangeApp } from '../exchange-ws/testing';
import { adminPath, call, PNG, sendForm, supportOperator, type Caller } from './test-support';

const START = '/v1/wa-na/support/visitor/start';
const SEND = '/v1/wa-na/support/visitor/send';
const THREAD = '/v1/wa-na/support/visitor/conversation';
const TICKET = '/v1/wa-na/support/visitor/ticket';

describeOnBackends('support: visitors', { on: 'any' }, (backend) => {
  let h: ExchangeApp;
  let op: Caller;

  beforeAll(async () => {
    h = await startExchangeApp({
      database: await backend.create(),
    });
    op = { operator: (await supportOperator(h.app, 'Carol')).token };
  }, 240_000);
  afterAll(async () => h?.close());

  /** Starts a visitor; answers its cookie header value. */
  async function visitor(email = 'guest@example.com'): Promise<string> {
    const started = await call<SupportThread>(h.base, START, {}, { email });
    expect(started.body).toMatchObject({ code: 0, data: { conversation: null, messages: [] } });
    const setCookie = started.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^tk_support_visitor=[A-Za-z0-9_-]{43};/);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/v1/wa-na/support/']) {
      expect(setCookie).toContain(attribute);
    }
    return setCookie.split(';')[0] as string;
  }

  async function ticketSocket(cookie: string): Promise<SocketClient> {
    const ticket = await call<{ ticket: string }>(h.base, TICKET, { cookie });
    expect(ticket.body.code).toBe(0);
    const socket = await SocketClient.open(h.base, 'support-visitor');
    socket.send({ ticket: ticket.body.data.ticket });
    await socket.next((m) => (m as { ordertype: string }).ordertype === 'supportReady');
    return socket;
  }

  it('writes, gets a live reply on its ticketed socket, and keeps its conversation and images to itself', async () => {
    const cookie = await visitor();
    const other = await visitor('someone@example.com');
    const socket = await ticketSocket(cookie);
    const otherSocket = await ticketSocket(other);
    try {
      const sent = await sendForm(h.base, SEND, { cookie }, { text: 'I cannot sign in', image: PNG });
      expect(sent.code).toBe(0);
      const id = sent.data.conversation.id;
      const inbox = await call<{ conversation: { visitorEmail: string; userUid: null } }>(
        h.base,
        adminPath(id),
        op,
        undefined,
        'GET',
      );
      expect(inbox.body.data.conversation).toMatchObject({
        visitorEmail: 'guest@example.com',
        userUid: null,
      });
      expect((await call(h.base, adminPath(id, 'assign'), op)).body.code).toBe(0);
      const reply = await sendForm<{ message: SupportMessage }>(h.base, adminPath(id, 'reply'), op, {
        text: 'Try the reset link',
      });
      const pushed = await socket.next((m) => {
        const s = m as unknown as ExchangeSupportMessage;
        return s.ordertype === 'support' && s.message?.from === 'operator';
      });
      expect((pushed as unknown as ExchangeSupportMessage).message).toEqual(reply.data.message);

      // The other visitor: its own (empty) thread, the first visitor's image reads as missing, and its socket
      // hears only its own conversation (a sentinel message of its own, sent last).
      expect(
        (await call<SupportThread>(h.base, THREAD, { cookie: other })).body.data.conversation,
      ).toBeNull();
      const image = `/v1/wa-na/support/visitor/image/${sent.data.message.image}`;
      expect((await fetch(`${h.base}${image}`, { headers: { cookie: other } })).status).toBe(404);
      expect((await fetch(`${h.base}${image}`, { headers: { cookie } })).status).toBe(200);
      expect((await sendForm(h.base, SEND, { cookie: other }, { text: 'sentinel' })).code).toBe(0);
      await otherSocket.next((m) => (m as { ordertype: string }).ordertype === 'support');
      const heard = otherSocket.messages.filter((m) => (m as { ordertype: string }).ordertype === 'support');
      expect(heard.map((m) => (m as unknown as ExchangeSupportMessage).message?.text)).toEqual(['sentinel']);

      const thread = await call<SupportThread>(h.base, THREAD, { cookie });
      expect(thread.body.data.messages.map((m) => m.from)).toEqual(['trader', 'operator']);
      // Starting again with the cookie resumes the same visitor and conversation.
      const again = await call<SupportThread>(h.base, START, { cookie }, { email: 'guest@example.com' });
      expect(again.body.data.conversation?.id).toBe(id);
      expect(again.headers.get('set-cookie')).toBeNull();
    } finally {
      socket.close();
      otherSocket.close();
    }
  });

  it('answers 1002 without a valid cookie, and a ticket opens one socket once, within 30 s', async () => {
    for (const cookie of ['', 'tk_support_visitor=forged-value-forged-value-forged-value-123']) {
      expect((await call(h.base, THREAD, cookie ? { cookie } : {})).body.code).toBe(1002);
      expect((await call(h.base, TICKET, cookie ? { cookie } : {})).body.code).toBe(1002);
      expect((await sendForm(h.base, SEND, cookie ? { cookie } : {}, { text: 'hi' })).code).toBe(1002);
    }
    const cookie = await visitor('late@example.com');
    const ticket = (await call<{ ticket: string }>(h.base, TICKET, { cookie })).body.data.ticket;
    const first = await SocketClient.open(h.base, 'support-visitor');
    first.send({ ticket });
    await first.next((m) => (m as { ordertype: string }).ordertype === 'supportReady');
    const second = await SocketClient.open(h.base, 'support-visitor');
    second.send({ ticket });
    expect((await second.closed).code).toBe(ExchangeClose.unauthorized);
    first.close();

    const stale = (await call<{ ticket: string }>(h.base, TICKET, { cookie })).body.data.ticket;
    h.clock.advance(30_001);
    const late = await SocketClient.open(h.base, 'support-visitor');
    late.send({ ticket: stale });
    expect((await late.closed).code).toBe(ExchangeClose.unauthorized);
  });

  it('limits new visitors to 5 an hour per address and refuses a malformed email', async () => {
    expect((await call(h.base, START, {}, { email: 'not-an-email' })).body.code).toBe(1001);
    h.clock.advance(3600_001);
    for (let i = 0; i < 5; i++) {
      expect((await call(h.base, START, {}, { email: `v${i}@example.com` })).body.code).toBe(0);
    }
    expect((await call(h.base, START, {}, { email: 'v6@example.com' })).body.code).toBe(1110);
    h.clock.advance(3600_001);
    expect((await call(h.base, START, {}, { email: 'v7@example.com' })).body.code).toBe(0);
  });
});
