/** Registers <tk-notifications> (the widget's entry file: `widgets/tk-notifications.js`). */
import { defineWidget } from '../_shared/define-widget';
import strings from '../../core/i18n/locales/en/notifications.json';
import { Notifications } from './notifications';
import { NOTIFICATIONS_CSS as css } from './styles';
import { notificationsMeta } from './notifications.meta';

defineWidget(notificationsMeta, Notifications, css, {
  english: { notifications: strings },
  // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
  languages: () => import('./notifications.locales'),
});

declare global {
  interface HTMLElementTagNameMap {
    'tk-notifications': HTMLElement & {
      api?: string;
      lang?: string;
      theme?: string;
    };
  }
}
