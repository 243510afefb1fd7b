import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addOrderOption,
  findOptionsProduct,
  type ExchangeOptionSettledMessage,
  type OptionProduct,
} from '../../../src/core/contract/options';
import { urlOf } from '../trading/test-app';
import { SocketClient, startExchangeApp, type ExchangeApp, type SocketTrader } from './testing';

const isPending = (m: { ordertype: string }) => m.ordertype === 'pendingOrder';
const settledOf = (client: SocketClient) =>
  (client.messages as unknown[]).filter(
    (m): m is ExchangeOptionSettledMessage => (m as { ordertype: string }).ordertype === 'optionSettled',
  );

describe('exchange socket: settled options', () => {
  let h: ExchangeApp;
  const clients: SocketClient[] = [];
  const ready = async (uid: string, token: string) => {
    const client = await SocketClient.open(h.base, uid, token);
    clients.push(client);
    await client.next(isPending);
    return client;
  };
  let product: OptionProduct;

  beforeAll(async () => {
    // The settler's timer stays off: the test settles when it wants.
    h = await startExchangeApp({ optionMode: { settleEveryMs: 3_600_000, recordEveryMs: 3_600_000 } });
    await h.pin('BTCUSDT', '100000.00');
    const answer = await h.post<{ optionsProducts: OptionProduct[] }>(urlOf(findOptionsProduct), '', {
      productCode: 'BTCUSDT',
    });
    product = answer.data.optionsProducts[0] as OptionProduct;
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await h?.close();
  });

  /** Buys a one-minute option at the server clock's time. */
  const buy = async (trader: SocketTrader, demo: boolean) => {
    const placed = await h.post<{ uid: string }>(
      urlOf(addOrderOption, {}, demo),
      demo ? trader.demoToken : trader.token,
      {
        tradePair: 'BTCUSDT',
        optionsProductId: product.id,
        price: '100000.00',
        timeLong: 60,
        btime: Math.floor(h.clock.now() / 1000),
        rate: '0.85',
        amount: '100',
        orderType: 0,
      },
    );
    expect(placed.code).toBe(0);
    return placed.data.uid;
  };
  /** Moves the server clock past the end of every option bought so far. */
  const expireAll = () => h.clock.advance(61_000);
  const uidsOf = (client: SocketClient) => settledOf(client).map((m) => m.list.map((o) => o.uid));

  it("sends the settled option to its owner's sockets of that account only", async () => {
    const [alice, bob] = [await h.trader(), await h.trader()];
    await h.app.db.transaction((tx) => h.app.accounts.credit(tx, alice.id, 'demo', '1000', { ref: 'test' }));
    const aliceReal = await ready(alice.uid, alice.token);
    const aliceReal2 = await ready(alice.uid, alice.token);
    const aliceDemo = await ready(alice.uid, alice.demoToken);
    const bobReal = await ready(bob.uid, bob.token);

    const real = await buy(alice, false);
    expireAll();
    expect((await h.app.optionMode.settler.settleDue()).map((row) => row.uid)).toEqual([real]);
    for (const socket of [aliceReal, aliceReal2]) {
      const message = (await socket.next((m) => m.ordertype === ('optionSettled' as string))) as unknown;
      expect(message).toMatchObject({
        ordertype: 'optionSettled',
        virtual: false,
        list: [{ uid: real, positionStatus: 1, amount: '100.00', orderType: 0, timeLong: 60 }],
      });
    }

    // Each later settlement is pushed after the earlier ones: it is the sentinel of "nothing else came".
    const demo = await buy(alice, true);
    expireAll();
    await h.app.optionMode.settler.settleDue();
    const message = (await aliceDemo.next((m) => m.ordertype === ('optionSettled' as string))) as unknown;
    expect(message).toMatchObject({ virtual: true, list: [{ uid: demo, positionStatus: 1 }] });
    expect(uidsOf(aliceDemo)).toEqual([[demo]]);

    const [real2, bobs] = [await buy(alice, false), await buy(bob, false)];
    expireAll();
    await h.app.optionMode.settler.settleDue();
    await aliceReal.next((m) => m.ordertype === ('optionSettled' as string) && m.list[0]?.uid === real2);
    await bobReal.next((m) => m.ordertype === ('optionSettled' as string));
    expect(uidsOf(aliceReal)).toEqual([[real], [real2]]);
    expect(uidsOf(bobReal)).toEqual([[bobs]]);
  });

  it('delivers a settlement made while the socket was away once, with its number, after a reconnect (RP1)', async () => {
    const alice = await h.trader();
    const away = await ready(alice.uid, alice.token);
    const { seq: start } = await away.mark('resync');
    away.close();
    const demo = await ready(alice.uid, alice.demoToken);
    const real = await buy(alice, false);
    expireAll();
    await h.app.optionMode.settler.settleDue();
    // The demo socket gets the real account's settlement as its number only: the journal has written it.
    expect(await demo.mark('skipped')).toEqual({ ordertype: 'skipped', seq: start + 1 });
    expect(settledOf(demo)).toEqual([]);

    const back = await SocketClient.open(h.base, alice.uid);
    clients.push(back);
    back.send({ token: alice.token, since: start });
    const replayed = (await back.next((m) => m.ordertype === ('optionSettled' as string))) as unknown;
    expect(replayed).toMatchObject({ ordertype: 'optionSettled', seq: start + 1, list: [{ uid: real }] });
    const later = await buy(alice, false);
    expireAll();
    await h.app.optionMode.settler.settleDue();
    await back.next((m) => m.ordertype === ('optionSettled' as string) && m.list[0]?.uid === later);
    expect(uidsOf(back)).toEqual([[real], [later]]);
    expect(back.marks).toEqual([]);
  });
});
