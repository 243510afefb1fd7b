import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATOR_COOKIE } from '../../../src/core/contract/backoffice';
import { Code } from '../../../src/core/contract/codes';
import type { BrandEditable } from '../../../src/core/contract/brand-admin';
import { ADMIN_SUPPORT_LIVE_PATH, type ExchangeSupportMessage } from '../../../src/core/contract/support';
import { ExchangeClose } from '../../../src/core/contract/trading';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { SocketClient, startExchangeApp, type ExchangeApp, type SocketTrader } from '../exchange-ws/testing';
import { adminPath, call, sendForm, supportOperator } from '../support/test-support';

type Frame = { ordertype: string; seq?: number; id?: string; message?: { id: string; text: string } };

const SEND = '/v1/waa/support/send';
/** The notification type the journal suites write (any type will do: the socket does not read it). */
const ALARM = 629012;

const numbered = (client: SocketClient) =>
  (client.messages as unknown as Frame[]).filter((m) => m.seq !== undefined);
const seqs = (client: SocketClient) => numbered(client).map((m) => m.seq as number);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describeOnBackends(
  'several processes: pushes, sessions and brands reach every process',
  { on: 'postgresOnly' },
  (backend) => {
    let database: TestDatabase;
    let a: ExchangeApp;
    let b: ExchangeApp;

    beforeAll(async () => {
      database = await backend.create();
      // Both processes on one schema; the database is dropped once, after both closed.
      const shared = { ...database, cleanup: async () => undefined };
      const options = {
        database: shared,
        cluster: { enabled: true, leaseRoundMs: 50 },
        // A loaded machine may take its time to answer a presence question: this suite asserts the answer.
        exchangeWs: { presenceWaitMs: 10_000 },
      };
      a = await startExchangeApp(options);
      b = await startExchangeApp(options);
    }, 240_000);
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.cleanup();
    });

    /** Resolves when `check` holds, asking the database for a moment between looks (never a fixed sleep). */
    async function until(check: () => boolean | Promise<boolean>): Promise<void> {
      for (let i = 0; i < 500; i += 1) {
        if (await check()) return;
        await a.app.db.query('select pg_sleep(0.01)');
      }
      throw new Error('condition never held');
    }
    const notify = async (h: ExchangeApp, trader: SocketTrader) =>
      (await h.app.notifications.notify(undefined, { userId: trader.id, alarmType: ALARM, actionType: 4 }))
        .id;
    /** A socket on `h`; without `since`, once it was told where the user's series stands. */
    async function open(h: ExchangeApp, trader: SocketTrader, since?: number) {
      const client = await SocketClient.open(h.base, trader.uid);
      client.send(since === undefined ? { token: trader.token } : { token: trader.token, since });
      const head = since ?? (await client.mark('resync')).seq;
      return { client, head };
    }
    const untilSeq = (client: SocketClient, seq: number) => client.next((m) => (m as Frame).seq === seq);

    it('brings the events written in the other process to a socket once and in order, concurrent ones too', async () => {
      const trader = await a.trader();
      const { client, head } = await open(a, trader);
      // Each written once the one before is in the journal (its row is written just after the notification's
      // commit, RP1): the socket has them in the order they were written, whichever process wrote them.
      const inTurn: string[] = [];
      for (const [i, h] of [b, a, b].entries()) {
        inTurn.push(await notify(h, trader));
        await untilSeq(client, head + i + 1);
      }
      // Writers of two processes at once: numbers may reach the socket out of order, and it sends them in order.
      const together = await Promise.all([
        notify(a, trader),
        notify(b, trader),
        notify(b, trader),
        notify(a, trader),
      ]);
      // A notification's journal row is written just after its commit: the sentinel waits for the four rows, or
      // its own row could take a number before the last of them (seen once on two busy cores).
      await untilSeq(client, head + 7);
      const sentinel = await notify(b, trader);
      await untilSeq(client, head + 8);
      expect(seqs(client)).toEqual(range(head + 1, head + 8));
      const ids = numbered(client).map((m) => m.id);
      expect(ids.slice(0, 3)).toEqual(inTurn);
      expect([...ids.slice(3, 7)].sort()).toEqual([...together].sort());
      expect(ids[7]).toBe(sentinel);
      client.close();
    });

    it('gives a socket that reconnects during live traffic each event once', async () => {
      const trader = await a.trader();
      const { client: first, head } = await open(a, trader);
      let written = 0;
      let resolveHalf: () => void = () => undefined;
      const half = new Promise<void>((resolve) => (resolveHalf = resolve));
      const traffic = (async () => {
        for (let i = 0; i < 12; i += 1) {
          await notify(i % 2 === 0 ? b : a, trader);
          written += 1;
          if (written === 4) resolveHalf();
        }
      })();
      await half;
      // A page reconnects with a number it handled, so one its socket got: the journal row follows the
      // notification's commit (RP1), so four notifications written are not yet four numbers.
      await untilSeq(first, head + 2);
      // The page's socket came back on process A with the last number it handled, while B and A keep writing.
      const { client: again } = await open(a, trader, head + 2);
      await traffic;
      await untilSeq(again, head + 12);
      await untilSeq(first, head + 12);
      expect(seqs(again)).toEqual(range(head + 3, head + 12));
      expect(seqs(first)).toEqual(range(head + 1, head + 12));
      first.close();
      again.close();
    });

    it('refuses a session revoked in the other process at once and closes its socket there', async () => {
      const trader = await a.trader();
      const { client } = await open(a, trader);
      const check = await a.app.auth.checkToken(trader.token);
      if (!check.ok) throw new Error('the new session is refused');
      // A's cache now holds the passed check: only the bus can tell A that the session ended.
      await b.app.auth.revokeSession(check.auth.sessionId);
      expect((await client.closed).code).toBe(ExchangeClose.sessionEnded);
      expect((await a.app.auth.checkToken(trader.token)).ok).toBe(false);
      const res = await call(a.base, '/v1/waa/support/conversation', { token: trader.token }, {});
      // A revoked session is answered 23519 (the client signs in again).
      expect(res.body.code).toBe(Code.LOGIN_REQUIRED);
    });

    it('carries support both ways: the trader on A, the operator on B', async () => {
      const trader = await a.trader();
      const { client } = await open(a, trader);
      const op = await supportOperator(b.app, 'Bea');
      const inbox = await SocketClient.connect(`${b.base.replace('http', 'ws')}${ADMIN_SUPPORT_LIVE_PATH}`, {
        origin: b.base,
        headers: { cookie: `${OPERATOR_COOKIE}=${op.token}` },
      });
      await inbox.next((m) => (m as Frame).ordertype === 'supportInboxReady');
      const sent = await sendForm(a.base, SEND, { token: trader.token }, { text: 'Hello from A' });
      expect(sent.code).toBe(0);
      const id = sent.data.conversation.id;
      await inbox.next((m) => (m as Frame).message?.id === sent.data.message.id);

      expect((await call(b.base, adminPath(id, 'assign'), { operator: op.token })).body.code).toBe(0);
      const reply = await sendForm<{ message: { id: string } }>(
        b.base,
        adminPath(id, 'reply'),
        { operator: op.token },
        { text: 'Hello from B' },
      );
      expect(reply.code).toBe(0);
      const got = (await client.next(
        (m) => (m as unknown as ExchangeSupportMessage).message?.id === reply.data.message.id,
      )) as unknown as Frame;
      expect(got.seq).toBeGreaterThan(0);
      expect(got.message?.text).toBe('Hello from B');
      // A asked, A answered: the trader is online, so no notice of the reply was left.
      const notices = await a.app.db.query('select 1 from notifications where user_id = $1', [trader.id]);
      expect(notices.rows).toHaveLength(0);
      // Once: a sentinel after it, then count.
      const sentinel = await notify(b, trader);
      await client.next((m) => (m as Frame).id === sentinel);
      expect(numbered(client).filter((m) => m.message?.id === reply.data.message.id)).toHaveLength(1);
      client.close();
      inbox.close();
    });

    it('serves in A a brand edited in B', async () => {
      const op = await supportOperator(b.app, 'Bran', ['brand']);
      const got = await call<BrandEditable>(
        b.base,
        '/admin/v1/brands/meridian',
        { operator: op.token },
        {},
        'GET',
      );
      const title = `Meridian ${Date.now()}`;
      const saved = await call(
        b.base,
        '/admin/v1/brands/meridian',
        { operator: op.token },
        { ...got.body.data?.edit, siteTitle: title, reason: 'Campaign' },
      );
      expect(saved.body.code).toBe(0);
      await until(() => a.app.brand.get('meridian')?.siteTitle === title);
      const config = (await (await fetch(`${a.base}/config.json?brand=meridian`)).json()) as {
        brand: { siteTitle?: string; revision: number };
      };
      expect(config.brand.revision).toBe(b.app.brand.get('meridian')?.editedAt);
    });

    it('after a cut of the bus link, gives each socket what it missed once the link is back', async () => {
      const trader = await a.trader();
      const { client, head } = await open(a, trader);
      let resumed = 0;
      a.app.cluster.bus.onResume(() => (resumed += 1));
      const { rows } = await a.app.db.query<{ schema: string }>('select current_schema() as schema');
      const channel = `tk:${rows[0]?.schema}`.slice(0, 63);
      await a.app.db.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
        where query = $1 and pid <> pg_backend_pid() and datname = current_database()`,
        [`LISTEN "${channel}"`],
      );
      // Written while A's link is down (it comes back after a second): its messages are lost to A.
      const missed = [await notify(b, trader), await notify(b, trader)];
      await until(() => resumed > 0);
      await untilSeq(client, head + 2);
      const live = await notify(b, trader);
      await untilSeq(client, head + 3);
      expect(seqs(client)).toEqual(range(head + 1, head + 3));
      expect(numbered(client).map((m) => m.id)).toEqual([...missed, live]);
      client.close();
    });
  },
);
