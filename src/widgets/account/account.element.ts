/** Registers <tk-account> (the widget's entry file: `widgets/tk-account.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/account.json';
import { Account } from './account';
import { ACCOUNT_CSS as css } from './styles';
import { accountMeta } from './account.meta';

defineWidget(accountMeta, Account, css, {
  english: { account: strings, messages },
  // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
  languages: () => import('./account.locales'),
});

declare global {
  interface HTMLElementTagNameMap {
    'tk-account': HTMLElement & {
      api?: string;
      view?: string;
      lang?: string;
      theme?: string;
      back?: boolean;
      colorScheme?: string;
      colorSchemes?: Array<{ id: string; up: string; down: string }>;
      cashier?: string;
    };
  }
}
