// The platform server of the wire benchmarks, in-process: the whole app (config, static widgets, the STOMP
// broker with its limits) with the market module off, and the bench publishing its own market through the
// broker, as the market module does: the catalogue on `/topic/prices` and each subscribed symbol's entry on
// `/topic/prices.{SYMBOL}` every beat, snapshots for new subscribers, plus the probe symbol's ticks at a
// rhythm of their own with their send times. The market module cannot carry 1,000 symbols: its catalogue is
// the fixed list of server/src/market/instruments.ts.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { Topic } from '../../src/core/contract/paths';
import { BenchBook, PROBE_SYMBOL, symbolOf } from './market';

/** Wall-clock milliseconds with the sub-millisecond part (the page reads the same clock). */
export const clock = () => performance.timeOrigin + performance.now();

const SYMBOL_PRICES = Topic.symbolPrices('');

export interface BenchPlatform {
  app: FastifyInstance;
  origin: string;
  /** Publish the catalogue and the subscribed symbols every `beatMs`, each row moving once a beat. */
  startBeat(beatMs: number): void;
  /**
   * Send `count` probe ticks, one every `everyMs` plus a random part of a frame (so their phase against the
   * page's frames varies); resolves with each sequence number's send time.
   */
  probe(count: number, everyMs: number): Promise<Map<number, number>>;
  /** The broker's counters. */
  stats(): ReturnType<FastifyInstance['broker']['stats']>;
  close(): Promise<void>;
}

/** Start the app on a free loopback port with `symbols` bench symbols, serving the widgets of `distDir`. */
export async function startPlatform(
  symbols: number,
  distDir: string,
  broker: { maxSubscriptions?: number } = {},
): Promise<BenchPlatform> {
  const app = await buildApp({
    dataDir: 'memory://',
    distDir,
    logger: false,
    modules: { market: false },
    broker: { ...broker },
  });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const book = new BenchBook(symbols, Date.now());
  const index = new Map(Array.from({ length: symbols }, (_, i) => [symbolOf(i), i] as const));
  let probeSeq = 0;
  let probeBody = JSON.stringify(BenchBook.probe(0, Date.now()));

  app.broker.setSnapshot(Topic.prices, () => JSON.stringify(book.entries()));
  app.broker.setSnapshot(`${SYMBOL_PRICES}*`, (destination) => {
    const symbol = destination.slice(SYMBOL_PRICES.length);
    if (symbol === PROBE_SYMBOL) return probeBody;
    const i = index.get(symbol);
    return i === undefined ? undefined : JSON.stringify(book.entry(i));
  });

  const timers = new Set<ReturnType<typeof setTimeout>>();
  const beat = () => {
    const time = Date.now();
    for (let i = 0; i < symbols; i++) book.move(i, time);
    if (app.broker.hasSubscribers(Topic.prices))
      app.broker.publish(Topic.prices, JSON.stringify(book.entries()));
    for (let i = 0; i < symbols; i++) {
      const topic = Topic.symbolPrices(symbolOf(i));
      if (app.broker.hasSubscribers(topic)) app.broker.publish(topic, JSON.stringify(book.entry(i)));
    }
    // The probe symbol's entry goes out on the beat too (unchanged between its own ticks), like any symbol.
    const probeTopic = Topic.symbolPrices(PROBE_SYMBOL);
    if (app.broker.hasSubscribers(probeTopic)) app.broker.publish(probeTopic, probeBody);
  };

  return {
    app,
    origin,
    startBeat(beatMs) {
      const timer = setInterval(beat, beatMs);
      timers.add(timer);
    },
    probe(count, everyMs) {
      const sent = new Map<number, number>();
      const topic = Topic.symbolPrices(PROBE_SYMBOL);
      return new Promise((resolve) => {
        const next = () => {
          if (sent.size >= count) return resolve(sent);
          probeSeq++;
          probeBody = JSON.stringify(BenchBook.probe(probeSeq, Date.now()));
          sent.set(probeSeq, clock());
          app.broker.publish(topic, probeBody);
          const timer = setTimeout(next, everyMs + Math.random() * 16.7);
          timers.add(timer);
        };
        next();
      });
    },
    stats: () => app.broker.stats(),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await app.close();
    },
  };
}
