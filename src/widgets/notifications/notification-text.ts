import type { Notification } from '../../core/contract/notifications';
import { phraseNotification } from '../../core/domain/notification-text';
import type { Translate } from '../_shared/use-t';

/** The title and body a notification shows in the reader's language (spec §8; the rule is shared with Web Push). */
export function notificationText(
  n: Pick<Notification, 'actionType' | 'alarmType' | 'title' | 'content' | 'paymentPrice' | 'paymentUnit'>,
  t: Translate,
): { title: string; body: string } {
  return phraseNotification(n, (key, values) => t(`notifications.${key}`, values));
}
