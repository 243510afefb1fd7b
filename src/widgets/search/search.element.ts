/** Registers <tk-search> (the widget's entry file: `widgets/tk-search.js`). */
import { defineWidget } from '../_shared/define-widget';
import strings from '../../core/i18n/locales/en/search.json';
import { Search } from './search';
import css from './search.css?inline';
import { searchMeta } from './search.meta';

defineWidget(searchMeta, Search, css, {
  english: { search: strings },
  // The table of this widget's namespace in the other languages, loaded on a page in one of them only.
  languages: () => import('./search.locales'),
});

// The element's type (`HTMLElementTagNameMap['tk-search']`) is generated from its meta into
// types/tradekit-elements.d.ts by `npx tsx scripts/manifest.ts`.
