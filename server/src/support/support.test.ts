/**
 * Live support (issue #21), the trader's side and the operators' actions over real HTTP and the exchange
 * socket: ownership, idempotent sends, validation, the rate limit on the server clock, pushes after COMMIT to
 * the right sockets only, assign/reply/read/close exactly once and audited, the away notification.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NotificationPage } from '../../../src/core/contract/notifications';
import {
  SUPPORT_RATE_LIMIT,
  SUPPORT_REPLY_ALARM,
  type AdminSupportConversation,
  type ExchangeSupportMessage,
  type SupportMessage,
  type SupportThread,
} from '../../../src/core/contract/support';
import { describeOnBackends } from '../db/testing';
import { SocketClient, startExchangeApp, type ExchangeApp, type SocketTrader } from '../exchange-ws/testing';
import { adminPath, auditOf, call, PNG, sendForm, supportOperator, type Caller } from './test-support';

const SEND = '/v1/waa/support/send';
const THREAD = '/v1/waa/support/conversation';

describeOnBackends('support: trader and operators', { on: 'any' }, (backend) => {
  let h: ExchangeApp;
  let ops: { alice: Caller; bob: Caller };

  beforeAll(async () => {
    h = await startExchangeApp({
      database: await backend.create(),
    });
    const alice = await supportOperator(h.app, 'Alice');
    const bob = await supportOperator(h.app, 'Bob');
    ops = { alice: { operator: alice.token }, bob: { operator: bob.token } };
  }, 240_000);
  afterAll(async () => h?.close());

  const thread = async (trader: SocketTrader, afterId?: string) =>
    (await call<SupportThread>(h.base, THREAD, { token: trader.token }, afterId ? { afterId } : {})).body;
  const isSupport = (m: unknown) => (m as { ordertype: string }).ordertype === 'support';
  const supportOf = (socket: SocketClient, from = 0) =>
    socket.messages.slice(from).filter(isSupport) as unknown as ExchangeSupportMessage[];
  async function openSocket(trader: SocketTrader): Promise<SocketClient> {
    const client = await SocketClient.open(h.base, trader.uid, trader.token);
    await client.next((m) => m.ordertype === 'pendingOrder');
    return client;
  }
  /** A trader's open conversation with one message. */
  async function opened(trader: SocketTrader, text = 'My withdrawal is waiting') {
    const sent = await sendForm(h.base, SEND, { token: trader.token }, { text });
    expect(sent.code).toBe(0);
    return sent.data;
  }

  it('opens a conversation on the first send, stores text and image, and shows it to its owner only', async () => {
    const owner = await h.trader();
    const other = await h.trader();
    expect(await thread(owner)).toMatchObject({ code: 0, data: { conversation: null, messages: [] } });
    const sent = await sendForm(
      h.base,
      SEND,
      { token: owner.token },
      { text: 'Hello\r\nsecond line', image: PNG },
    );
    expect(sent.code).toBe(0);
    expect(sent.data.conversation).toMatchObject({ status: 'open', assignedTo: null, closedAt: null });
    expect(sent.data.message).toMatchObject({ from: 'trader', text: 'Hello\nsecond line', readAt: null });
    const imageId = sent.data.message.image as string;
    expect(imageId).toMatch(/^[1-9][0-9]*$/);

    const mine = await thread(owner);
    expect(mine.data.messages).toEqual([sent.data.message]);
    expect((await thread(owner, sent.data.message.id)).data).toMatchObject({ messages: [], more: false });
    // Another user: no conversation of theirs, and the image answers as a missing one does.
    expect((await thread(other)).data.conversation).toBeNull();
    const own = await fetch(`${h.base}/v1/waa/support/image/${imageId}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG)).toBe(true);
    for (const id of [imageId, '999999999']) {
      const res = await fetch(`${h.base}/v1/waa/support/image/${id}`, {
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: number }).code).toBe(1008);
    }
    // Another user cannot mark the owner's messages read nor reach the conversation through a send.
    expect(
      (await call(h.base, '/v1/waa/support/read', { token: other.token }, { upToId: '1' })).body,
    ).toMatchObject({
      code: 0,
      data: { read: 0 },
    });
  });

  it('stores a resend with the same clientId once and answers the first message', async () => {
    const trader = await h.trader();
    const first = await sendForm(h.base, SEND, { token: trader.token }, { text: 'once', clientId: 'c-1' });
    const again = await sendForm(h.base, SEND, { token: trader.token }, { text: 'once', clientId: 'c-1' });
    expect(first.code).toBe(0);
    expect(again).toEqual(first);
    const both = await Promise.all(
      [1, 2].map(() => sendForm(h.base, SEND, { token: trader.token }, { text: 'twice', clientId: 'c-2' })),
    );
    expect(both[0]?.data.message.id).toBe(both[1]?.data.message.id);
    expect((await thread(trader)).data.messages.map((m) => m.clientId)).toEqual(['c-1', 'c-2']);
  });

  it('refuses control characters, too long, empty, a bad clientId and a file that is not an image (1001)', async () => {
    const trader = await h.trader();
    const t = { token: trader.token };
    const bad = [
      { text: 'bell \u0007' },
      { text: 'nul \u0000' },
      { text: 'tab\tx' },
      { text: 'x'.repeat(2001) },
      { text: '   ' },
      {},
      { text: 'ok', clientId: 'has space' },
      { text: 'ok', image: Buffer.from('<svg onload=alert(1)></svg>'), imageName: 'a.png' },
    ];
    for (const fields of bad) expect((await sendForm(h.base, SEND, t, fields)).code).toBe(1001);
    expect((await sendForm(h.base, SEND, t, { text: 'ok', image: Buffer.alloc(0) })).code).toBe(23553);
    expect((await sendForm(h.base, SEND, t, { text: 'x'.repeat(2000) })).code).toBe(0);
    expect((await thread(trader)).data.messages).toHaveLength(1);
    // No token: the protected route answers before reading the body.
    expect((await sendForm(h.base, SEND, {}, { text: 'hi' })).code).not.toBe(0);
  });

  it('allows 20 messages a minute per sender on the server clock, then 1110 until the window moves', async () => {
    const trader = await h.trader();
    const other = await h.trader();
    for (let i = 0; i < SUPPORT_RATE_LIMIT; i++) {
      expect((await sendForm(h.base, SEND, { token: trader.token }, { text: `m${i}` })).code).toBe(0);
    }
    expect((await sendForm(h.base, SEND, { token: trader.token }, { text: 'one more' })).code).toBe(1110);
    expect((await sendForm(h.base, SEND, { token: other.token }, { text: 'not limited' })).code).toBe(0);
    h.clock.advance(60_001);
    expect((await sendForm(h.base, SEND, { token: trader.token }, { text: 'after a minute' })).code).toBe(0);
  });

  it('assign, reply, read and close: exactly once, audited, pushed to the owner’s sockets only', async () => {
    const owner = await h.trader();
    const stranger = await h.trader();
    const socket = await openSocket(owner);
    const strangerSocket = await openSocket(stranger);
    try {
      const { conversation, message } = await opened(owner);
      await socket.next((m) => isSupport(m));
      expect(supportOf(socket)).toEqual([
        { ordertype: 'support', kind: 'message', conversation, message, seq: expect.any(Number) },
      ]);
      const inbox = await call<{ list: AdminSupportConversation[] }>(
        h.base,
        '/admin/v1/support/conversations?box=unassigned&limit=200',
        ops.alice,
        undefined,
        'GET',
      );
      const item = inbox.body.data.list.find((c) => c.id === conversation.id);
      expect(item).toMatchObject({ userUid: owner.uid, visitorEmail: null, unread: 1, mine: false });

      const assigned = await call<{ conversation: AdminSupportConversation }>(
        h.base,
        adminPath(conversation.id, 'assign'),
        ops.alice,
      );
      expect(assigned.body.data.conversation).toMatchObject({ assignedTo: 'Alice', mine: true });
      expect((await call(h.base, adminPath(conversation.id, 'assign'), ops.bob)).body.code).toBe(1038);
      expect(
        (await sendForm(h.base, adminPath(conversation.id, 'reply'), ops.bob, { text: 'me?' })).code,
      ).toBe(1038);
      await socket.next((m) => isSupport(m) && (m as unknown as ExchangeSupportMessage).kind === 'assigned');

      const reply = await sendForm<{ message: SupportMessage }>(
        h.base,
        adminPath(conversation.id, 'reply'),
        ops.alice,
        {
          text: '<b>We are on it</b>',
          clientId: 'r-1',
        },
      );
      expect(reply.data.message).toMatchObject({
        from: 'operator',
        text: '<b>We are on it</b>',
        clientId: 'r-1',
      });
      const resent = await sendForm<{ message: SupportMessage }>(
        h.base,
        adminPath(conversation.id, 'reply'),
        ops.alice,
        {
          text: '<b>We are on it</b>',
          clientId: 'r-1',
        },
      );
      expect(resent.data.message.id).toBe(reply.data.message.id);
      const pushed = await socket.next(
        (m) =>
          isSupport(m) &&
          (m as unknown as ExchangeSupportMessage).kind === 'message' &&
          (m as unknown as ExchangeSupportMessage).message?.from === 'operator',
      );
      expect((pushed as unknown as ExchangeSupportMessage).message).toEqual(reply.data.message);

      const read = await call<{ read: number }>(h.base, adminPath(conversation.id, 'read'), ops.alice, {
        upToId: message.id,
      });
      expect(read.body.data.read).toBe(1);
      await socket.next((m) => isSupport(m) && (m as unknown as ExchangeSupportMessage).kind === 'read');
      const readByTrader = await call<{ read: number }>(
        h.base,
        '/v1/waa/support/read',
        { token: owner.token },
        { upToId: reply.data.message.id },
      );
      expect(readByTrader.body.data.read).toBe(1);
      expect((await thread(owner)).data.messages.every((m) => m.readAt !== null)).toBe(true);

      expect((await call(h.base, adminPath(conversation.id, 'close'), ops.bob)).body.code).toBe(1038);
      const closed = await call<{ conversation: AdminSupportConversation }>(
        h.base,
        adminPath(conversation.id, 'close'),
        ops.alice,
      );
      expect(closed.body.data.conversation.status).toBe('closed');
      expect((await call(h.base, adminPath(conversation.id, 'close'), ops.alice)).body.code).toBe(1038);
      await socket.next((m) => isSupport(m) && (m as unknown as ExchangeSupportMessage).kind === 'closed');
      expect(supportOf(socket).map((m) => m.kind)).toEqual([
        'message',
        'assigned',
        'message',
        'read',
        'closed',
      ]);

      // The stranger's socket heard none of it: its first support message is its own, sent after.
      await opened(stranger, 'sentinel');
      await strangerSocket.next((m) => isSupport(m));
      expect(supportOf(strangerSocket).map((m) => m.message?.text)).toEqual(['sentinel']);

      const audit = await auditOf(h.app, conversation.id);
      expect(audit.map((a) => a.action)).toEqual([
        'support.assign',
        'support.reply',
        'support.reply',
        'support.read',
        'support.close',
      ]);
      expect(new Set(audit.map((a) => a.actor)).size).toBe(1);
      // A new send after the close opens a new conversation.
      const next = await opened(owner, 'another question');
      expect(next.conversation.id).not.toBe(conversation.id);
    } finally {
      socket.close();
      strangerSocket.close();
    }
  });

  it('leaves a 729004 notification when the trader has no socket open, and none when connected', async () => {
    const away = await h.trader();
    const here = await h.trader();
    const socket = await openSocket(here);
    try {
      for (const trader of [away, here]) {
        const { conversation } = await opened(trader);
        expect((await call(h.base, adminPath(conversation.id, 'assign'), ops.bob)).body.code).toBe(0);
        const reply = await sendForm(h.base, adminPath(conversation.id, 'reply'), ops.bob, {
          text: 'Done, see it',
        });
        expect(reply.code).toBe(0);
      }
      const list = async (t: SocketTrader) =>
        (await call<NotificationPage>(h.base, '/v1/waa/user/notification', { token: t.token }, { page: 1 }))
          .body.data.list;
      expect((await list(away)).map((n) => [n.alarmType, n.content])).toEqual([
        [SUPPORT_REPLY_ALARM, 'Done, see it'],
      ]);
      expect(await list(here)).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('serves an image to the operators with each opening audited, and refuses callers without the role', async () => {
    const trader = await h.trader();
    const sent = await sendForm(h.base, SEND, { token: trader.token }, { image: PNG });
    expect(sent.data.message.text).toBe('');
    const path = `/admin/v1/support/images/${sent.data.message.image}`;
    const res = await fetch(`${h.base}${path}`, {
      headers: { cookie: `tk_operator=${(ops.alice as { operator: string }).operator}` },
    });
    expect(res.status).toBe(200);
    const { rows } = await h.app.db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'support.view_image' and object_id = $1`,
      [sent.data.message.image],
    );
    expect(rows[0]?.n).toBe(1);
    // The trader's side panel beside a conversation: summary (identity level, balance) and open positions.
    for (const part of ['summary', 'positions']) {
      const panel = await call(h.base, `/admin/v1/users/${trader.uid}/${part}`, ops.alice, undefined, 'GET');
      expect(panel.body.code, part).toBe(0);
    }
    const finance = await supportOperator(h.app, 'Fin', ['finance']);
    const refused = await call(
      h.base,
      '/admin/v1/support/conversations',
      { operator: finance.token },
      undefined,
      'GET',
    );
    expect(refused.status).toBe(403);
    expect(
      (
        await fetch(`${h.base}/admin/v1/support/images/999999`, {
          headers: { authorization: 'Bearer ' + 'x' },
        })
      ).status,
    ).toBe(401);
  });
});
