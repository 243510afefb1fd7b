/** Registers <tk-bank-cards> (the widget's entry file: `widgets/tk-bank-cards.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/bank-cards.json';
import { BankCards } from './bank-cards';
import { BANK_CARDS_CSS as css } from './styles';
import { bankCardsMeta } from './bank-cards.meta';

defineWidget(bankCardsMeta, BankCards, css, {
  english: { 'bank-cards': strings, messages },
  // The other languages of this widget's namespace, one lazy chunk each.
  languages: import.meta.glob(
    ['../../core/i18n/locales/*/bank-cards.json', '!../../core/i18n/locales/en/*'],
    {
      import: 'default',
    },
  ),
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
