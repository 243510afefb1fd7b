/** Registers <tk-search> (the widget's entry file: `widgets/tk-search.js`). */
import { defineWidget } from '../_shared/define-widget';
import strings from '../../core/i18n/locales/en/search.json';
import { Search } from './search';
import css from './search.css?inline';
import { searchMeta } from './search.meta';

defineWidget(searchMeta, Search, css, {
  english: { search: strings },
  // The other languages of this widget's namespace, one lazy chunk each.
  languages: import.meta.glob(['../../core/i18n/locales/*/search.json', '!../../core/i18n/locales/en/*'], {
    import: 'default',
  }),
});

declare global {
  interface HTMLElementTagNameMap {
    'tk-search': HTMLElement & { api?: string; lang?: string; theme?: string };
  }
}
