/** Registers <tk-verification> (the widget's entry file: `widgets/tk-verification.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/verification.json';
import { Verification } from './verification';
import { VERIFICATION_CSS as css } from './styles';
import { verificationMeta } from './verification.meta';

defineWidget(verificationMeta, Verification, css, {
  english: { verification: strings, messages },
  // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
  languages: () => import('./verification.locales'),
});

declare global {
  interface HTMLElementTagNameMap {
    'tk-verification': HTMLElement & {
      api?: string;
      lang?: string;
      theme?: string;
      level?: string;
    };
  }
}
