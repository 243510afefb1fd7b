/** Registers <tk-auth> (the widget's entry file: `widgets/tk-auth.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/auth.json';
import { loadingFrame } from '../_shared/loading-frame';
import css from './auth.css?inline';
import { authMeta } from './auth.meta';

// The widget's code, with the session and what it shares, loads with this module; until then its loading state shows.
defineWidget(
  authMeta,
  { body: () => import('./auth').then((m) => m.Auth), frame: loadingFrame({ name: 'auth', css }) },
  css,
  {
    english: { auth: strings, messages },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./auth.locales'),
  },
);

// The element's type (`HTMLElementTagNameMap['tk-auth']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
