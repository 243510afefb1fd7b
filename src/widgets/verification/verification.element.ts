/** Registers <tk-verification> (the widget's entry file: `widgets/tk-verification.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/verification.json';
import { loadingFrame } from '../_shared/loading-frame';
import { VERIFICATION_CSS as css } from './styles';
import { verificationMeta } from './verification.meta';

// The form's code, with the session and toast, loads with this module; until then its loading state shows (SB4).
defineWidget(
  verificationMeta,
  {
    body: () => import('./verification').then((m) => m.Verification),
    frame: loadingFrame({ name: 'verification', css, frameClass: 'tk-kyc' }),
  },
  css,
  {
    english: { verification: strings, messages },
    // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
    languages: () => import('./verification.locales'),
  },
);

// The element's type (`HTMLElementTagNameMap['tk-verification']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
