import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketClient, startExchangeApp, type ExchangeApp } from './testing';

describe('GET /exchange-ws/:id', () => {
  let h: ExchangeApp;
  const clients: SocketClient[] = [];

  beforeAll(async () => {
    h = await startExchangeApp({
      exchangeWs: { authTimeoutMs: 30_000, maxConnectionsPerAddress: 2 },
    });
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await h?.close();
  });

  it('answers HTTP 429 to one socket more than the per-address cap, signed in or not, and admits again after a close', async () => {
    const trader = await h.trader();
    clients.push(
      await SocketClient.open(h.base, trader.uid),
      await SocketClient.open(h.base, 'someone-else'),
    );
    await expect(SocketClient.open(h.base, trader.uid)).rejects.toThrow('429');
    const first = clients.shift();
    first?.close();
    await first?.closed;
    await expect
      .poll(async () => {
        const client = await SocketClient.open(h.base, trader.uid).catch(() => null);
        if (client) clients.push(client);
        return client !== null;
      })
      .toBe(true);
  });
});
