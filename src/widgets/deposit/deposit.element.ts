/** Registers <tk-deposit> (the widget's entry file: `widgets/tk-deposit.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/deposit.json';
import { loadingFrame } from '../_shared/loading-frame';
import { DEPOSIT_CSS as css } from './styles';
import { depositMeta } from './deposit.meta';

// The widget's code, with the session, toast and drawer, loads with this module; until then its loading state shows.
defineWidget(
  depositMeta,
  {
    body: () => import('./deposit').then((m) => m.Deposit),
    frame: loadingFrame({ name: 'deposit', css, frameClass: 'tk-deposit' }),
  },
  css,
  {
    english: { deposit: strings, messages },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./deposit.locales'),
  },
);

// The element's type (`HTMLElementTagNameMap['tk-deposit']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
