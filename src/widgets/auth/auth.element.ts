/** Registers <tk-auth> (the widget's entry file: `widgets/tk-auth.js`). */
import { defineWidget } from '../_shared/define-widget';
import strings from '../../core/i18n/locales/en/auth.json';
import { Auth } from './auth';
import css from './auth.css?inline';
import { authMeta } from './auth.meta';

defineWidget(authMeta, Auth, css, { auth: strings });

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
