import fp from 'fastify-plugin';
import { AlarmType } from '../../../src/core/contract/notifications';
import type { NotificationPush } from '../notifications';
import { pushText } from './phrase';
import { recordDelivery, subscriptionsOf } from './repo';
import { webPushRoutes } from './routes';
import { sendPush, type PushPayload } from './sender';
import { loadVapidKeys } from './vapid';

/** Options of the `webpush` plugin. */
export interface WebPushOptions {
  /** Push service origins allowed besides the browser vendors' (`WEB_PUSH_ORIGINS`). */
  origins?: string[];
  /** The VAPID contact (`WEB_PUSH_SUBJECT`, else the public origin when it is https). */
  subject?: string;
}

/** The page a push opens: the notification list (where every notification is read). */
const NOTIFICATIONS_PATH = '/user/notification';
/** Alarm types a push service should deliver at once even to a phone saving power. */
const URGENT: readonly number[] = [AlarmType.priceAlert];

/** The VAPID subject: a mailto: or https: URL (RFC 8292); a plain http origin (development) is not one. */
function subjectOf(given: string | undefined): string {
  return given && /^(mailto:|https:)/.test(given) ? given : 'mailto:push@localhost';
}

/**
 * Web Push: every new notification (`app.notifications` push with an id) is also sent to each browser the user
 * subscribed, phrased in the language the browser subscribed in, so it reaches a closed app. Deliveries run
 * after the notification's commit, outside any request; a failure is logged by status only (no endpoint path,
 * no text) and counted against the subscription (repo.ts).
 */
export const webPushPlugin = fp<WebPushOptions>(
  async (app, options) => {
    const keys = await loadVapidKeys(app.db);
    const origins = options.origins ?? [];
    const subject = subjectOf(options.subject);
    const log = app.log.child({ module: 'webpush' });
    webPushRoutes(app, keys, origins);

    const pending = new Set<Promise<void>>();
    async function deliver(userId: string, id: string): Promise<void> {
      const subscriptions = await subscriptionsOf(app.db, userId);
      if (subscriptions.length === 0) return;
      const notification = await app.notifications.find(userId, id);
      if (!notification) return;
      const now = app.clock.now();
      const urgency = URGENT.includes(notification.alarmType) ? 'high' : 'normal';
      await Promise.all(
        subscriptions.map(async (subscription) => {
          const payload: PushPayload = {
            id,
            alarmType: notification.alarmType,
            ...pushText(subscription.lang, notification),
            url: NOTIFICATIONS_PATH,
          };
          const sent = await sendPush(subscription, payload, { keys, subject, origins, now, urgency });
          if (sent.delivery !== 'sent')
            log.warn({ status: sent.status, delivery: sent.delivery }, 'push not delivered');
          await recordDelivery(app.db, subscription.id, sent.delivery, now);
        }),
      );
    }

    const unlisten = app.notifications.onPush(({ userId, message }: NotificationPush) => {
      if (message.id === undefined) return;
      const run = deliver(userId, message.id)
        .catch((error: unknown) => log.error({ err: error }, 'push delivery failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    });
    app.addHook('onClose', async () => {
      unlisten();
      await Promise.all([...pending]);
    });
  },
  { name: 'webpush', fastify: '5.x', dependencies: ['db', 'http', 'auth', 'notifications'] },
);

export default webPushPlugin;
