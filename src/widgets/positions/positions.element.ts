/** Registers <tk-positions> (the widget's entry file: `widgets/tk-positions.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/positions.json';
import { loadingFrame } from '../_shared/loading-frame';
import { POSITIONS_CSS as css } from './styles';
import { positionsMeta } from './positions.meta';

// The widget's code, with the session and what it shares, loads with this module; until then its loading state shows.
defineWidget(
  positionsMeta,
  {
    body: () => import('./positions').then((m) => m.Positions),
    frame: loadingFrame({ name: 'positions', css }),
  },
  css,
  {
    english: { positions: strings, messages },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./positions.locales'),
  },
);

// The element's type (`HTMLElementTagNameMap['tk-positions']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
