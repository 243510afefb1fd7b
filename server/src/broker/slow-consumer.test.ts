import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RawStompClient } from './testing/raw-client';
import { startBrokerApp } from './testing/test-app';

const DESTINATION = '/topic/prices';
const LIMIT = 64 * 1024;
const body = (seq: number) => JSON.stringify({ seq, pad: 'p'.repeat(16_000) });
const seqOf = (frame: { body: string } | undefined) =>
  frame ? (JSON.parse(frame.body) as { seq: number }).seq : 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops reading the client's TCP socket, so the server's send buffer for it fills up. */
function pauseReads(client: RawStompClient): Socket {
  const socket = (client.ws as unknown as { _socket: Socket })._socket;
  socket.pause();
  return socket;
}

describe('STOMP /market-ws', () => {
  describe('slow consumers', () => {
    let app: FastifyInstance;
    let url: string;
    const clients: RawStompClient[] = [];

    beforeAll(
      async () => ({ app, url } = await startBrokerApp({ maxBufferedBytes: LIMIT, slowConsumerMs: 1500 })),
    );
    afterAll(() => app.close());
    afterEach(async () => {
      clients.splice(0).forEach((c) => c.close());
      await expect.poll(() => app.broker.stats().connections).toBe(0);
    });

    async function subscribed(): Promise<RawStompClient> {
      const client = await RawStompClient.open(url);
      clients.push(client);
      await client.connect();
      await client.subscribe(DESTINATION);
      return client;
    }

    /** Publishes batches until `done`, checking after each batch that `normal` already has all of it. */
    async function publishUntil(normal: RawStompClient, done: () => boolean, pauseMs = 0): Promise<number> {
      let published = 0;
      while (!done() && published < 8000) {
        for (let i = 0; i < 25; i++) app.broker.publish(DESTINATION, body(++published));
        await expect.poll(() => normal.unread.length, { timeout: 1000, interval: 5 }).toBe(published);
        if (pauseMs) await sleep(pauseMs);
      }
      return published;
    }

    it('conflates a paused reader to the latest frames while another subscriber gets every message promptly', async () => {
      const normal = await subscribed();
      const slow = await subscribed();
      const socket = pauseReads(slow);
      const published = await publishUntil(normal, () => app.broker.stats().conflated >= 50);

      expect(normal.unread.map(seqOf)).toEqual(Array.from({ length: published }, (_, i) => i + 1));
      socket.resume();
      await expect.poll(() => seqOf(slow.unread.at(-1)), { timeout: 3000 }).toBe(published);
      const slowSeqs = slow.unread.map(seqOf);
      expect(slowSeqs.length).toBeLessThan(published - 50);
      expect(slowSeqs).toEqual([...slowSeqs].sort((a, b) => a - b));
      expect(app.broker.stats()).toMatchObject({ connections: 2, slowConsumersDisconnected: 0 });
    });

    it('disconnects a reader stuck above the limit for slowConsumerMs and counts it', async () => {
      const normal = await subscribed();
      const stuck = await subscribed();
      pauseReads(stuck);
      const before = app.broker.stats().slowConsumersDisconnected;
      const started = Date.now();
      const published = await publishUntil(
        normal,
        () => app.broker.stats().slowConsumersDisconnected > before,
        20,
      );

      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
      expect(normal.unread).toHaveLength(published);
      expect(app.broker.stats()).toMatchObject({ connections: 1, slowConsumersDisconnected: before + 1 });
    });
  });
});
