import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminDropConnections } from '../../../src/core/contract/admin-market';
import { serverUrl } from '../../../src/core/contract/endpoint';
import { RawStompClient } from './testing/raw-client';
import { TEST_ADMIN_TOKEN, auditRows, startBrokerApp } from './testing/test-app';

const DROP_CONNECTIONS_PATH = serverUrl(adminDropConnections.service, adminDropConnections.path);

describe('STOMP /market-ws', () => {
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => ({ app, url } = await startBrokerApp()));
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());

  /**
   * The refusal window is wall time (Date.now): faked, so the test moves past it instead of waiting. The fake
   * time starts a minute back, so the window has ended in real time too when the next test runs.
   */
  const fakeWallClock = () => {
    const real = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(real - 60_000);
  };

  async function subscribed(): Promise<RawStompClient> {
    const client = await RawStompClient.open(url);
    await client.connect();
    await client.subscribe('/topic/prices');
    return client;
  }

  describe('dropAll', () => {
    it('drops every socket like a network failure, refuses for refuseMs and then accepts again', async () => {
      const clients = await Promise.all([subscribed(), subscribed(), subscribed()]);
      fakeWallClock();
      const droppedAt = Date.now();
      expect(app.broker.dropAll(1000)).toBe(3);
      expect(app.broker.stats()).toMatchObject({ connections: 0, subscriptions: 0 });
      await expect(RawStompClient.open(url)).rejects.toThrow('503');
      expect(await Promise.all(clients.map((c) => c.closed))).toEqual([1006, 1006, 1006]);
      vi.setSystemTime(droppedAt + 999);
      await expect(RawStompClient.open(url)).rejects.toThrow('503');
      vi.setSystemTime(droppedAt + 1050);
      const again = await subscribed();
      app.broker.publish('/topic/prices', '[]');
      expect((await again.expect('MESSAGE')).body).toBe('[]');
      again.close();
    });

    it('accepts at once after a drop without refuseMs', async () => {
      const client = await subscribed();
      app.broker.dropAll();
      expect(await client.closed).toBe(1006);
      (await RawStompClient.open(url)).close();
    });
  });

  describe(`POST ${DROP_CONNECTIONS_PATH}`, () => {
    const post = (payload: unknown, token?: string) =>
      app.inject({
        method: 'POST',
        url: DROP_CONNECTIONS_PATH,
        payload: payload as object,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    it('answers 401 without the admin bearer token and drops nothing', async () => {
      const client = await subscribed();
      expect((await post({})).statusCode).toBe(401);
      expect((await post({}, 'wrong-token')).statusCode).toBe(401);
      expect(client.ws.readyState).toBe(client.ws.OPEN);
      client.close();
    });

    it('drops the sockets, answers the count in the envelope and refuses for refuseMs', async () => {
      const clients = await Promise.all([subscribed(), subscribed()]);
      fakeWallClock();
      const droppedAt = Date.now();
      const rowsBefore = auditRows.length;
      const response = await post({ refuseMs: 1000 }, TEST_ADMIN_TOKEN);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 0, msg: 'success', data: { dropped: 2 } });
      expect(auditRows.slice(rowsBefore)).toEqual([
        {
          action: 'market.drop_connections',
          objectKind: 'broker',
          objectId: 'all',
          after: { refuseMs: 1000 },
        },
      ]);
      await expect(RawStompClient.open(url)).rejects.toThrow('503');
      await Promise.all(clients.map((c) => c.closed));
      vi.setSystemTime(droppedAt + 1050);
      (await RawStompClient.open(url)).close();
    });

    it('rejects a refuseMs above one minute', async () => {
      expect((await post({ refuseMs: 60_001 }, TEST_ADMIN_TOKEN)).statusCode).toBe(400);
      await expect.poll(() => app.broker.stats().connections).toBe(0);
      expect((await post({ refuseMs: 0 }, TEST_ADMIN_TOKEN)).json().data.dropped).toBe(0);
    });
  });
});
