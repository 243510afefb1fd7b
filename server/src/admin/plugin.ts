import type { preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { TestClock } from '../clock';
import { clockRoute } from './clock-route';
import { registerHealth } from './health';
import { requireAdmin, requireAdminOrOperator } from './require-admin';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler admitting only `Authorization: Bearer <ADMIN_TOKEN>` (others get HTTP 401). */
    requireAdmin: preHandlerAsyncHookHandler;
    /** The admin bearer token (modules that build their own guard read it). */
    adminToken: string;
  }
}

/** Options of the `admin` plugin. */
export interface AdminPluginOptions {
  adminToken: string;
  /** A clock operators' scripts may move forward (`POST /admin/v1/clock/advance`, CH4); absent: no route. */
  movableClock?: TestClock | undefined;
}

/**
 * The admin guard for every `/admin/v1/*` route (`access: 'admin'` endpoints: the admin token, or an operator
 * session with one of the endpoint's roles), and the health check of the
 * process and its database. Each module registers its own admin routes from its plugin.
 */
export const adminPlugin = fp<AdminPluginOptions>(
  async (app, options) => {
    if (!options.adminToken) throw new Error('admin plugin needs an adminToken');
    app.decorate('requireAdmin', requireAdmin(options.adminToken) as preHandlerAsyncHookHandler);
    // Admin routes admit the admin token, or a back-office operator whose roles the endpoint lists.
    app.accessGuards.admin = requireAdminOrOperator(
      options.adminToken,
      app.db,
      // Operator sessions run on the server's clock (tests move it).
      () => app.clock.now(),
    ) as preHandlerAsyncHookHandler;
    app.decorate('adminToken', options.adminToken);

    registerHealth(app);
    if (options.movableClock) clockRoute(app, options.movableClock);
  },
  { name: 'admin', fastify: '5.x', dependencies: ['db', 'http'] },
);
