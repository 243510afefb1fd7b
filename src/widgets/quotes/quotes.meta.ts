/** Public API of <tk-quotes> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, DIRECTION_TOKENS, NOTICE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { API_ATTRIBUTE, LANG_ATTRIBUTE, symbolSelectEvent, themeAttribute } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, event, parts and tokens of <tk-quotes>. */
export const quotesMeta: WidgetMeta = {
  tag: 'tk-quotes',
  summary: 'Live market table: bid, ask, low/high, change and a 30-minute mini chart per symbol.',
  description:
    'Shows the live quotes of the platform in category tabs ordered by the brand trade list. ' +
    'Quotes without an update for 10 s are marked "Delayed"; closed markets are marked "Closed". ' +
    'Selecting a row (click or Enter) fires `tk-symbol-select`.',
  attributes: [
    API_ATTRIBUTE,
    {
      name: 'symbols',
      prop: 'symbols',
      type: 'string',
      description:
        'Comma-separated symbols to show, in this order (e.g. `BTCUSDT,EURUSD`); all symbols when absent. ' +
        'The page then receives the prices of these symbols only.',
    },
    {
      name: 'category',
      prop: 'category',
      type: 'string',
      description:
        'Show one category only and hide the tabs: an id (1 cryptos, 2 commodities, 3 forex, 4 indices, ' +
        '5 US stocks) or its name (`forex`), in any case, singular or plural (`crypto`).',
    },
    LANG_ATTRIBUTE,
    themeAttribute('Colour theme of the built-in defaults; the brand theme when absent.'),
    {
      name: 'layout',
      prop: 'layout',
      type: 'string',
      values: ['table', 'logo'],
      description: '`table`: bid and ask with low and high; `logo`: logo, name and price.',
      default: "'table'",
    },
    {
      name: 'mini-chart',
      prop: 'miniChart',
      type: 'boolean',
      description:
        'Show the 30-minute mini chart per row (hidden in narrow widths). Set `mini-chart="false"` to hide.',
      default: 'true',
    },
    {
      name: 'selected',
      prop: 'selected',
      type: 'string',
      description:
        'The currently selected symbol (e.g. `BTCUSDT`): its row is highlighted, has `aria-current="true"` and ' +
        'the part `row-selected`, and the list opens on its category until the user picks a tab. The widget ' +
        'never changes it: set it from `tk-symbol-select`.',
    },
    {
      name: 'tabs',
      prop: 'tabs',
      type: 'boolean',
      description:
        'Show the category tabs. Without `symbols` they show unless `tabs="false"`; with `symbols` the listed ' +
        'products share one list in their listed order unless the page asks for tabs with `tabs="true"`.',
      default: 'true without `symbols`, false with `symbols`',
    },
  ],
  events: [symbolSelectEvent('The user selected a row (click, Enter or Space). Bubbles and is composed.')],
  parts: [
    { name: 'tabs', description: 'The category tab list.' },
    { name: 'tab', description: 'One category tab.' },
    { name: 'tab-selected', description: 'The selected category tab (also has part `tab`).' },
    { name: 'table', description: 'The quote table.' },
    { name: 'row', description: 'One quote row (`data-symbol`, `data-stale` attributes).' },
    { name: 'row-selected', description: 'The row of the `selected` symbol (also has part `row`).' },
    { name: 'symbol', description: 'The symbol cell: name and code.' },
    { name: 'bid', description: 'The bid price.' },
    { name: 'ask', description: 'The ask price.' },
    { name: 'price', description: 'The price of the `logo` layout.' },
    { name: 'change', description: 'The change-percent badge (`data-direction` up, down or flat).' },
    { name: 'stale', description: 'The "Delayed" marker of a quote without recent updates.' },
    { name: 'closed', description: 'The "Closed" marker of a closed market.' },
    { name: 'mini-chart', description: 'The 30-minute sparkline.' },
    { name: 'banner', description: 'The live-connection notice (reconnecting, lost, failed).' },
  ],
  cssProperties: cssPropertiesOf([...DIRECTION_TOKENS, ...BASE_TOKENS, ...NOTICE_TOKENS, '--tk-stale']),
};
