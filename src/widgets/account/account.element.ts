/** Registers <tk-account> (the widget's entry file: `widgets/tk-account.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/account.json';
import { loadingFrame } from '../_shared/loading-frame';
import { ACCOUNT_CSS as css } from './styles';
import { accountMeta } from './account.meta';

// The hub's code, with the session, toast and drawer, loads with this module; until then its loading state shows.
defineWidget(
  accountMeta,
  {
    body: () => import('./account').then((m) => m.Account),
    frame: loadingFrame({ name: 'account', css, frameClass: 'tk-account__frame' }),
  },
  css,
  {
    english: { account: strings, messages },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./account.locales'),
  },
);

// The element's type (`HTMLElementTagNameMap['tk-account']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
