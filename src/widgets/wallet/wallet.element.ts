/** Registers <tk-wallet> (the widget's entry file: `widgets/tk-wallet.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/wallet.json';
import { Wallet } from './wallet';
import { WALLET_CSS as css } from './styles';
import { walletMeta } from './wallet.meta';

defineWidget(walletMeta, Wallet, css, {
  english: { wallet: strings, messages },
  // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
  languages: () => import('./wallet.locales'),
});

declare global {
  interface HTMLElementTagNameMap {
    'tk-wallet': HTMLElement & {
      api?: string;
      lang?: string;
      theme?: string;
      view?: string;
      actions?: string;
    };
  }
}
