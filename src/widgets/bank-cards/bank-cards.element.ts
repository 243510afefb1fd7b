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

declare global {
  interface HTMLElementTagNameMap {
    'tk-bank-cards': HTMLElement & {
      api?: string;
      lang?: string;
      theme?: string;
      view?: string;
      cardId?: string;
    };
  }
}
