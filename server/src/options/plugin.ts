/**
 * Option mode (issue #12): option products seeded per instrument, `addOrderOption`, the history, detail and
 * completion calls, the admin change of a product, the price record and the settler that settles every
 * option at its expiry whether or not its trader is online (and at start, the options that expired while
 * the server was stopped). Decorates `app.optionMode`.
 */
import fp from 'fastify-plugin';
import type { OptionsContext } from './context';
import { openOptionHouses } from './houses';
import { createPriceRecord, type PriceRecord } from './prices';
import type { OptionRow } from './repo';
import { optionRoutes } from './routes';
import { seedOptionProducts } from './seed';
import { createSettler, type Settler } from './settle';

/** Options of the options plugin (`buildApp({ optionMode })`). */
export interface OptionsPluginOptions {
  /** How often the settler looks for due options (default 200 ms). */
  settleEveryMs?: number;
  /** How often seen prices are written to the price record (default 1000 ms). */
  recordEveryMs?: number;
}

/** `app.optionMode`: the settler and the price record (tests, tools). */
export interface OptionsService {
  settler: Settler;
  prices: PriceRecord;
  context: OptionsContext;
  /** Listen to settled options (e.g. to push them to the owner's socket); returns the unsubscribe function. */
  onSettled(listener: (rows: OptionRow[]) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    optionMode: OptionsService;
  }
}

/** How often marks older than the retention are pruned. */
const PRUNE_EVERY_MS = 60_000;

export const optionsPlugin = fp<OptionsPluginOptions>(
  async (app, options) => {
    await seedOptionProducts(app.db);
    const engine = app.tradingEngine;
    // Expiries, settlement and price stamps run on the server's clock (the engine's too).
    const now = () => app.clock.now();
    const prices = createPriceRecord(app.db, app.market.instruments, now);
    const context: OptionsContext = {
      db: app.db,
      now,
      engine,
      brand: (id) => app.brand.get(id),
      house: await openOptionHouses(app.db),
      prices,
    };
    const listeners = new Set<(rows: OptionRow[]) => void>();
    const settler = createSettler(
      context,
      (rows) => {
        for (const listener of listeners) {
          try {
            listener(rows);
          } catch (error) {
            app.log.error({ err: error }, 'option settlement listener failed');
          }
        }
      },
      (error) => app.log.error({ err: error }, 'option settlement failed'),
    );

    const unsubscribe = app.market.source.onTick((tick) => prices.observe(tick));
    // The instruments whose ticks go to the record: those with running options.
    const record = async () => {
      const { rows } = await app.db.query<{ symbol: string }>(
        'select distinct trade_pair as symbol from option_orders where position_status = 0',
      );
      prices.watch(rows.map((r) => r.symbol));
      await prices.flush();
    };
    let recording: Promise<unknown> | undefined;
    const recordTimer = setInterval(() => {
      recording ??= record()
        .catch((error: unknown) => app.log.error({ err: error }, 'option price record failed'))
        .finally(() => (recording = undefined));
    }, options.recordEveryMs ?? 1000);
    recordTimer.unref?.();
    const pruneTimer = setInterval(() => {
      prices.prune().catch((error: unknown) => app.log.error({ err: error }, 'option price prune failed'));
    }, PRUNE_EVERY_MS);
    pruneTimer.unref?.();

    app.accounts.addOpenPositionCheck(async (tx, account) => {
      const { rows } = await tx.query<{ live: boolean }>(
        `select exists (select 1 from option_orders where user_id = $1 and virtual = $2 and position_status = 0) as live`,
        [account.userId, account.kind === 'demo'],
      );
      return rows[0]?.live === true;
    });

    // Options that expired while the server was stopped settle before the first request.
    const overdue = await settler.settleDue();
    if (overdue.length > 0) app.log.info({ settled: overdue.length }, 'overdue options settled at start');
    settler.start(options.settleEveryMs ?? 200);

    app.decorate('optionMode', {
      settler,
      prices,
      context,
      onSettled(listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    });
    optionRoutes(app, context);

    app.addHook('preClose', async () => {
      unsubscribe();
      clearInterval(recordTimer);
      clearInterval(pruneTimer);
      await settler.stop();
      await recording;
      await record().catch((error: unknown) =>
        app.log.error({ err: error }, 'option prices not written at close'),
      );
    });
  },
  { name: 'options', fastify: '5.x', dependencies: ['db', 'market', 'brand', 'auth', 'accounts', 'trading'] },
);

export default optionsPlugin;
