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
import { relaySettled } from './settled-relay';
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
  /**
   * Listen to settled options (e.g. to push them to the owner's socket); returns the unsubscribe function.
   * `remote`: settled by another process (MP8), whose own listeners already acted on it (its journal entry
   * reaches every process's sockets, MP11).
   */
  onSettled(listener: (rows: OptionRow[], remote: boolean) => void): () => void;
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
    const listeners = new Set<(rows: OptionRow[], remote: boolean) => void>();
    const tell = (rows: OptionRow[], remote = false) => {
      for (const listener of listeners) {
        try {
          listener(rows, remote);
        } catch (error) {
          app.log.error({ err: error }, 'option settlement listener failed');
        }
      }
    };
    // The other processes push the settlements to the sockets they hold.
    const relay = relaySettled(app, (rows) => tell(rows, true));
    const settler = createSettler(
      context,
      (rows) => {
        tell(rows);
        relay.announce(rows);
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
    let recordTimer: ReturnType<typeof setInterval> | undefined;
    let pruneTimer: ReturnType<typeof setInterval> | undefined;
    const everyMs = options.settleEveryMs ?? 200;
    /**
     * The settler, the price record's writes and its pruning run in the holder of the lease `options-settler`
     * (MP8). Every process observes the ticks in memory, so a new holder settles on what it saw; what fell due
     * while nobody held the lease settles at its start. Each chunk locks its instrument and its rows, so an
     * overlap with the old holder settles nothing twice.
     */
    const settlerJob = {
      async start() {
        if (recordTimer) return;
        recordTimer = setInterval(() => {
          recording ??= record()
            .catch((error: unknown) => app.log.error({ err: error }, 'option price record failed'))
            .finally(() => (recording = undefined));
        }, options.recordEveryMs ?? 1000);
        recordTimer.unref?.();
        pruneTimer = setInterval(() => {
          prices
            .prune()
            .catch((error: unknown) => app.log.error({ err: error }, 'option price prune failed'));
        }, PRUNE_EVERY_MS);
        pruneTimer.unref?.();
        // Alone on its database the process settled these before its first request (below).
        if (app.cluster.shared) {
          const overdue = await settler.settleDue();
          if (overdue.length > 0)
            app.log.info({ settled: overdue.length }, 'overdue options settled at takeover');
        }
        if (recordTimer) settler.start(everyMs);
      },
      async stop() {
        clearInterval(recordTimer);
        clearInterval(pruneTimer);
        recordTimer = undefined;
        pruneTimer = undefined;
        await settler.stop();
      },
    };

    app.accounts.addOpenPositionCheck(async (tx, account) => {
      const { rows } = await tx.query<{ live: boolean }>(
        `select exists (select 1 from option_orders where user_id = $1 and virtual = $2 and position_status = 0) as live`,
        [account.userId, account.kind === 'demo'],
      );
      return rows[0]?.live === true;
    });

    // Options that expired while the server was stopped settle before the first request.
    if (!app.cluster.shared) {
      const overdue = await settler.settleDue();
      if (overdue.length > 0) app.log.info({ settled: overdue.length }, 'overdue options settled at start');
    }
    app.cluster.leases.hold('options-settler', settlerJob);

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
      const held = recordTimer !== undefined;
      await settlerJob.stop();
      await relay.close();
      await recording;
      if (!held) return;
      await record().catch((error: unknown) =>
        app.log.error({ err: error }, 'option prices not written at close'),
      );
    });
  },
  {
    name: 'options',
    fastify: '5.x',
    dependencies: ['db', 'cluster', 'market', 'brand', 'auth', 'accounts', 'trading'],
  },
);

export default optionsPlugin;
