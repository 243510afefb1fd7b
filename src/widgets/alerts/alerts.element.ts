/** Registers <tk-alerts> (the widget's entry file: `widgets/tk-alerts.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/alerts.json';
import { loadingFrame } from '../_shared/loading-frame';
import { ALERTS_CSS as css } from './styles';
import { alertsMeta } from './alerts.meta';

// The lists and the form load with this module; until then its loading state shows.
defineWidget(
  alertsMeta,
  {
    body: () => import('./alerts').then((m) => m.Alerts),
    frame: loadingFrame({ name: 'alerts', css, frameClass: 'tk-alerts' }),
  },
  css,
  {
    english: { alerts: strings, messages },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./alerts.locales'),
  },
);

// The element's type (`HTMLElementTagNameMap['tk-alerts']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
