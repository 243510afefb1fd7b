/**
 * The market plugin: instruments into the database, the seeded simulator continuing the persisted candles
 * (or backfilling them at a first start), the quote book, the kline aggregator writing to the `klines`
 * table, publishing to the broker and the market routes. Decorates `app.market`; at close it stops its
 * timers and writes the last candles.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { planStart, runBackfill } from './backfill';
import { historyRoutes } from './history-routes';
import { upsertInstruments } from './instrument-repo';
import { INSTRUMENTS, type Instrument } from './instruments';
import { createDbKlineStore, latestCandles } from './kline-repo';
import { createKlines, type Klines } from './klines';
import { createPublisher, type Publisher } from './publisher';
import { createQuoteBook, type QuoteBook } from './quote-book';
import { marketRoutes } from './routes';
import type { Cluster } from '../cluster';
import { createMarketFeed, type FeedBus, type MarketFeed } from './feed';
import { createSimulator } from './simulator';

/** Options of the market plugin (`buildApp({ market })`). */
export interface MarketOptions {
  /** Simulator seed (default: env MARKET_SEED, else 1). */
  seed?: number;
  /** Simulator round and /topic/prices period in ms (default 500). */
  tickMs?: number;
  /** Start the real-time loops (default true); with false, tests drive `app.market.source.stepTo`. */
  autostart?: boolean;
  /**
   * Days of history simulated at a first start, and the longest gap filled at a later one (default: env
   * MARKET_BACKFILL_DAYS, else 30). A first start reaches further back when a market has been closed.
   */
  backfillDays?: number;
  /** How often closed and forming candles are written, in ms (default 2000). */
  flushMs?: number;
}

/** The `app.market` decorator. */
export interface Market {
  instruments: readonly Instrument[];
  book: QuoteBook;
  /** The price source: this process's simulator, or the holder's ticks from the bus (MP4). */
  source: MarketFeed;
  klines: Klines;
  publisher: Publisher;
  /** What the start did: rows written while filling history and how long it took. */
  startup: { fresh: boolean; fromMs: number; rows: number; tookMs: number };
  stop(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    market: Market;
  }
}

const MAX_BACKFILL_DAYS = 366;

function envNumber(name: string): number | undefined {
  const raw = process.env[name]?.trim();
  return raw && Number.isFinite(Number(raw)) ? Number(raw) : undefined;
}

function backfillDays(option: number | undefined): number {
  const days = option ?? envNumber('MARKET_BACKFILL_DAYS') ?? 30;
  if (!(days > 0 && days <= MAX_BACKFILL_DAYS)) {
    throw new Error(`market backfillDays must be above 0 and at most ${MAX_BACKFILL_DAYS}, got ${days}`);
  }
  return days;
}

/** Nobody to tell: a process alone on its database (or a test app without the cluster module). */
const LONE_BUS: FeedBus = { shared: false, publish: async () => undefined, subscribe: () => () => undefined };

/** The cluster module when the app has it (the market's own test app has not). */
const clusterOf = (app: FastifyInstance): Cluster | undefined =>
  app.hasDecorator('cluster') ? app.cluster : undefined;

/**
 * The feed and the book, continuing the persisted candles (restored as the forming ones) or starting
 * afresh, run up to `startedAt` with their candles written.
 */
async function startFeed(app: FastifyInstance, options: MarketOptions, klines: Klines, startedAt: number) {
  const instruments = INSTRUMENTS;
  const latest = await latestCandles(
    app.db,
    instruments.map((i) => i.productCode),
  );
  const plan = planStart(
    instruments,
    latest,
    startedAt,
    backfillDays(options.backfillDays),
    options.seed ?? envNumber('MARKET_SEED') ?? 1,
  );
  const common = {
    instruments,
    tickMs: options.tickMs ?? 500,
    now: () => app.clock.now(),
    onError: (error: unknown) => app.log.error({ err: error }, 'market tick failed'),
  };
  const simulator = createSimulator({ ...common, ...plan });
  const source = createMarketFeed({
    ...common,
    initial: simulator,
    seed: plan.seed,
    bus: clusterOf(app)?.bus ?? LONE_BUS,
  });
  const book = createQuoteBook(instruments, source);
  for (const { symbol, period, candle } of latest) {
    klines.restore(symbol, period, candle);
    if (period === '1d') book.restoreSession(symbol, candle);
  }
  source.onTick((tick) => {
    book.apply(tick);
    klines.apply(tick);
  });
  return { source, book, plan, rows: await runBackfill(simulator, klines, startedAt) };
}

async function market(app: FastifyInstance, options: MarketOptions): Promise<void> {
  const { db, broker } = app;
  // Ticks, quote stamps and market status run on the server's clock (tests pin it).
  const now = () => app.clock.now();
  const tickMs = options.tickMs ?? 500;
  const instruments = INSTRUMENTS;
  const onError = (what: string) => (error: unknown) => app.log.error({ err: error }, what);

  await upsertInstruments(db, instruments);

  const startedAt = now();
  const clockStart = performance.now();
  const cluster = clusterOf(app);
  // Only the holder of the lease `market` writes candles; a follower aggregates the same ticks in memory.
  let holding = () => true;
  const klines = createKlines(instruments, createDbKlineStore(db, { writes: () => holding() }));
  // Two servers starting on one database must not both backfill: the second one waits, then resumes.
  const { source, book, plan, rows } = await db.exclusive('tradekit:market-history', () =>
    startFeed(app, options, klines, startedAt),
  );
  const startup = {
    fresh: plan.fresh,
    fromMs: plan.startMs,
    rows,
    tookMs: Math.round(performance.now() - clockStart),
  };
  app.log.info(startup, plan.fresh ? 'market history backfilled' : 'market history gap filled');
  holding = () => source.holding;

  const publisher = createPublisher({
    broker,
    book,
    klines,
    intervalMs: tickMs,
    now,
    onError: onError('market publish failed'),
  });
  source.onTick(publisher.onTick);

  let flushTimer: ReturnType<typeof setInterval> | undefined;
  let flushing: Promise<unknown> | undefined;
  /** One flush at a time: a slow database skips timer ticks instead of queueing writes. */
  const flush = (what: string) =>
    (flushing ??= klines
      .flush()
      .catch(onError(what))
      .finally(() => (flushing = undefined)));
  const stop = () => {
    source.stop();
    source.close();
    publisher.stop();
    clearInterval(flushTimer);
    flushTimer = undefined;
  };
  app.decorate('market', { instruments, book, source, klines, publisher, startup, stop });
  // preClose runs while the database is still open (the db plugin closes it in onClose).
  app.addHook('preClose', async () => {
    stop();
    await flushing;
    await flush('market candles not written at close');
  });

  marketRoutes(app, { db, instruments, klines, now });
  historyRoutes(app, { instruments, klines });

  if (options.autostart ?? true) {
    source.start();
    publisher.start();
    flushTimer = setInterval(() => void flush('market candles not written'), options.flushMs ?? 2000);
    flushTimer.unref?.();
  }
  // The simulator runs in the lease's holder (at once for a process alone); the others follow its ticks.
  const job = { start: () => source.take(), stop: () => source.giveUp() };
  if (cluster) cluster.leases.hold('market', job);
  else job.start();
}

/** The market plugin (name 'market', after 'db' and 'broker'). */
export const marketPlugin = fp(market, { name: 'market', dependencies: ['db', 'broker'], fastify: '5.x' });

export default marketPlugin;
