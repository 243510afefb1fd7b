import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ExchangeClose } from '../../../src/core/contract/trading';
import { SocketClient, startExchangeApp, type ExchangeApp } from './testing';

const isHold = (m: { ordertype: string }) => m.ordertype === 'holtOrder';
const isPending = (m: { ordertype: string }) => m.ordertype === 'pendingOrder';

describe('GET /exchange-ws/:id', () => {
  let h: ExchangeApp;
  const clients: SocketClient[] = [];
  const open = async (uid: string, token?: string, origin?: string) => {
    const client = await SocketClient.open(h.base, uid, token, origin);
    clients.push(client);
    return client;
  };
  /** An authenticated socket that has received its first two snapshots. */
  const ready = async (uid: string, token: string) => {
    const client = await open(uid, token);
    await client.next(isPending);
    return client;
  };

  beforeAll(async () => {
    h = await startExchangeApp({
      allowedOrigins: ['https://brand.example'],
      exchangeWs: { authTimeoutMs: 300, conflateMs: 200, maxSocketsPerUser: 2, heartbeatMs: 100 },
    });
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await h?.close();
  });

  it('closes a socket that sends no token in time with 4401', async () => {
    const trader = await h.trader();
    const client = await open(trader.uid);
    expect((await client.closed).code).toBe(ExchangeClose.unauthorized);
    expect(client.messages).toEqual([]);
    // Three beats' time passed without a token: a socket not signed in gets no heart-beat.
    expect(client.beats).toBe(0);
  });

  it('sends a signed-in socket the heart-beat frame every heartbeatMs, beside its messages', async () => {
    const trader = await h.trader();
    const client = await ready(trader.uid, trader.token);
    const from = client.beats;
    await client.beat(from + 2);
    // Each beat is the exact frame the browser compares with, never taken for a message of the account.
    expect(client.messages.every((message) => message.ordertype !== ('heartbeat' as string))).toBe(true);
  });

  it('closes a socket whose first message is not a token message with 4401', async () => {
    const trader = await h.trader();
    const client = await open(trader.uid);
    client.send('hello');
    expect((await client.closed).code).toBe(ExchangeClose.unauthorized);
  });

  it('closes with 4401 when the token is forged or belongs to another uid', async () => {
    const [alice, bob] = [await h.trader(), await h.trader()];
    const forged = await open(alice.uid, `${alice.token.slice(0, -4)}AAAA`);
    const foreign = await open(alice.uid, bob.token);
    expect((await forged.closed).code).toBe(ExchangeClose.unauthorized);
    expect((await foreign.closed).code).toBe(ExchangeClose.unauthorized);
    expect([...forged.messages, ...foreign.messages]).toEqual([]);
  });

  it('refuses a browser origin outside the allowed list with 403 and a malformed path with 404', async () => {
    const trader = await h.trader();
    await expect(open(trader.uid, trader.token, 'https://evil.example')).rejects.toThrow('403');
    await expect(open('not.a.uid', trader.token)).rejects.toThrow('404');
    const listed = await open(trader.uid, trader.token, 'https://brand.example');
    await listed.next(isPending);
  });

  it('leaves the market broker its own upgrades', async () => {
    const market = new WebSocket(`${h.base.replace('http', 'ws')}/market-ws`, ['v12.stomp']);
    await new Promise((resolve, reject) => market.once('open', resolve).once('error', reject));
    expect(market.protocol).toBe('v12.stomp');
    market.terminate();
  });

  it('answers a valid token with the open and pending snapshots of the account', async () => {
    const trader = await h.trader();
    const client = await ready(trader.uid, trader.token);
    expect(client.messages.map((m) => [m.ordertype, m.virtual, m.list.length])).toEqual([
      ['holtOrder', false, 0],
      ['pendingOrder', false, 0],
    ]);
    expect(client.messages[0]?.summary.netValue).toBe('100000.00');
  });

  it('pushes a placed order to every socket of the owner and never to another user', async () => {
    const [alice, bob] = [await h.trader(), await h.trader()];
    const aliceSockets = [await ready(alice.uid, alice.token), await ready(alice.uid, alice.token)];
    const bobSocket = await ready(bob.uid, bob.token);
    const placed = await h.order(alice.token);
    expect(placed.code).toBe(0);
    for (const socket of aliceSockets) {
      const hold = await socket.next((m) => isHold(m) && m.list.length === 1, 2);
      // Stored at the lot step's decimals; `id` is the public order number, as `uid`.
      expect(hold.list[0]).toMatchObject({
        id: placed.data,
        uid: placed.data,
        tradePair: 'BTCUSDT',
        positionStatus: 2,
        orderQuantity: '0.10',
      });
    }
    // Sentinel: Bob's own order reaches his socket after anything Alice's order could have sent him.
    const own = await h.order(bob.token);
    expect(own.code).toBe(0);
    const sentinel = await bobSocket.next((m) => isHold(m) && m.list.length > 0, 2);
    expect(sentinel.list.map((o) => o.uid)).toEqual([own.data]);
    const before = bobSocket.messages.slice(0, bobSocket.messages.indexOf(sentinel));
    expect(before.every((m) => m.list.length === 0)).toBe(true);
  });

  it('keeps the demo account apart: a Mock order reaches the demo socket only', async () => {
    const trader = await h.trader();
    const real = await ready(trader.uid, trader.token);
    const demo = await ready(trader.uid, trader.demoToken);
    expect(demo.messages[0]?.virtual).toBe(true);
    expect((await h.order(trader.demoToken, {}, true)).code).toBe(0);
    const hold = await demo.next((m) => isHold(m) && m.list.length === 1, 2);
    expect(hold.virtual).toBe(true);
    // Sentinel: a real order reaches the real socket after anything the demo order could have sent it.
    expect((await h.order(trader.token)).code).toBe(0);
    const sentinel = await real.next((m) => isHold(m) && m.list.length === 1, 2);
    expect(real.messages.indexOf(sentinel)).toBe(2);
  });

  it('pushes a pending order on the pendingOrder list and its cancellation', async () => {
    const trader = await h.trader();
    const client = await ready(trader.uid, trader.token);
    await h.pin('BTCUSDT', '90000.00');
    const placed = await h.order(trader.token, { buyPoint: 1, price: '80000.00' });
    expect(placed.code).toBe(0);
    const pending = await client.next((m) => isPending(m) && m.list.length === 1, 2);
    const orderId = pending.list[0]?.id ?? '';
    expect((await h.post('/exchange/order/cancelOrder', trader.token, { orderId })).code).toBe(0);
    await client.next((m) => isPending(m) && m.list.length === 0, 2);
  });

  it('tells the owner of a stop loss the server executed, once, on the open list', async () => {
    const trader = await h.trader();
    await h.pin('BTCUSDT', '90000.00');
    expect((await h.order(trader.token, { stopPrice: '89000.00' })).code).toBe(0);
    const client = await ready(trader.uid, trader.token);
    const from = client.messages.length;
    await h.pin('BTCUSDT', '88000.00');
    const closed = await client.next((m) => m.event !== undefined, from);
    expect(closed).toMatchObject({ ordertype: 'holtOrder', list: [], event: { kind: 'stop_loss' } });
    // Sentinel: once the engine has run what that tick queued, a new order reaches the socket after any
    // second execution of the stop loss would have.
    await h.app.tradingEngine.idle();
    expect((await h.order(trader.token)).code).toBe(0);
    // Looked for after the close: a price snapshot of the open position may come before it.
    const after = client.messages.indexOf(closed) + 1;
    const sentinel = await client.next((m) => isHold(m) && m.list.length === 1 && !m.event, after);
    const upTo = client.messages.slice(from, client.messages.indexOf(sentinel) + 1);
    expect(upTo.filter((m) => m.event).length).toBe(1);
  });

  it('pushes conflated snapshots with the new P&L when the price of a held symbol moves', async () => {
    const trader = await h.trader();
    await h.pin('BTCUSDT', '90000.00');
    expect((await h.order(trader.token)).code).toBe(0);
    const client = await ready(trader.uid, trader.token);
    const from = client.messages.length;
    const started = Date.now();
    for (const bid of ['90100.00', '90200.00', '90300.00', '90400.00', '90500.00'])
      await h.pin('BTCUSDT', bid);
    const moved = await client.next((m) => isHold(m) && m.list[0]?.currentPrice === '90500.00', from);
    expect(Number(moved.list[0]?.profitLoss)).toBeGreaterThan(0);
    const elapsed = Date.now() - started;
    const pushes = client.messages.slice(from).filter(isHold).length;
    expect(pushes).toBeLessThanOrEqual(Math.ceil(elapsed / 200) + 1);
  });

  it('closes the oldest socket of a user with 4409 beyond the per-user limit', async () => {
    const trader = await h.trader();
    const first = await ready(trader.uid, trader.token);
    await ready(trader.uid, trader.token);
    await ready(trader.uid, trader.token);
    expect((await first.closed).code).toBe(ExchangeClose.replaced);
  });

  it('accepts a refreshed token of the same account and refuses one of the other account with 4401', async () => {
    const trader = await h.trader();
    const client = await ready(trader.uid, trader.token);
    const refreshed = await h.app.auth.reissueAccessToken(sessionOf(trader.token), { virtual: false });
    client.send({ token: refreshed.token });
    expect((await h.order(trader.token)).code).toBe(0);
    await client.next((m) => isHold(m) && m.list.length === 1, 2);
    client.send({ token: trader.demoToken });
    expect((await client.closed).code).toBe(ExchangeClose.unauthorized);
  });

  it('closes with 4402 when the user logs out', async () => {
    const trader = await h.trader();
    const client = await ready(trader.uid, trader.token);
    const other = await ready(trader.uid, trader.demoToken);
    expect((await h.post('/v1/waa/user/logout', trader.token)).code).toBe(0);
    expect((await client.closed).code).toBe(ExchangeClose.sessionEnded);
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes with 4402 at the next push once the access token has expired', async () => {
    const trader = await h.trader();
    const client = await ready(trader.uid, trader.token);
    h.clock.advance(16 * 60_000);
    const fresh = await h.app.auth.issueSession(null, trader.id, { virtual: false });
    expect((await h.order(fresh.token)).code).toBe(0);
    expect((await client.closed).code).toBe(ExchangeClose.sessionEnded);
    expect(client.messages.every((m) => m.list.length === 0)).toBe(true);
  });
});

/** The session id inside an access token (the payload's `sid`). */
function sessionOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sid: string;
  };
  return payload.sid;
}
