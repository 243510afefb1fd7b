/** Registers <tk-quotes> (the widget's entry file: `widgets/tk-quotes.js`). */
import { defineWidget } from '../_shared/define-widget';
import strings from '../../core/i18n/locales/en/quotes.json';
import { Quotes } from './quotes';
import css from './quotes.css?inline';
import { quotesMeta } from './quotes.meta';

defineWidget(quotesMeta, Quotes, css, {
  english: { quotes: strings },
  // The other languages of this widget's namespace, one lazy chunk each.
  languages: import.meta.glob(['../../core/i18n/locales/*/quotes.json', '!../../core/i18n/locales/en/*'], {
    import: 'default',
  }),
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
