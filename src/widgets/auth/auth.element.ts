/** Registers <tk-auth> (the widget's entry file: `widgets/tk-auth.js`). */
import { defineWidget } from '../_shared/define-widget';
import messages from '../../core/i18n/locales/en/messages.json';
import strings from '../../core/i18n/locales/en/auth.json';
import { Auth } from './auth';
import css from './auth.css?inline';
import { authMeta } from './auth.meta';

defineWidget(authMeta, Auth, css, {
  english: { auth: strings, messages },
  // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
  languages: () => import('./auth.locales'),
});

declare global {
  interface HTMLElementTagNameMap {
    'tk-auth': HTMLElement & {
      api?: string;
      view?: string;
      to?: string;
      lang?: string;
      theme?: string;
    };
  }
}
