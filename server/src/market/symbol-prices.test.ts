// A partner page with two symbols (issue #26 item 14, decision PP1): what its socket receives in one minute of
// the /topic/prices beat, against a page that takes the whole catalogue. The rounds run on the server's
// injected clock; each round's frames are awaited, never slept for.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceEntry } from '../../../src/core/contract/types';
import { Topic } from '../../../src/core/contract/paths';
import { RawStompClient, startBrokerApp, type RawFrame } from '../broker/testing/test-app';
import { createTestClock } from '../clock';
import { buildMarketApp } from './test-app';

const WEDNESDAY = Date.parse('2026-03-11T10:00:00Z');
const BEAT_MS = 500;
const ROUNDS_PER_MINUTE = 60_000 / BEAT_MS;
const PARTNER_SYMBOLS = ['BTCUSDT', 'EURUSD'];

/** A raw STOMP client that counts the bytes of every WebSocket message from the moment it is told to. */
async function countingClient(url: string) {
  const client = await RawStompClient.open(url);
  await client.connect();
  const meter = { bytes: 0, counting: false };
  client.ws.on('message', (data: Buffer) => {
    if (meter.counting) meter.bytes += data.length;
  });
  return { client, meter };
}

/** The next `count` frames, each a MESSAGE. */
async function messages(client: RawStompClient, count: number): Promise<RawFrame[]> {
  const frames: RawFrame[] = [];
  for (let i = 0; i < count; i++) frames.push(await client.expect('MESSAGE'));
  return frames;
}

describe('per-symbol prices for a page with a few symbols', () => {
  let brokerApp: FastifyInstance;
  let app: FastifyInstance;
  let url: string;
  const clock = createTestClock({ start: WEDNESDAY, frozen: true });

  beforeAll(async () => {
    // The real broker on a socket; the market plugin (not started) publishes into it on the test's clock.
    ({ app: brokerApp, url } = await startBrokerApp());
    app = await buildMarketApp(brokerApp.broker, { seed: 5, clock });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await brokerApp?.close();
  });

  /** One beat of the server: the clock moves, the market ticks, the prices are published. */
  function beat(): void {
    app.market.source.stepTo(clock.advance(BEAT_MS));
    app.market.publisher.publishPrices();
  }

  it('sends a two-symbol page its two entries per beat, a fraction of the catalogue’s bytes', async () => {
    const catalogue = await countingClient(url);
    const partner = await countingClient(url);
    try {
      await catalogue.client.subscribe(Topic.prices, 'all');
      const snapshots: RawFrame[] = [];
      for (const symbol of PARTNER_SYMBOLS) {
        snapshots.push(...(await partner.client.subscribe(Topic.symbolPrices(symbol), symbol)));
      }
      // A new subscriber gets the symbol's current entry at once, like /topic/prices.
      expect(snapshots.map((f) => (JSON.parse(f.body) as PriceEntry).symbol)).toEqual(PARTNER_SYMBOLS);

      catalogue.meter.counting = partner.meter.counting = true;
      for (let round = 0; round < ROUNDS_PER_MINUTE; round++) {
        beat();
        const [all] = await messages(catalogue.client, 1);
        const own = await messages(partner.client, PARTNER_SYMBOLS.length);
        expect(own.map((f) => f.headers.destination)).toEqual(PARTNER_SYMBOLS.map(Topic.symbolPrices));
        // The same entries as the catalogue of the same beat.
        const bySymbol = new Map((JSON.parse(all!.body) as PriceEntry[]).map((e) => [e.symbol, e]));
        for (const frame of own) {
          const entry = JSON.parse(frame.body) as PriceEntry;
          expect(entry).toEqual(bySymbol.get(entry.symbol));
        }
      }
      // Nothing else came: the receipt of a later subscription arrives after any frame sent before it.
      expect(await partner.client.subscribe('/topic/sentinel', 'sentinel')).toEqual([]);

      const perMinute = { catalogue: catalogue.meter.bytes, partner: partner.meter.bytes };
      console.info(
        `bytes per minute (${ROUNDS_PER_MINUTE} beats): whole catalogue ${perMinute.catalogue}, ` +
          `${PARTNER_SYMBOLS.length} symbols ${perMinute.partner}`,
      );
      // The whole catalogue is over a megabyte a minute; two symbols stay under 128 KB, a twelfth of it.
      expect(perMinute.catalogue).toBeGreaterThan(1_000_000);
      expect(perMinute.partner).toBeLessThan(128 * 1024);
      expect(perMinute.partner * 12).toBeLessThan(perMinute.catalogue);
    } finally {
      catalogue.client.close();
      partner.client.close();
    }
  });

  it('sends an unknown symbol nothing, and a symbol nobody asked for to no one', async () => {
    const { client } = await countingClient(url);
    try {
      expect(await client.subscribe(Topic.symbolPrices('NOPE'), 'nope')).toEqual([]);
      await client.subscribe(Topic.symbolPrices('ETHUSDT'), 'eth');
      beat();
      const frames = await client.subscribe('/topic/sentinel', 'sentinel');
      expect(frames.map((f) => f.headers.destination)).toEqual([Topic.symbolPrices('ETHUSDT')]);
    } finally {
      client.close();
    }
  });
});
