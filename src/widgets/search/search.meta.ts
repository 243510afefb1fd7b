/** Public API of <tk-search> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, DIRECTION_TOKENS, NOTICE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { API_ATTRIBUTE, LANG_ATTRIBUTE, symbolSelectEvent, themeAttribute } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, event, parts and tokens of <tk-search>. */
export const searchMeta: WidgetMeta = {
  tag: 'tk-search',
  summary:
    'Product search: keyword, hot searches (USD, GBP, AUD, HKD) and matching products with live prices.',
  description:
    'Finds products by symbol or name among the live quotes and the platform product list ("eur/usd" finds ' +
    'EURUSD). Selecting a result (click, Enter on it, or Enter in the field for the first one) fires ' +
    '`tk-symbol-select`; a host opens the chart on mobile or changes the symbol on desktop.',
  attributes: [
    API_ATTRIBUTE,
    LANG_ATTRIBUTE,
    themeAttribute('Colour theme of the built-in defaults; the brand theme when absent.'),
  ],
  events: [symbolSelectEvent('The user selected a result. Bubbles and is composed.')],
  parts: [
    { name: 'bar', description: 'The search form.' },
    { name: 'input', description: 'The keyword field.' },
    { name: 'hot', description: 'The hot-search section.' },
    { name: 'results', description: 'The result list.' },
    { name: 'result', description: 'One result (`data-symbol`).' },
    { name: 'change', description: 'The change-percent badge of a result.' },
    { name: 'banner', description: 'The live-connection notice (reconnecting, lost, failed).' },
  ],
  cssProperties: cssPropertiesOf([...DIRECTION_TOKENS, ...BASE_TOKENS, ...NOTICE_TOKENS]),
};
