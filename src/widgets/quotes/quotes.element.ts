/** Registers <tk-quotes> (the widget's entry file: `widgets/tk-quotes.js`). */
import { defineWidget } from '../_shared/define-widget';
import strings from '../../core/i18n/locales/en/quotes.json';
import { Quotes } from './quotes';
import css from './quotes.css?inline';
import { quotesMeta } from './quotes.meta';

defineWidget(quotesMeta, Quotes, css, {
  english: { quotes: strings },
  // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
  languages: () => import('./quotes.locales'),
});

declare global {
  interface HTMLElementTagNameMap {
    'tk-quotes': HTMLElement & {
      api?: string;
      symbols?: string;
      category?: string;
      theme?: string;
      layout?: string;
      miniChart?: boolean;
      tabs?: boolean;
      selected?: string;
    };
  }
}
