/** Registers <tk-notifications> (the widget's entry file: `widgets/tk-notifications.js`). */
import { defineWidget } from '../_shared/define-widget';
import strings from '../../core/i18n/locales/en/notifications.json';
import { loadingFrame } from '../_shared/loading-frame';
import { NOTIFICATIONS_CSS as css } from './styles';
import { notificationsMeta } from './notifications.meta';

// The widget's code, with the session, toast and drawer, loads with this module; until then its loading state shows.
defineWidget(
  notificationsMeta,
  {
    body: () => import('./notifications').then((m) => m.Notifications),
    frame: loadingFrame({ name: 'notifications', css, frameClass: 'tk-notif' }),
  },
  css,
  {
    english: { notifications: strings },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./notifications.locales'),
  },
);

// The element's type (`HTMLElementTagNameMap['tk-notifications']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
