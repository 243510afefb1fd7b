/** Registers <tk-deposit> (the widget's entry file: `widgets/tk-deposit.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/deposit.json';
import { Deposit } from './deposit';
import { DEPOSIT_CSS as css } from './styles';
import { depositMeta } from './deposit.meta';

defineWidget(depositMeta, Deposit, css, {
  english: { deposit: strings, messages },
  // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
  languages: () => import('./deposit.locales'),
});

declare global {
  interface HTMLElementTagNameMap {
    'tk-deposit': HTMLElement & {
      api?: string;
      lang?: string;
      theme?: string;
    };
  }
}
