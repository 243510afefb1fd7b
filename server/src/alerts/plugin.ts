import fp from 'fastify-plugin';
import { alertRoutes } from './routes';
import { createAlertService, type AlertService } from './service';

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
    const unsubscribe = app.market.source.onTick((tick) => alerts.onTick(tick));
    // preClose: the database is still open, so queued firings finish before it closes.
    app.addHook('preClose', async () => {
      unsubscribe();
      await alerts.idle();
    });
  },
  {
    name: 'alerts',
    fastify: '5.x',
    dependencies: ['db', 'http', 'auth', 'market', 'notifications'],
  },
);

export default alertsPlugin;
