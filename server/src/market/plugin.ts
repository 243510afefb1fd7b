/**
 * The market plugin: instruments into the database, the seeded simulator with a backfilled day of candles,
 * the quote book, the kline aggregator, publishing to the broker and the market routes. Decorates
 * `app.market`; stops its timers when the app closes.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { BACKFILL_STEP_MS, backfillStart } from './backfill';
import { upsertInstruments } from './instrument-repo';
import { INSTRUMENTS, type Instrument } from './instruments';
import { createKlines, type Klines } from './klines';
import { createPublisher, type Publisher } from './publisher';
import { createQuoteBook, type QuoteBook } from './quote-book';
import { marketRoutes } from './routes';
import { createSimulator, type Simulator } from './simulator';

/** Options of the market plugin (`buildApp({ market })`). */
export interface MarketOptions {
  /** Simulator seed (default: env MARKET_SEED, else 1). */
  seed?: number;
  /** Simulator round and /topic/prices period in ms (default 500). */
  tickMs?: number;
  /** Start the real-time loops (default true); with false, tests drive `app.market.source.stepTo`. */
  autostart?: boolean;
  /** Clock (default Date.now); tests pin it. */
  now?: () => number;
  /** Minimum hours of history simulated at start (default 24; longer when a market has been closed). */
  backfillHours?: number;
}

/** The `app.market` decorator. */
export interface Market {
  instruments: readonly Instrument[];
  book: QuoteBook;
  source: Simulator;
  klines: Klines;
  publisher: Publisher;
  stop(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    market: Market;
  }
}

const MINUTE = 60_000;

function defaultSeed(): number {
  const fromEnv = process.env.MARKET_SEED?.trim();
  return fromEnv && Number.isInteger(Number(fromEnv)) ? Number(fromEnv) : 1;
}

async function market(app: FastifyInstance, options: MarketOptions): Promise<void> {
  const { db, broker } = app;
  const now = options.now ?? Date.now;
  const tickMs = options.tickMs ?? 500;
  const instruments = INSTRUMENTS;

  await upsertInstruments(db, instruments);

  const startedAt = now();
  // Minute-aligned start, so a seed and a start minute replay the same history.
  const startMs =
    Math.floor(backfillStart(instruments, startedAt, options.backfillHours ?? 24) / MINUTE) * MINUTE;
  const source = createSimulator({
    instruments,
    seed: options.seed ?? defaultSeed(),
    startMs,
    tickMs,
    now,
    onError: (error) => app.log.error({ err: error }, 'market tick failed'),
  });
  const book = createQuoteBook(instruments, source);
  const klines = createKlines(instruments);
  source.onTick((tick) => {
    book.apply(tick);
    klines.apply(tick);
  });
  source.stepTo(startedAt, BACKFILL_STEP_MS);

  const publisher = createPublisher({
    broker,
    book,
    klines,
    intervalMs: tickMs,
    now,
    onError: (error) => app.log.error({ err: error }, 'market publish failed'),
  });
  source.onTick(publisher.onTick);

  const stop = () => {
    source.stop();
    publisher.stop();
  };
  app.decorate('market', { instruments, book, source, klines, publisher, stop });
  app.addHook('onClose', async () => stop());

  marketRoutes(app, { db, instruments, klines, now });

  if (options.autostart ?? true) {
    source.start();
    publisher.start();
  }
}

/** The market plugin (name 'market', after 'db' and 'broker'). */
export const marketPlugin = fp(market, { name: 'market', dependencies: ['db', 'broker'], fastify: '5.x' });

export default marketPlugin;
