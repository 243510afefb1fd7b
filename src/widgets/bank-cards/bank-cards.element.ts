/** Registers <tk-bank-cards> (the widget's entry file: `widgets/tk-bank-cards.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/bank-cards.json';
import { BankCards } from './bank-cards';
import { BANK_CARDS_CSS as css } from './styles';
import { bankCardsMeta } from './bank-cards.meta';

defineWidget(bankCardsMeta, BankCards, css, {
  english: { 'bank-cards': strings, messages },
  // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
  languages: () => import('./bank-cards.locales'),
});

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
