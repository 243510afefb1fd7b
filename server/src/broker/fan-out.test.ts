import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawStompClient } from './testing/raw-client';
import { startBrokerApp } from './testing/test-app';

describe('STOMP /market-ws', () => {
  describe('fan-out', () => {
    let app: FastifyInstance;
    let url: string;
    let clients: RawStompClient[];

    beforeAll(async () => {
      // A hundred sockets from one test address: no per-address cap here.
      ({ app, url } = await startBrokerApp({ maxConnectionsPerAddress: 0 }));
      clients = await Promise.all(
        Array.from({ length: 100 }, async () => {
          const client = await RawStompClient.open(url);
          await client.connect();
          await client.subscribe('/topic/prices', 'sub-0');
          return client;
        }),
      );
    });
    afterAll(async () => {
      clients.forEach((c) => c.close());
      await app.close();
    });

    it('encodes a message once for 100 subscribers sharing a subscription id and delivers it to all', async () => {
      const before = app.broker.stats();
      app.broker.publish('/topic/prices', '[{"symbol":"EURUSD"}]');
      const after = app.broker.stats();
      expect(after.encoded - before.encoded).toBe(1);
      expect(after.delivered - before.delivered).toBe(100);
      const frames = await Promise.all(clients.map((c) => c.expect('MESSAGE')));
      expect(new Set(frames.map((f) => f.body))).toEqual(new Set(['[{"symbol":"EURUSD"}]']));
      expect(new Set(frames.map((f) => f.headers['message-id'])).size).toBe(1);
    });

    it('encodes once per distinct subscription id and not at all without subscribers', async () => {
      const other = await RawStompClient.open(url);
      await other.connect();
      await other.subscribe('/topic/prices', 'prices');
      const before = app.broker.stats().encoded;
      app.broker.publish('/topic/prices', '[]');
      app.broker.publish('/topic/nobody', '[]');
      expect(app.broker.stats().encoded - before).toBe(2);
      expect((await other.expect('MESSAGE')).headers.subscription).toBe('prices');
      await Promise.all(clients.map((c) => c.expect('MESSAGE')));
      other.close();
    });
  });
});
