import fp from 'fastify-plugin';
import { supportAdminRoutes } from './admin-routes';
import { supportRoutes } from './routes';
import { createSupportService, type SupportService } from './service';
import { createVisitorService, type VisitorService } from './visitors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live support: conversations, messages, the operators' inbox and the pushes of each change. */
    support: SupportService & { visitors: VisitorService };
  }
}

/**
 * Live support (issue #21): the trader's and the visitor's conversation with the operators and the operators'
 * inbox on the admin API. The exchange socket module delivers the pushes (`onPush`) and tells whether a user
 * is connected (`setPresence`); a visitor's socket is opened with a ticket (`visitors.redeemTicket`).
 */
export const supportPlugin = fp(
  async (app) => {
    const visitors = createVisitorService(app.db, () => app.clock.now());
    const support = createSupportService(app);
    app.decorate('support', Object.assign(support, { visitors }));
    await supportRoutes(app, support, visitors);
    await supportAdminRoutes(app, support);
  },
  {
    name: 'support',
    fastify: '5.x',
    dependencies: ['db', 'http', 'admin', 'brand', 'auth', 'notifications', 'users'],
  },
);

export default supportPlugin;
