/** Registers <tk-withdraw> (the widget's entry file: `widgets/tk-withdraw.js`). */
import { defineWidget } from '../_shared/define-widget';
import strings from '../../core/i18n/locales/en/withdraw.json';
import { Withdraw } from './withdraw';
import { WITHDRAW_CSS as css } from './styles';
import { withdrawMeta } from './withdraw.meta';

defineWidget(withdrawMeta, Withdraw, css, {
  english: { withdraw: strings },
  // The other languages of this widget's namespace, one lazy chunk each.
  languages: import.meta.glob(['../../core/i18n/locales/*/withdraw.json', '!../../core/i18n/locales/en/*'], {
    import: 'default',
  }),
});

declare global {
  interface HTMLElementTagNameMap {
    'tk-withdraw': HTMLElement & {
      api?: string;
      lang?: string;
      theme?: string;
    };
  }
}
