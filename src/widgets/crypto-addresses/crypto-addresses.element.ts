/** Registers <tk-crypto-addresses> (the widget's entry file: `widgets/tk-crypto-addresses.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/crypto-addresses.json';
import { loadingFrame } from '../_shared/loading-frame';
import { CRYPTO_ADDRESSES_CSS as css } from './styles';
import { cryptoAddressesMeta } from './crypto-addresses.meta';

// The widget's code, with the session and what it shares, loads with this module; until then its loading state shows.
defineWidget(
  cryptoAddressesMeta,
  {
    body: () => import('./crypto-addresses').then((m) => m.CryptoAddresses),
    frame: loadingFrame({ name: 'crypto-addresses', css }),
  },
  css,
  {
    english: { 'crypto-addresses': strings, messages },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./crypto-addresses.locales'),
  },
);

// The element's type (`HTMLElementTagNameMap['tk-crypto-addresses']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
