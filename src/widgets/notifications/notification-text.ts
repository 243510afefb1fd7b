import type { Notification } from '../../core/contract/notifications';
import type { Translate } from '../_shared/use-t';
import { amountText, textSource } from './notifications.logic';

/** The title and body a notification shows in the reader's language (spec §8). */
export function notificationText(
  n: Pick<Notification, 'actionType' | 'alarmType' | 'title' | 'content' | 'paymentPrice' | 'paymentUnit'>,
  t: Translate,
): { title: string; body: string } {
  const source = textSource(n);
  if (source.kind === 'own') {
    return { title: source.title || t('notifications.fallback_title'), body: source.body };
  }
  const amount = amountText(source.amount, source.unit ?? null);
  return {
    title: t(`notifications.alarm.${source.code}.title`),
    body: t(`notifications.alarm.${source.code}.body`, { amount }),
  };
}
