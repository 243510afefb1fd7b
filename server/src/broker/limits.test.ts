import { afterEach, describe, expect, it } from 'vitest';
import { RawStompClient } from './testing/raw-client';
import { startBrokerApp } from './testing/test-app';

type App = Awaited<ReturnType<typeof startBrokerApp>>;

describe('STOMP /market-ws', () => {
  describe('limits', () => {
    const apps: App[] = [];
    const clients: RawStompClient[] = [];
    const start = async (options: Parameters<typeof startBrokerApp>[0] = {}) => {
      const started = await startBrokerApp(options);
      apps.push(started);
      return started;
    };
    const open = async (url: string, headers?: Record<string, string>) => {
      const client = await RawStompClient.open(url, { headers });
      clients.push(client);
      return client;
    };
    afterEach(async () => {
      clients.splice(0).forEach((client) => client.close());
      await Promise.all(apps.splice(0).map(({ app }) => app.close()));
    });

    it('answers a second subscription to the same destination with ERROR "already subscribed" and closes', async () => {
      const { url, app } = await start();
      const client = await open(url);
      await client.connect();
      await client.subscribe('/topic/prices', 'first');
      client.frame('SUBSCRIBE', { id: 'second', destination: '/topic/prices', receipt: 'again' });
      const error = await client.expect('ERROR');
      expect(error.headers).toMatchObject({ message: 'already subscribed', 'receipt-id': 'again' });
      expect(error.body).toContain('/topic/prices');
      expect(await client.closed).toBe(1002);
      expect(app.broker.stats().subscriptions).toBe(0);
    });

    it('delivers each frame once per socket, also after unsubscribing and subscribing again', async () => {
      const { url, app } = await start();
      const client = await open(url);
      await client.connect();
      await client.subscribe('/topic/prices', 'a');
      client.frame('UNSUBSCRIBE', { id: 'a' });
      await client.subscribe('/topic/prices', 'b');
      app.broker.publish('/topic/prices', '{"n":1}');
      const message = await client.expect('MESSAGE');
      expect(message.headers.subscription).toBe('b');
      await expect(client.next(200)).rejects.toThrow();
      expect(app.broker.stats()).toMatchObject({ subscriptions: 1, delivered: 1 });
    });

    it('refuses more subscriptions than maxSubscriptions on one socket', async () => {
      const { url } = await start({ maxSubscriptions: 3 });
      const client = await open(url);
      await client.connect();
      for (const name of ['a', 'b', 'c']) await client.subscribe(`/topic/${name}`, name);
      client.frame('SUBSCRIBE', { id: 'd', destination: '/topic/d' });
      expect((await client.expect('ERROR')).headers.message).toBe('too many subscriptions');
    });

    it('answers HTTP 429 to one socket more than maxConnectionsPerAddress, and admits again after a close', async () => {
      const { url, app } = await start({ maxConnectionsPerAddress: 3 });
      const held = [await open(url), await open(url), await open(url)];
      await expect(RawStompClient.open(url)).rejects.toThrow('429');
      expect(app.broker.stats().refusedUpgrades).toBe(1);
      held[0]?.close();
      await held[0]?.closed;
      await expect.poll(() => app.broker.stats().connections).toBe(2);
      (await open(url)).close();
    });

    it('caps 20 sockets per address by default', async () => {
      const { url } = await start();
      for (let i = 0; i < 20; i++) await open(url);
      await expect(RawStompClient.open(url)).rejects.toThrow('429');
    });

    it('counts per forwarded address only behind a trusted proxy', async () => {
      const trusted = await start({ maxConnectionsPerAddress: 1, trustProxy: true });
      await open(trusted.url, { 'x-forwarded-for': '203.0.113.1' });
      await open(trusted.url, { 'x-forwarded-for': '203.0.113.2, 10.0.0.1' });
      await expect(
        RawStompClient.open(trusted.url, { headers: { 'x-forwarded-for': '203.0.113.1' } }),
      ).rejects.toThrow('429');
      const direct = await start({ maxConnectionsPerAddress: 1 });
      await open(direct.url, { 'x-forwarded-for': '203.0.113.1' });
      await expect(
        RawStompClient.open(direct.url, { headers: { 'x-forwarded-for': '203.0.113.2' } }),
      ).rejects.toThrow('429');
    });
  });
});
