import fp from 'fastify-plugin';
import { adminNotificationRoutes, notificationRoutes } from './routes';
import { createNotificationService, type NotificationService } from './service';

export type { NotificationPush, NotificationService, Notified } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes notifications and pushes unread counts (see service.ts). */
    notifications: NotificationService;
  }
}

/**
 * Notifications: the `notifications` table, the service other modules call (`app.notifications.notify`),
 * the user routes of `contract/notifications.ts` and the operators' new-message route. The exchange socket
 * module delivers the pushes.
 */
export const notificationsPlugin = fp(
  async (app) => {
    app.decorate(
      'notifications',
      createNotificationService(app.db, app.log.child({ module: 'notifications' })),
    );
    notificationRoutes(app);
    adminNotificationRoutes(app);
  },
  { name: 'notifications', fastify: '5.x', dependencies: ['db', 'http', 'admin', 'auth', 'users'] },
);

export default notificationsPlugin;
