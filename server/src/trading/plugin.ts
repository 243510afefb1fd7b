/**
 * The trading engine (market mode): order rules, one ledger transaction per money movement, triggers on
 * every tick (pending fills, stop loss, take profit), stop-out and the daily overnight fee, the exchange and
 * web routes, and `app.trading` for the exchange socket. Runs whether or not any user is connected.
 */
import fp from 'fastify-plugin';
import { adminPriceRoute } from './admin-routes';
import { createEngine, type Engine } from './engine';
import { followOrders, holdTriggers, loadLiveOrders, orderAnnouncer } from './cluster-sync';
import { exchangeRoutes } from './exchange-routes';
import { openTradingHouses } from './ledger-ops';
import { forexDepositBlockingRule } from './place';
import { startRolloverClock } from './overnight';
import type { AccountSnapshot, TradingService } from './service-types';
import { DEFAULT_TRADING_SETTINGS, loadTradingSettings, type TradingSettings } from './settings';
import { createTriggerBook } from './trigger-book';
import { accountView, summaryOf } from './valuation';
import { webRoutes } from './web-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The engine's internals for admin tools and tests. */
    tradingEngine: Engine;
  }
}

/** Options of the trading plugin (`buildApp({ trading })`). */
export interface TradingPluginOptions {
  /** Per-brand overrides of the stored trading settings (tests, demos). */
  settings?: Record<string, Partial<TradingSettings>>;
  /** Production (default NODE_ENV=production): no admin price route. */
  production?: boolean;
  /** How often the rollover clock looks at the time (default 15 s). */
  rolloverCheckMs?: number;
}

/** The trading plugin (name 'trading', after db, market, auth and accounts). */
export const tradingPlugin = fp<TradingPluginOptions>(
  async (app, options) => {
    const stored = await loadTradingSettings(app.db);
    for (const [brandId, override] of Object.entries(options.settings ?? {})) {
      const base = stored.get(brandId) ?? DEFAULT_TRADING_SETTINGS;
      stored.set(brandId, { ...base, ...override });
    }
    const engine = createEngine({
      db: app.db,
      // Order times, the 3-minute rule, rollovers and stop-out pacing run on the server's clock.
      now: () => app.clock.now(),
      log: app.log,
      instruments: app.market.instruments,
      source: app.market.source,
      settings: stored,
      book: createTriggerBook(),
      house: await openTradingHouses(app.db),
      openDemo: (tx, userId) => app.accounts.ensureDemoAccount(tx, userId, `user:${userId}`),
      blocking: app.accounts.blockingRules,
      // The close-out notice (PR5) commits with the close-out; trading runs without the module in no app today.
      ...(app.hasDecorator('notifications')
        ? { notify: (tx, input) => app.notifications.notify(tx, input) }
        : {}),
      // Several processes (MP7): each change is also told to the others, which re-read the row.
      ...(app.cluster.shared ? { announce: orderAnnouncer(app) } : {}),
    });
    engine.blocking.register(forexDepositBlockingRule(engine));

    // Restart: every pending and open order is indexed and armed again before the first tick.
    const unfollow = followOrders(app, engine, app.cluster);
    await loadLiveOrders(engine);

    app.accounts.addOpenPositionCheck(async (tx, account) => {
      const { rows } = await tx.query<{ live: boolean }>(
        `select exists (select 1 from orders where user_id = $1 and virtual = $2 and position_status in (1, 2)) as live`,
        [account.userId, account.kind === 'demo'],
      );
      return rows[0]?.live === true;
    });

    // Triggers and stop-outs act in the holder of the lease `triggers`; the rollover in that of `rollover` (MP8).
    const triggers = holdTriggers(app, engine);
    let stopRollover: (() => void) | undefined;
    const rolloverJob = {
      start() {
        stopRollover ??= startRolloverClock(engine, options.rolloverCheckMs);
      },
      stop() {
        stopRollover?.();
        stopRollover = undefined;
      },
    };
    app.cluster.leases.hold('rollover', rolloverJob);

    const service: TradingService = {
      onChange: (listener) => engine.onChange(listener),
      async snapshot(userId, virtual): Promise<AccountSnapshot> {
        const view = await accountView(engine, app.db, userId, virtual);
        return {
          hold: { ordertype: 'holtOrder', virtual, list: view.open, summary: summaryOf(view, view.open) },
          pending: {
            ordertype: 'pendingOrder',
            virtual,
            list: view.pending,
            summary: summaryOf(view, view.pending),
          },
        };
      },
      symbolsOf: (userId, virtual) => engine.live.symbolsOf(userId, virtual),
    };
    app.decorate('trading', service);
    app.decorate('tradingEngine', engine);

    exchangeRoutes(app, engine);
    webRoutes(app, engine);
    if (!(options.production ?? process.env.NODE_ENV === 'production')) adminPriceRoute(app, engine);

    // preClose: the database is still open, so queued executions finish before it closes.
    app.addHook('preClose', async () => {
      unfollow();
      rolloverJob.stop();
      // Trailing stops the book moved since their last write are written before the database closes (OT6).
      await triggers.close();
    });
  },
  { name: 'trading', fastify: '5.x', dependencies: ['db', 'cluster', 'market', 'auth', 'accounts'] },
);

export default tradingPlugin;
