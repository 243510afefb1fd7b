import { Client, type IMessage, type IStompSocket } from '@stomp/stompjs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrokerApp } from './testing/test-app';

describe('STOMP /market-ws', () => {
  describe('with @stomp/stompjs', () => {
    let app: FastifyInstance;
    let url: string;

    beforeAll(async () => ({ app, url } = await startBrokerApp({ heartbeatMs: 400 })));
    afterAll(() => app.close());

    function stompClient(received: IMessage[], connects: { count: number }): Client {
      const client = new Client({
        webSocketFactory: () =>
          new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']) as unknown as IStompSocket,
        reconnectDelay: 100,
        heartbeatIncoming: 400,
        heartbeatOutgoing: 400,
      });
      // stompjs does not re-subscribe after a reconnect, so subscriptions live in onConnect.
      client.onConnect = () => {
        connects.count++;
        client.subscribe('/topic/price.EURUSD', (message) => received.push(message));
      };
      return client;
    }

    it('receives the snapshot and then every published message, with heart-beats on both sides', async () => {
      app.broker.setSnapshot('/topic/price.*', (destination) =>
        JSON.stringify({ destination, price: '1.0800' }),
      );
      const received: IMessage[] = [];
      const connects = { count: 0 };
      const client = stompClient(received, connects);
      client.activate();
      try {
        await expect.poll(() => received.length).toBe(1);
        expect(JSON.parse(received[0]?.body ?? '')).toEqual({
          destination: '/topic/price.EURUSD',
          price: '1.0800',
        });
        // Idle for several heart-beat periods: neither side may give up on the other.
        await new Promise((resolve) => setTimeout(resolve, 1300));
        for (let i = 1; i <= 5; i++)
          app.broker.publish('/topic/price.EURUSD', JSON.stringify({ price: `1.080${i}` }));
        await expect.poll(() => received.length).toBe(6);
        expect(received.slice(1).map((m) => JSON.parse(m.body).price)).toEqual([
          '1.0801',
          '1.0802',
          '1.0803',
          '1.0804',
          '1.0805',
        ]);
        expect(received[1]?.headers).toMatchObject({
          'content-type': 'application/json',
          destination: '/topic/price.EURUSD',
        });
        expect(connects.count).toBe(1);
      } finally {
        await client.deactivate();
      }
    });

    it('reconnects after a server-side drop and receives again', async () => {
      const received: IMessage[] = [];
      const connects = { count: 0 };
      const client = stompClient(received, connects);
      client.activate();
      try {
        await expect.poll(() => connects.count).toBe(1);
        expect(app.broker.dropAll(300)).toBeGreaterThanOrEqual(1);
        await expect.poll(() => connects.count, { timeout: 5000 }).toBe(2);
        await expect.poll(() => app.broker.hasSubscribers('/topic/price.EURUSD')).toBe(true);
        app.broker.publish('/topic/price.EURUSD', '{"price":"1.0900"}');
        await expect.poll(() => received.at(-1)?.body).toBe('{"price":"1.0900"}');
      } finally {
        await client.deactivate();
      }
    });
  });
});
