/** Registers <tk-support> (the widget's entry file: `widgets/tk-support.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/support.json';
import { loadingFrame } from '../_shared/loading-frame';
import { SUPPORT_CSS as css } from './styles';
import { supportMeta } from './support.meta';

// The chat's code, with the session, the socket and the image checks, loads with this module; until then its
// loading state shows.
defineWidget(
  supportMeta,
  {
    body: () => import('./support').then((m) => m.Support),
    frame: loadingFrame({ name: 'support', css, frameClass: 'tk-support' }),
  },
  css,
  {
    english: { support: strings, messages },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./support.locales'),
  },
);

// The element's type (`HTMLElementTagNameMap['tk-support']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
