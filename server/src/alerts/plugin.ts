import fp from 'fastify-plugin';
import { holdTickJob } from '../market';
import { alertRoutes } from './routes';
import { ALERTS_CHANNEL, createAlertService, type AlertService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Price alerts: the trader's calls, the book evaluated on every tick, and the firings' queue. */
    alerts: AlertService;
  }
}

/**
 * Price alerts (issue #25): the trader's `waa/alerts/*` calls, every active alert armed in memory from the
 * table before the first tick, and each tick evaluated against the book; a crossed alert fires once, with a
 * notification of alarm type 729005 pushed on the exchange socket.
 */
export const alertsPlugin = fp(
  async (app) => {
    const alerts = createAlertService(app);
    app.decorate('alerts', alerts);
    alertRoutes(app, alerts);
    // Armed before the server answers a request. The feed may already be ticking: a level crossed during the
    // load fires on the next tick that still crosses it.
    await alerts.load();
    // Several processes (MP8): alerts fire in the holder of the lease `alerts`; every process keeps its book
    // current from the others' changes (`alerts:changed`, re-reading the rows) and reloads it after a cut.
    const ticks = holdTickJob(app, 'alerts', (tick) => alerts.onTick(tick));
    let syncing: Promise<void> = Promise.resolve();
    const sync = (step: () => Promise<void>) => {
      syncing = syncing
        .then(step)
        .catch((error: unknown) => app.log.error({ err: error }, 'alert sync failed'));
    };
    const offChanged = app.cluster.bus.subscribe(ALERTS_CHANNEL, (body) => {
      const ids = (body as { ids?: unknown } | null)?.ids;
      if (!Array.isArray(ids) || ids.length > 500) return;
      const valid = ids.filter((id): id is string => typeof id === 'string' && /^\d{1,19}$/.test(id));
      if (valid.length > 0) sync(() => alerts.reload(valid));
    });
    const offResume = app.cluster.bus.onResume(() => sync(() => alerts.load()));
    // preClose: the database is still open, so queued firings finish before it closes.
    app.addHook('preClose', async () => {
      await ticks.close();
      offChanged();
      offResume();
      await syncing;
      await alerts.idle();
    });
  },
  {
    name: 'alerts',
    fastify: '5.x',
    dependencies: ['db', 'cluster', 'http', 'auth', 'market', 'notifications'],
  },
);

export default alertsPlugin;
