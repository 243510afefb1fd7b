/** Registers <tk-loan> (the widget's entry file: `widgets/tk-loan.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/loan.json';
import { Loan } from './loan';
import { LOAN_CSS as css } from './styles';
import { loanMeta } from './loan.meta';

defineWidget(loanMeta, Loan, css, {
  english: { loan: strings, messages },
  // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
  languages: () => import('./loan.locales'),
});

// The element's type (`HTMLElementTagNameMap['tk-loan']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
