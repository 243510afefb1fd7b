/** Registers <tk-history> (the widget's entry file: `widgets/tk-history.js`). */
import { defineWidget } from '../_shared/define-widget';
import strings from '../../core/i18n/locales/en/history.json';
import { loadingFrame } from '../_shared/loading-frame';
import { HISTORY_CSS as css } from './styles';
import { historyMeta } from './history.meta';

// The widget's code, with the session and what it shares, loads with this module; until then its loading state shows.
defineWidget(
  historyMeta,
  { body: () => import('./history').then((m) => m.History), frame: loadingFrame({ name: 'history', css }) },
  css,
  {
    english: { history: strings },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./history.locales'),
  },
);

// The element's type (`HTMLElementTagNameMap['tk-history']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
