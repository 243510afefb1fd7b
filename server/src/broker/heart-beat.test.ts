import type { FastifyInstance } from 'fastify';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { negotiateHeartBeat, parseHeartBeat } from './heart-beat';
import { RawStompClient } from './testing/raw-client';
import { startBrokerApp } from './testing/test-app';

describe('STOMP /market-ws', () => {
  describe('heart-beat negotiation', () => {
    it.each([
      [[0, 0], 10_000, { outgoing: 0, incoming: 0 }],
      [[4000, 4000], 10_000, { outgoing: 10_000, incoming: 10_000 }],
      [[20_000, 0], 10_000, { outgoing: 0, incoming: 20_000 }],
      [[0, 30_000], 10_000, { outgoing: 30_000, incoming: 0 }],
      [[5000, 5000], 0, { outgoing: 0, incoming: 0 }],
    ] as const)('turns client %j with server %i into %j', (client, serverMs, expected) => {
      expect(negotiateHeartBeat([client[0], client[1]], serverMs)).toEqual(expected);
    });

    it('parses cx,cy and rejects anything else', () => {
      expect(parseHeartBeat(' 100 , 200 ')).toEqual([100, 200]);
      expect(parseHeartBeat(undefined)).toEqual([0, 0]);
      expect(() => parseHeartBeat('100')).toThrow('invalid heart-beat');
      expect(() => parseHeartBeat('-1,5')).toThrow('invalid heart-beat');
    });
  });

  describe('heart-beats on the wire', () => {
    let app: FastifyInstance;
    let url: string;
    const clients: RawStompClient[] = [];

    beforeAll(async () => ({ app, url } = await startBrokerApp({ heartbeatMs: 100 })));
    afterAll(() => app.close());
    afterEach(() => {
      vi.useRealTimers();
      clients.splice(0).forEach((c) => c.close());
    });

    async function open(): Promise<RawStompClient> {
      const client = await RawStompClient.open(url);
      clients.push(client);
      return client;
    }

    /**
     * Heart-beats are wall-time mechanics: their intervals (and the silence check's Date.now) are faked from
     * the CONNECT on, and the test steps them instead of waiting for them.
     */
    const fakeBeatTimers = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });

    /** Sentinel of a ping: its pong comes after everything the server sent and read before it. */
    async function roundTrip(client: RawStompClient): Promise<void> {
      const pong = once(client.ws, 'pong');
      client.ws.ping();
      await pong;
    }

    it('sends EOLs while idle at the negotiated interval', async () => {
      const client = await open();
      fakeBeatTimers();
      const connected = await client.connect({ 'heart-beat': '0,100' });
      expect(connected.headers['heart-beat']).toBe('100,100');
      vi.advanceTimersByTime(650);
      await roundTrip(client);
      expect(client.heartBeats).toBeGreaterThanOrEqual(3);
      expect(client.heartBeats).toBeLessThanOrEqual(14);
    });

    it('sends no EOLs to a client that asked for none', async () => {
      const client = await open();
      fakeBeatTimers();
      await client.connect({ 'heart-beat': '0,0' });
      vi.advanceTimersByTime(300);
      await roundTrip(client);
      expect(client.heartBeats).toBe(0);
    });

    it('drops a client silent for more than twice its promised interval', async () => {
      const client = await open();
      fakeBeatTimers();
      await client.connect({ 'heart-beat': '100,0' });
      // Twice the interval of silence is still tolerated.
      vi.advanceTimersByTime(200);
      await roundTrip(client);
      expect(client.unread).toEqual([]);
      vi.advanceTimersByTime(100);
      const error = await client.expect('ERROR', 2000);
      expect(error.headers.message).toBe('heart-beat timeout');
      expect(await client.closed).toBe(1002);
    });

    it('keeps a client that sends its heart-beats', async () => {
      const client = await open();
      // Promising 300 ms and beating every 60 ms, for a second.
      fakeBeatTimers();
      await client.connect({ 'heart-beat': '300,0' });
      for (let elapsed = 0; elapsed < 1000; elapsed += 60) {
        client.send('\n');
        // The beat is read before the pong is sent: the server has seen it before the time moves on.
        await roundTrip(client);
        vi.advanceTimersByTime(60);
      }
      await roundTrip(client);
      expect(client.ws.readyState).toBe(client.ws.OPEN);
      expect(client.unread).toEqual([]);
    });

    it('closes a socket that never sends CONNECT', async () => {
      const { app: strict, url: strictUrl } = await startBrokerApp({ connectTimeoutMs: 150 });
      try {
        const client = await RawStompClient.open(strictUrl);
        expect((await client.expect('ERROR')).headers.message).toBe('connect timeout');
        expect(await client.closed).toBe(1002);
      } finally {
        await strict.close();
      }
    });
  });
});
