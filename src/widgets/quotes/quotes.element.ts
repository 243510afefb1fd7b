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

// The element's type (`HTMLElementTagNameMap['tk-quotes']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
