/** Registers <tk-bank-cards> (the widget's entry file: `widgets/tk-bank-cards.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/bank-cards.json';
import { loadingFrame } from '../_shared/loading-frame';
import { BANK_CARDS_CSS as css } from './styles';
import { bankCardsMeta } from './bank-cards.meta';

// The widget's code, with the session and what it shares, loads with this module; until then its loading state shows.
defineWidget(
  bankCardsMeta,
  {
    body: () => import('./bank-cards').then((m) => m.BankCards),
    frame: loadingFrame({ name: 'bank-cards', css }),
  },
  css,
  {
    english: { 'bank-cards': strings, messages },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./bank-cards.locales'),
  },
);

// The element's type (`HTMLElementTagNameMap['tk-bank-cards']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
