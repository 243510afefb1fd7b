/** Registers <tk-withdraw> (the widget's entry file: `widgets/tk-withdraw.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/withdraw.json';
import { loadingFrame } from '../_shared/loading-frame';
import { WITHDRAW_CSS as css } from './styles';
import { withdrawMeta } from './withdraw.meta';

// The widget's code, with the session and what it shares, loads with this module; until then its loading state shows.
defineWidget(
  withdrawMeta,
  {
    body: () => import('./withdraw').then((m) => m.Withdraw),
    frame: loadingFrame({ name: 'withdraw', css }),
  },
  css,
  {
    english: { withdraw: strings, messages },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./withdraw.locales'),
  },
);

// The element's type (`HTMLElementTagNameMap['tk-withdraw']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
