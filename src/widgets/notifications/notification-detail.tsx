import { AlarmType, type Notification } from '../../core/contract/notifications';
import { formatTime } from '../../core/domain/format';
import { ModalDrawer } from '../_shared/drawer';
import type { Translate } from '../_shared/use-t';
import { notificationText } from './notification-text';
import { amountText } from './notifications.logic';

/** Props of NotificationDetail. */
export interface NotificationDetailProps {
  notification: Notification;
  t: Translate;
  timezone: string | undefined;
  onClose: () => void;
}

/** The detail drawer: title, time, the whole text, and the amount and remark when there are some. */
export function NotificationDetail({ notification, t, timezone, onClose }: NotificationDetailProps) {
  const { title, body } = notificationText(notification, t);
  return (
    <ModalDrawer
      title={t('notifications.detail_title')}
      closeLabel={t('common.close')}
      onClose={onClose}
      block="tk-notif"
      part="drawer detail"
      autofocus={false}
    >
      <article className="tk-notif__detail" data-notification={notification.id}>
        <h3 className="tk-notif__detail-title">{title}</h3>
        <p className="tk-notif__time tk-num">{formatTime(notification.timeStamp, undefined, timezone)}</p>
        <p className="tk-notif__body">{body}</p>
        <dl className="tk-drawer__fields">
          {/* A price alert's price is the one its text names, not an amount (AL8). */}
          {notification.paymentPrice !== null && notification.alarmType !== AlarmType.priceAlert ? (
            <div className="tk-drawer__field">
              <dt>{t('notifications.amount')}</dt>
              <dd className="tk-num">
                {amountText(notification.paymentPrice, notification.paymentUnit ?? null)}
              </dd>
            </div>
          ) : null}
          {notification.remark ? (
            <div className="tk-drawer__field">
              <dt>{t('notifications.remark')}</dt>
              <dd>{notification.remark}</dd>
            </div>
          ) : null}
        </dl>
      </article>
    </ModalDrawer>
  );
}
