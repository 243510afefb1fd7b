/**
 * The operators' live inbox (issue #21, decisions SO1–SO4) over real sockets: admitted by the operator session
 * cookie with the `support` role and the server's own Origin only; every support change reaches each operator
 * once, with the message only where one of their boxes holds the conversation; the socket ends with the session
 * (sign-out, expiry on the server clock).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATOR_COOKIE, OPERATOR_CSRF_HEADER } from '../../../src/core/contract/backoffice';
import {
  ADMIN_SUPPORT_LIVE_PATH,
  type AdminSupportLiveEvent,
  type ExchangeSupportMessage,
  type SupportSent,
  type SupportThread,
} from '../../../src/core/contract/support';
import { ExchangeClose } from '../../../src/core/contract/trading';
import { describeOnBackends } from '../db/testing';
import { SocketClient, startExchangeApp, type ExchangeApp, type SocketTrader } from '../exchange-ws/testing';
import { adminPath, call, sendForm, supportOperator } from './test-support';

const SEND = '/v1/waa/support/send';
const HOUR = 3600_000;

describeOnBackends('support: the operators’ live inbox', { on: 'any' }, (backend) => {
  let h: ExchangeApp;
  let url: string;

  beforeAll(async () => {
    h = await startExchangeApp({
      database: await backend.create(),
    });
    url = `${h.base.replace('http', 'ws')}${ADMIN_SUPPORT_LIVE_PATH}`;
  }, 240_000);
  afterAll(async () => h?.close());

  const cookieOf = (token: string) => `${OPERATOR_COOKIE}=${token}`;
  const events = (socket: SocketClient, from = 0) =>
    (socket.messages.slice(from) as unknown as Array<{ ordertype: string }>).filter(
      (m) => m.ordertype === 'supportInbox',
    ) as AdminSupportLiveEvent[];
  const isEvent = (match: (event: AdminSupportLiveEvent) => boolean) => (m: unknown) =>
    (m as { ordertype: string }).ordertype === 'supportInbox' && match(m as AdminSupportLiveEvent);

  const nextEvent = async (socket: SocketClient, match: (event: AdminSupportLiveEvent) => boolean) =>
    (await socket.next(isEvent(match))) as unknown as AdminSupportLiveEvent;

  /** An operator's live socket, once it said it is live. */
  async function live(token: string): Promise<SocketClient> {
    const socket = await SocketClient.connect(url, { origin: h.base, headers: { cookie: cookieOf(token) } });
    await socket.next((m) => (m as { ordertype: string }).ordertype === 'supportInboxReady');
    return socket;
  }
  async function write(trader: SocketTrader, text: string): Promise<SupportSent> {
    const sent = await sendForm(h.base, SEND, { token: trader.token }, { text });
    expect(sent.code).toBe(0);
    return sent.data;
  }

  it('brings a trader’s new conversation and a visitor’s message live, each message once', async () => {
    const op = await supportOperator(h.app, 'Dana');
    const socket = await live(op.token);
    const trader = await h.trader();

    const first = await write(trader, 'Where is my withdrawal?');
    const pushed = await nextEvent(socket, (e) => e.message?.id === first.message.id);
    expect(pushed).toEqual({
      ordertype: 'supportInbox',
      kind: 'message',
      conversation: expect.objectContaining({
        id: first.conversation.id,
        status: 'open',
        assignedTo: null,
        mine: false,
        userUid: trader.uid,
        visitorEmail: null,
        lastText: 'Where is my withdrawal?',
        unread: 1,
      }),
      message: first.message,
    });

    const started = await call<SupportThread>(
      h.base,
      '/v1/wa-na/support/visitor/start',
      {},
      { email: 'walk-in@example.com' },
    );
    const visitorCookie = (started.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const fromVisitor = await sendForm(
      h.base,
      '/v1/wa-na/support/visitor/send',
      { cookie: visitorCookie },
      { text: 'I cannot sign up' },
    );
    expect(fromVisitor.code).toBe(0);
    const visitorEvent = await nextEvent(socket, (e) => e.message?.id === fromVisitor.data.message.id);
    expect(visitorEvent.conversation).toMatchObject({ userUid: null, visitorEmail: 'walk-in@example.com' });
    expect(visitorEvent.message?.text).toBe('I cannot sign up');

    // A sentinel after both: each message came exactly once.
    const sentinel = await write(trader, 'sentinel');
    await nextEvent(socket, (e) => e.message?.id === sentinel.message.id);
    const ids = events(socket).map((e) => e.message?.id);
    expect(ids.filter((id) => id === first.message.id)).toHaveLength(1);
    expect(ids.filter((id) => id === fromVisitor.data.message.id)).toHaveLength(1);
    expect(events(socket).find((e) => e.message?.id === sentinel.message.id)?.conversation.unread).toBe(2);
    socket.close();
  });

  it('refuses an upgrade without a session, with a wrong or missing Origin, or without the support role', async () => {
    const op = await supportOperator(h.app, 'Eve');
    const finance = await supportOperator(h.app, 'Fay', ['finance', 'compliance']);
    const expired = await supportOperator(h.app, 'Gus', ['support'], h.clock.now() - 1000);
    const cookie = { cookie: cookieOf(op.token) };
    expect(await SocketClient.refusal(url, { origin: h.base })).toBe(401);
    expect(
      await SocketClient.refusal(url, { origin: h.base, headers: { cookie: cookieOf('x'.repeat(43)) } }),
    ).toBe(401);
    expect(
      await SocketClient.refusal(url, { origin: h.base, headers: { cookie: cookieOf(expired.token) } }),
    ).toBe(401);
    expect(await SocketClient.refusal(url, { origin: 'https://evil.example', headers: cookie })).toBe(403);
    expect(await SocketClient.refusal(url, { origin: 'http://localhost:1', headers: cookie })).toBe(403);
    expect(await SocketClient.refusal(url, { headers: cookie })).toBe(403);
    expect(
      await SocketClient.refusal(url, { origin: h.base, headers: { cookie: cookieOf(finance.token) } }),
    ).toBe(403);
    // The same operator, same origin: admitted.
    (await live(op.token)).close();
  });

  it('shows another operator’s conversation as a list update only, and each side’s read receipts', async () => {
    const alice = await supportOperator(h.app, 'Alice');
    const bob = await supportOperator(h.app, 'Bob');
    const aliceSocket = await live(alice.token);
    const bobSocket = await live(bob.token);
    const trader = await h.trader();
    const traderSocket = await SocketClient.open(h.base, trader.uid, trader.token);
    await traderSocket.next((m) => m.ordertype === 'pendingOrder');
    const first = await write(trader, 'Hello');
    const id = first.conversation.id;
    await nextEvent(bobSocket, (e) => e.message?.id === first.message.id);

    const assigned = await call(h.base, adminPath(id, 'assign'), { operator: bob.token });
    expect(assigned.body.code).toBe(0);
    const seenByAlice = await nextEvent(
      aliceSocket,
      (e) => e.kind === 'assigned' && e.conversation.id === id,
    );
    expect(seenByAlice.conversation).toMatchObject({ assignedTo: 'Bob', mine: false });
    const seenByBob = await nextEvent(bobSocket, (e) => e.kind === 'assigned' && e.conversation.id === id);
    expect(seenByBob.conversation).toMatchObject({ assignedTo: 'Bob', mine: true });

    // Bob's conversation now: Alice learns that it moved, not what was written.
    const second = await write(trader, 'Second question');
    const bobGot = await nextEvent(bobSocket, (e) => e.message?.id === second.message.id);
    expect(bobGot.conversation).toMatchObject({ mine: true, unread: 2 });
    const aliceFrom = aliceSocket.messages.length;
    const read = await call(
      h.base,
      adminPath(id, 'read'),
      { operator: bob.token },
      { upToId: second.message.id },
    );
    expect(read.body).toMatchObject({ code: 0, data: { read: 2 } });
    const aliceRead = await nextEvent(aliceSocket, (e) => e.kind === 'read' && e.conversation.id === id);
    expect(aliceRead).toMatchObject({
      reader: 'operator',
      upToId: second.message.id,
      conversation: { unread: 0 },
    });
    expect(events(aliceSocket).filter((e) => e.conversation.id === id && e.message)).toEqual([
      expect.objectContaining({ message: first.message }),
    ]);
    expect(events(aliceSocket, aliceFrom).every((e) => e.message === undefined)).toBe(true);

    // The trader reads Bob's reply: the operators are told, the trader's own sockets are not.
    const reply = await sendForm<{ message: { id: string } }>(
      h.base,
      adminPath(id, 'reply'),
      { operator: bob.token },
      { text: 'Looking into it' },
    );
    expect(reply.code).toBe(0);
    await traderSocket.next(
      (m) => (m as unknown as ExchangeSupportMessage).message?.id === reply.data.message.id,
    );
    const traderRead = await call(
      h.base,
      '/v1/waa/support/read',
      { token: trader.token },
      {
        upToId: reply.data.message.id,
      },
    );
    expect(traderRead.body).toMatchObject({ code: 0, data: { read: 1 } });
    const bobRead = await nextEvent(bobSocket, (e) => e.kind === 'read' && e.reader === 'trader');
    expect(bobRead).toMatchObject({ upToId: reply.data.message.id, conversation: { id, mine: true } });
    const closed = await call(h.base, adminPath(id, 'close'), { operator: bob.token });
    expect(closed.body.code).toBe(0);
    await traderSocket.next((m) => (m as unknown as ExchangeSupportMessage).kind === 'closed');
    const traderKinds = (traderSocket.messages as unknown as ExchangeSupportMessage[])
      .filter((m) => m.ordertype === 'support')
      .map((m) => m.kind);
    expect(traderKinds).toEqual(['message', 'assigned', 'message', 'read', 'message', 'closed']);
    for (const socket of [aliceSocket, bobSocket, traderSocket]) socket.close();
  });

  it('closes with the session: at sign-out (other operators stay live) and at its expiry on the server clock', async () => {
    const leaving = await supportOperator(h.app, 'Hal');
    const staying = await supportOperator(h.app, 'Ida');
    const ending = await supportOperator(h.app, 'Jo', ['support'], h.clock.now() + 2 * HOUR);
    const leavingSocket = await live(leaving.token);
    const stayingSocket = await live(staying.token);
    const endingSocket = await live(ending.token);

    const out = await fetch(`${h.base}/admin/v1/operators/logout`, {
      method: 'POST',
      headers: {
        cookie: cookieOf(leaving.token),
        [OPERATOR_CSRF_HEADER]: '1',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect(await leavingSocket.closed).toMatchObject({ code: ExchangeClose.sessionEnded });

    h.clock.advance(2 * HOUR);
    expect(await endingSocket.closed).toMatchObject({ code: ExchangeClose.sessionEnded });

    const trader = await h.trader();
    const sent = await write(trader, 'still there?');
    await nextEvent(stayingSocket, (e) => e.message?.id === sent.message.id);
    stayingSocket.close();
  });
});
