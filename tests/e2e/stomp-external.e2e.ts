// The platform speaks plain STOMP and JSON: a client that is not ours (stompjs over the `ws` package in
// Node) can subscribe to prices, and the public product list answers in the documented envelope.
import { Client } from '@stomp/stompjs';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import type { Envelope, PriceEntry, ProductInfo } from '../../src/core/contract';

const baseUrl = inject('baseUrl');

/** Connects a STOMP client to /market-ws and resolves once CONNECTED arrives. */
function connect(): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client = new Client({
      webSocketFactory: () => new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/market-ws`),
      reconnectDelay: 0,
      heartbeatIncoming: 10_000,
      heartbeatOutgoing: 10_000,
      onConnect: () => resolve(client),
      onStompError: (frame) => reject(new Error(`STOMP ERROR: ${frame.headers.message ?? frame.body}`)),
      onWebSocketError: () => reject(new Error('WebSocket error on /market-ws')),
    });
    client.activate();
  });
}

describe('STOMP /market-ws with a third-party client', () => {
  it('receives at least one /topic/prices message per second over three seconds', async () => {
    const client = await connect();
    const batches: PriceEntry[][] = [];
    let elapsed = Infinity;
    try {
      // Three messages within three seconds of subscribing, timed to the third: the test ends when it
      // arrives, and the 3 s timer only fires when it is late (then the count below fails).
      await new Promise<void>((resolve) => {
        const subscribed = performance.now();
        const deadline = setTimeout(resolve, 3_000);
        client.subscribe('/topic/prices', (message) => {
          batches.push(JSON.parse(message.body) as PriceEntry[]);
          if (batches.length < 3) return;
          elapsed = performance.now() - subscribed;
          clearTimeout(deadline);
          resolve();
        });
      });
    } finally {
      await client.deactivate();
    }
    expect(batches.length).toBeGreaterThanOrEqual(3);
    expect(elapsed).toBeLessThanOrEqual(3_000);
    const btc = batches.at(-1)?.find((entry) => entry.symbol === 'BTCUSDT');
    expect(btc).toBeDefined();
    expect(typeof btc?.bidPrice).toBe('string');
    expect(Number(btc?.askPrice)).toBeGreaterThan(Number(btc?.bidPrice));
  });

  it('delivers per-symbol ticks on /topic/price.{SYMBOL}', async () => {
    const client = await connect();
    const ticks: PriceEntry[] = [];
    try {
      // The simulator moves a symbol about 0.8 times a second at random: a fixed 2 s window sees only the
      // subscription's snapshot about one time in eight, so wait for the second message (at most 15 s).
      await new Promise<void>((resolve) => {
        const deadline = setTimeout(resolve, 15_000);
        client.subscribe('/topic/price.ETHUSDT', (message) => {
          ticks.push(JSON.parse(message.body) as PriceEntry);
          if (ticks.length >= 2) {
            clearTimeout(deadline);
            resolve();
          }
        });
      });
    } finally {
      await client.deactivate();
    }
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.every((tick) => tick.symbol === 'ETHUSDT')).toBe(true);
  });
});

describe('POST /v1/wa-na/forex/product/list', () => {
  it('answers code 0 with at least 30 products over the 5 categories', async () => {
    const response = await fetch(`${baseUrl}/v1/wa-na/forex/product/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Envelope<ProductInfo[]>;
    expect(body.code).toBe(0);
    expect(body.data.length).toBeGreaterThanOrEqual(30);
    expect(new Set(body.data.map((product) => product.type))).toEqual(new Set([1, 2, 3, 4, 5]));
  });
});
