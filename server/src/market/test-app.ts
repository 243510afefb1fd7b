/** Test scaffolding: the market plugin on the real http and db plugins (in-memory PGlite) and a recording broker. */
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Broker, BrokerStats, SnapshotProvider } from '../broker';
import { dbPlugin } from '../db/plugin';
import { anyTestDatabase, appStorage, type TestDatabase } from '../db/testing';
import { httpPlugin } from '../http/plugin';
import { HTTP_SERVER_OPTIONS } from '../http/server-options';
import { systemClock, type Clock } from '../clock';
import marketPlugin, { type MarketOptions } from './plugin';

/** A broker that records publishes and lets a test declare subscribers. */
export interface RecordingBroker extends Broker {
  published: Array<{ destination: string; body: string }>;
  subscribed: Set<string>;
  /** What a new subscriber of `destination` would receive. */
  snapshot(destination: string): string | undefined;
}

/** A fresh recording broker with no subscribers. */
export function createRecordingBroker(): RecordingBroker {
  const exact = new Map<string, SnapshotProvider>();
  const prefixes = new Map<string, SnapshotProvider>();
  const stats: BrokerStats = {
    connections: 0,
    subscriptions: 0,
    destinations: 0,
    published: 0,
    delivered: 0,
    encoded: 0,
    conflated: 0,
    slowConsumersDisconnected: 0,
    refusedUpgrades: 0,
  };
  const broker: RecordingBroker = {
    published: [],
    subscribed: new Set(),
    publish: (destination, body) => void broker.published.push({ destination, body }),
    hasSubscribers: (destination) => broker.subscribed.has(destination),
    setSnapshot(pattern, provider) {
      const [map, key] = pattern.endsWith('*') ? [prefixes, pattern.slice(0, -1)] : [exact, pattern];
      if (provider) map.set(key, provider);
      else map.delete(key);
    },
    snapshot(destination) {
      const byPrefix = [...prefixes]
        .filter(([p]) => destination.startsWith(p))
        .sort((a, b) => b[0].length - a[0].length);
      return (exact.get(destination) ?? byPrefix[0]?.[1])?.(destination);
    },
    stats: () => ({ ...stats, published: broker.published.length }),
    dropAll: () => 0,
  };
  return broker;
}

/** Where the test database lives (default: a fresh one of the run's cheapest engine, dropped on close). */
export interface TestDbOptions {
  dataDir?: string;
  databaseUrl?: string;
}

/**
 * Fastify as `buildApp` configures it, with http, db, a recording broker and the market plugin (not started;
 * the history `MARKET_BACKFILL_DAYS` gives, a few minutes in the server project, unless the options ask for more).
 */
export async function buildMarketApp(
  broker: Broker,
  options: MarketOptions & { clock?: Clock } = {},
  db?: TestDbOptions,
): Promise<FastifyInstance> {
  const own = db ? null : await anyTestDatabase();
  const { clock = systemClock, ...market } = options;
  const app = Fastify({
    logger: false,
    pluginTimeout: 120_000,
    ...HTTP_SERVER_OPTIONS,
  });
  app.decorate('clock', clock);
  await app.register(httpPlugin);
  await app.register(dbPlugin, db ?? appStorage(own as TestDatabase));
  if (own) app.addHook('onClose', () => own.cleanup());
  await app.register(fp(async (a) => void a.decorate('broker', broker), { name: 'broker' }));
  await app.register(marketPlugin, { autostart: false, ...market });
  await app.ready();
  return app;
}
