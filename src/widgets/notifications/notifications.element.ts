/** Registers <tk-notifications> (the widget's entry file: `widgets/tk-notifications.js`). */
import { defineWidget } from '../_shared/define-widget';
import strings from '../../core/i18n/locales/en/notifications.json';
import { Notifications } from './notifications';
import { NOTIFICATIONS_CSS as css } from './styles';
import { notificationsMeta } from './notifications.meta';

defineWidget(notificationsMeta, Notifications, css, {
  english: { notifications: strings },
  // The other languages of this widget's namespace, one lazy chunk each.
  languages: import.meta.glob(
    ['../../core/i18n/locales/*/notifications.json', '!../../core/i18n/locales/en/*'],
    { import: 'default' },
  ),
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
