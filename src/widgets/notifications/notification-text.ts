import type { Notification } from '../../core/contract/notifications';
import { formatAmount } from '../../core/domain/format';
import type { Translate } from '../_shared/use-t';
import { textSource } from './notifications.logic';

/** The title and body a notification shows in the reader's language (spec §8). */
export function notificationText(n: Notification, t: Translate): { title: string; body: string } {
  const source = textSource(n);
  if (source.kind === 'own') {
    return { title: source.title || t('notifications.fallback_title'), body: source.body };
  }
  const amount = source.amount === null ? '' : formatAmount(source.amount);
  return {
    title: t(`notifications.alarm.${source.code}.title`),
    body: t(`notifications.alarm.${source.code}.body`, { amount }),
  };
}
