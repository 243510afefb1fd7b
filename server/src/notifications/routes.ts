import type { FastifyInstance } from 'fastify';
import { AdminSendNotification } from '../../../src/core/contract/notifications';
import {
  AlarmType,
  NOTIFICATION_PAGE_SIZE,
  NotificationList,
  NotificationRead,
  NotificationUnreadCount,
  OWN_TEXT_ACTION,
} from '../../../src/core/contract/notifications';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { findUserByUid } from '../users';
import { listNotifications, markRead, unreadCount } from './repo';

/** The user's routes of spec §7 (`user/notification`, `/read`, `/getUnreadCount`). */
export function notificationRoutes(app: FastifyInstance): void {
  route(app, NotificationList, async (input, { request }) => {
    const limit = input.limit ?? NOTIFICATION_PAGE_SIZE;
    const { list, total } = await listNotifications(app.db, request.auth.userId, input.page, limit);
    return ok({ list, page: input.page, pages: Math.ceil(total / limit), total });
  });

  route(app, NotificationRead, async (input, { request }) => {
    const { userId } = request.auth;
    const read = await markRead(app.db, userId, input.ids);
    const unread = await unreadCount(app.db, userId);
    // The badge of the user's other tabs and devices follows.
    if (read > 0) void app.notifications.pushUnread(userId);
    return ok({ read, unread });
  });

  route(app, NotificationUnreadCount, async (_input, { request }) =>
    ok({ unread: await unreadCount(app.db, request.auth.userId) }),
  );
}

/** The operators' "new message": a 629012 notification with its own title and content (action type 4). */
export function adminNotificationRoutes(app: FastifyInstance): void {
  route(app, AdminSendNotification, async (input, { audit }) => {
    const user = await findUserByUid(app.db, input.uid);
    if (!user) throw new BusinessError(Code.USER_NOT_FOUND);
    const notified = await audit.transaction(async (tx, record) => {
      const written = await app.notifications.notify(tx, {
        userId: user.id,
        alarmType: AlarmType.newMessage,
        actionType: OWN_TEXT_ACTION,
        title: input.title,
        content: input.content,
      });
      // The text is kept with the row: what an operator told a user is part of the record.
      await record({
        action: 'notification.send',
        objectKind: 'user',
        objectId: user.uid,
        after: { notificationId: written.id, title: input.title, content: input.content },
      });
      return written;
    });
    await notified.publish();
    return ok({ id: notified.id, uid: user.uid, unread: await unreadCount(app.db, user.id) });
  });
}
