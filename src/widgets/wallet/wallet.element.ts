/** Registers <tk-wallet> (the widget's entry file: `widgets/tk-wallet.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/wallet.json';
import { loadingFrame } from '../_shared/loading-frame';
import { WALLET_CSS as css } from './styles';
import { walletMeta } from './wallet.meta';

// The widget's code, with the session and what it shares, loads with this module; until then its loading state shows.
defineWidget(
  walletMeta,
  { body: () => import('./wallet').then((m) => m.Wallet), frame: loadingFrame({ name: 'wallet', css }) },
  css,
  {
    english: { wallet: strings, messages },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./wallet.locales'),
  },
);

// The element's type (`HTMLElementTagNameMap['tk-wallet']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
