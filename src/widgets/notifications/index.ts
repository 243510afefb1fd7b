/** Public surface of <tk-notifications> for React hosts: the component and its props. */
export { Notifications } from './notifications';
export type { NotificationsProps } from './notifications';
export { NotificationToast } from './notification-toast';
export type { NotificationToastProps } from './notification-toast';
