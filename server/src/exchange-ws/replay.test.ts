import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketClient, startExchangeApp, type ExchangeApp, type SocketTrader } from './testing';

type Frame = { ordertype: string; seq?: number; id?: string; unread?: number };

const KEEP = 5;
const frames = (client: SocketClient) => client.messages as unknown as Frame[];
const numbered = (client: SocketClient) => frames(client).filter((m) => m.seq !== undefined);

describe('exchange socket: the journal replays what a socket missed (RP1–RP3)', () => {
  let h: ExchangeApp;
  const clients: SocketClient[] = [];

  beforeAll(async () => {
    h = await startExchangeApp({ exchangeWs: { journalKeep: KEEP } });
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await h?.close();
  });

  const open = async (trader: SocketTrader, since?: number) => {
    const client = await SocketClient.open(h.base, trader.uid);
    clients.push(client);
    client.send(since === undefined ? { token: trader.token } : { token: trader.token, since });
    return client;
  };
  /** A new notification, committed and published: an event of the user's journal. */
  const notify = async (trader: SocketTrader) =>
    (await h.app.notifications.notify(undefined, { userId: trader.id, alarmType: 629012, actionType: 4 })).id;
  /** The number the user's series stands at, as a page's first socket is told it. */
  const head = async (trader: SocketTrader) => {
    const client = await open(trader);
    const resync = await client.mark('resync');
    client.close();
    return resync.seq;
  };
  /** Until the user's series stands at `seq`: journal rows are written just after their event's commit (RP1). */
  const untilHead = async (trader: SocketTrader, seq: number) => {
    while ((await head(trader)) < seq);
  };
  const untilSeq = (client: SocketClient, seq: number) =>
    client.next((m) => (m as unknown as Frame).seq === seq);

  it('sends the events of a time without a socket once, in order, then the count of now and the live ones', async () => {
    const trader = await h.trader();
    const start = await head(trader);
    const ids = [await notify(trader), await notify(trader), await notify(trader)];
    await untilHead(trader, start + 3);
    const client = await open(trader, start);
    await untilSeq(client, start + 3);
    // The count of now follows the replayed notifications (theirs is the count of their time).
    await client.next(
      (m) => (m.ordertype as string) === 'notification' && (m as unknown as Frame).id === undefined,
    );
    const live = await notify(trader);
    await untilSeq(client, start + 4);
    expect(numbered(client).map((m) => [m.seq, m.id])).toEqual([
      [start + 1, ids[0]],
      [start + 2, ids[1]],
      [start + 3, ids[2]],
      [start + 4, live],
    ]);
    expect(client.marks).toEqual([]);
  });

  it('gives a socket that reconnects with the last number it saw exactly the rest', async () => {
    const trader = await h.trader();
    const first = await open(trader);
    const { seq: start } = await first.mark('resync');
    await notify(trader);
    await notify(trader);
    await untilSeq(first, start + 2);
    first.close();
    const missed = [await notify(trader), await notify(trader)];
    await untilHead(trader, start + 4);
    const again = await open(trader, start + 2);
    await untilSeq(again, start + 4);
    await notify(trader);
    await untilSeq(again, start + 5);
    expect(numbered(again).map((m) => m.seq)).toEqual([start + 3, start + 4, start + 5]);
    expect(
      numbered(again)
        .slice(0, 2)
        .map((m) => m.id),
    ).toEqual(missed);
  });

  it('answers resync with the last number when the events after `since` are no longer kept', async () => {
    const trader = await h.trader();
    const start = await head(trader);
    for (let i = 0; i < KEEP + 2; i += 1) await notify(trader);
    await untilHead(trader, start + KEEP + 2);
    const client = await open(trader, start);
    const resync = await client.mark('resync');
    expect(resync).toEqual({ ordertype: 'resync', seq: start + KEEP + 2 });
    // The count of now comes with it; the page goes on after the number it was given.
    await client.next((m) => (m.ordertype as string) === 'notification');
    await notify(trader);
    await untilSeq(client, start + KEEP + 3);
    expect(numbered(client).map((m) => m.seq)).toEqual([start + KEEP + 3]);
    // A number the series never reached (another database's) is answered the same way.
    const ahead = await open(trader, start + 1000);
    expect(await ahead.mark('resync')).toEqual({ ordertype: 'resync', seq: start + KEEP + 3 });
  });

  it("never replays another user's events, and gives every socket of the user each event once", async () => {
    const [alice, bob] = [await h.trader(), await h.trader()];
    const [aliceStart, bobStart] = [await head(alice), await head(bob)];
    const aliceId = await notify(alice);
    const bobId = await notify(bob);
    await untilHead(alice, aliceStart + 1);
    await untilHead(bob, bobStart + 1);
    const tabs = [await open(alice, aliceStart), await open(alice, aliceStart)];
    const bobs = await open(bob, bobStart);
    await untilSeq(bobs, bobStart + 1);
    await notify(alice);
    for (const tab of tabs) {
      await untilSeq(tab, aliceStart + 2);
      expect(numbered(tab).map((m) => [m.seq, m.ordertype])).toEqual([
        [aliceStart + 1, 'notification'],
        [aliceStart + 2, 'notification'],
      ]);
      expect(numbered(tab)[0]?.id).toBe(aliceId);
    }
    // Bob's socket: his one event; Alice's later one (pushed before this sentinel) never reached it.
    await notify(bob);
    await untilSeq(bobs, bobStart + 2);
    expect(numbered(bobs).map((m) => m.id)).toEqual([bobId, expect.any(String)]);
    expect(numbered(bobs).some((m) => m.id === aliceId)).toBe(false);
  });

  it('refuses a `since` that is not a whole number from 0 with 4401', async () => {
    const trader = await h.trader();
    for (const since of [-1, 1.5, '3']) {
      const client = await SocketClient.open(h.base, trader.uid);
      clients.push(client);
      client.send({ token: trader.token, since });
      expect((await client.closed).code).toBe(4401);
    }
  });
});
