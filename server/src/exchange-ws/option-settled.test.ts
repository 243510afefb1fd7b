import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addOrderOption,
  findOptionsProduct,
  type ExchangeOptionSettledMessage,
  type OptionProduct,
} from '../../../src/core/contract/options';
import { urlOf } from '../trading/test-app';
import { SocketClient, startExchangeApp, type ExchangeApp, type SocketTrader } from './testing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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

  /** Buys an option and makes it due at once (its times moved into the past). */
  const buyDue = async (trader: SocketTrader, demo: boolean) => {
    const placed = await h.post<{ uid: string }>(
      urlOf(addOrderOption, {}, demo),
      demo ? trader.demoToken : trader.token,
      {
        tradePair: 'BTCUSDT',
        optionsProductId: product.id,
        price: '100000.00',
        timeLong: 60,
        btime: Math.floor(Date.now() / 1000),
        rate: '0.85',
        amount: '100',
        orderType: 0,
      },
    );
    expect(placed.code).toBe(0);
    await h.app.db.query('update option_orders set begin_time = $2, end_time = $3 where uid = $1', [
      placed.data.uid,
      Date.now() - 61_000,
      Date.now() - 1_000,
    ]);
    return placed.data.uid;
  };

  it("sends the settled option to its owner's sockets of that account only", async () => {
    const [alice, bob] = [await h.trader(), await h.trader()];
    await h.app.db.transaction((tx) => h.app.accounts.credit(tx, alice.id, 'demo', '1000', { ref: 'test' }));
    const aliceReal = await ready(alice.uid, alice.token);
    const aliceReal2 = await ready(alice.uid, alice.token);
    const aliceDemo = await ready(alice.uid, alice.demoToken);
    const bobReal = await ready(bob.uid, bob.token);

    const real = await buyDue(alice, false);
    expect((await h.app.optionMode.settler.settleDue()).map((row) => row.uid)).toEqual([real]);
    for (const socket of [aliceReal, aliceReal2]) {
      const message = (await socket.next((m) => m.ordertype === ('optionSettled' as string))) as unknown;
      expect(message).toMatchObject({
        ordertype: 'optionSettled',
        virtual: false,
        list: [{ uid: real, positionStatus: 1, amount: '100.00', orderType: 0, timeLong: 60 }],
      });
    }
    await sleep(150);
    expect(settledOf(aliceDemo)).toEqual([]);
    expect(settledOf(bobReal)).toEqual([]);

    const demo = await buyDue(alice, true);
    await h.app.optionMode.settler.settleDue();
    const message = (await aliceDemo.next((m) => m.ordertype === ('optionSettled' as string))) as unknown;
    expect(message).toMatchObject({ virtual: true, list: [{ uid: demo, positionStatus: 1 }] });
    await sleep(150);
    expect(settledOf(aliceReal).map((m) => m.list.map((o) => o.uid))).toEqual([[real]]);
    expect(settledOf(bobReal)).toEqual([]);
  });
});
