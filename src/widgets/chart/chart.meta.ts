/** Public API of <tk-chart> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, DIRECTION_TOKENS, NOTICE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { API_ATTRIBUTE, LANG_ATTRIBUTE, symbolSelectEvent, themeAttribute } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';
import { CANDLE_TYPES, COLOR_SCHEMES, KLINE_PERIODS } from './chart.logic';

/** The attributes, events, parts and tokens of <tk-chart>. */
export const chartMeta: WidgetMeta = {
  tag: 'tk-chart',
  summary:
    'Product chart: live kline chart with periods, candle types, indicators, drawings and trade buttons.',
  description:
    'Shows one product: a header with its price, change, last update, high, low and volume and the sell and ' +
    'buy buttons (or the closed banner), and a klinecharts candle chart fed by the platform (history, older ' +
    'pages while scrolling back, the forming candle live). The chart library loads after the first paint. ' +
    'Period, candle type, indicators and drawings are remembered per symbol in local storage ' +
    '(`tk-chart:v1:<symbol>`). Default height 480 px; set `height` on the element to change it.',
  attributes: [
    API_ATTRIBUTE,
    {
      name: 'symbol',
      prop: 'symbol',
      type: 'string',
      description:
        'Product to show, e.g. `EURUSD`. When absent: the brand’s first home symbol, else the first quoted one. ' +
        'The name dropdown switches it until the attribute changes.',
    },
    {
      name: 'period',
      prop: 'period',
      type: 'string',
      values: KLINE_PERIODS,
      description:
        'Candle period. When set it wins over the remembered one; the toolbar can still change it.',
    },
    {
      name: 'candle-type',
      prop: 'candleType',
      type: 'string',
      values: CANDLE_TYPES,
      description: 'Candle type. When set it wins over the remembered one; the toolbar can still change it.',
    },
    {
      name: 'color-scheme',
      prop: 'colorScheme',
      type: 'string',
      values: COLOR_SCHEMES.map((scheme) => scheme.id),
      description:
        'Up/down colour pair: the brand’s own, green up and red down, or red up and green down. The colour ' +
        'theme chooser overrides it until the attribute changes.',
      default: "'brand'",
    },
    themeAttribute(
      'Colour theme; the brand theme when absent. The toolbar toggle overrides it until it changes.',
    ),
    LANG_ATTRIBUTE,
    {
      name: 'toolbar',
      prop: 'toolbar',
      type: 'boolean',
      description: 'Show the tool rows (periods, candle type, indicators, view actions, drawing tools).',
      default: 'true',
    },
    {
      name: 'selectors',
      prop: 'selectors',
      type: 'boolean',
      description:
        'Show the period, candle type, indicator and colour theme selectors in the toolbar. A page with its ' +
        'own selectors (a trading platform’s top bar) sets `selectors="false"` and drives `period`, ' +
        '`candle-type`, `color-scheme` and `indicators-open`; the view actions and drawing tools stay.',
      default: 'true',
    },
    {
      name: 'indicators-open',
      prop: 'indicatorsOpen',
      type: 'boolean',
      description:
        'When set, the page controls the indicator dialog: `true` opens it. Closing it inside the chart sets ' +
        'the attribute to `false` and fires `tk-indicators-toggle`. Absent: the toolbar button controls it.',
    },
    {
      name: 'header',
      prop: 'header',
      type: 'boolean',
      description: 'Show the product header with price, statistics and the sell/buy buttons.',
      default: 'true',
    },
    {
      name: 'trade-mode',
      prop: 'tradeMode',
      type: 'string',
      values: ['market', 'option'],
      description:
        'The trade mode the buttons serve: `option` labels them Up and Down (`tk-trade` 0 up, 1 down), ' +
        '`market` Sell and Buy. A mode the brand does not trade in keeps the buttons locked: a tap says so.',
      default: "'market'",
    },
  ],
  events: [
    symbolSelectEvent('The user picked another product in the name dropdown. Bubbles and is composed.'),
    {
      name: 'tk-trade',
      description:
        'Sell or buy was pressed while the product is tradable (0 buy, 1 sell). Cancelable: a page that takes ' +
        'the trade calls `preventDefault()`. Otherwise the chart fires `tk-navigate` to the order page ' +
        '(`/{symbol}/place?direction=…`, `placeOption` in option mode), which the reference host follows; when ' +
        'no one routes it, the order form opens in a dialog over the chart if the page loaded ' +
        '`<tk-order-form>` (`<tk-option-form>` in option mode), else the platform’s order page opens in a new ' +
        'tab. Not fired while the market state is unknown, the quote is delayed or the market is closed.',
      detail: '{ symbol: string; direction: 0 | 1 }',
    },
    {
      name: 'tk-color-scheme-change',
      description: 'The colour theme chooser picked an up/down pair; a host may apply it page-wide.',
      detail: '{ id: string; up: string; down: string }',
    },
    {
      name: 'tk-indicators-toggle',
      description:
        'The indicator dialog asks to open (toolbar button) or closed (close button, Escape, backdrop).',
      detail: '{ open: boolean }',
    },
    {
      name: 'tk-theme-change',
      description: 'The light/dark toggle was pressed; a host may apply it page-wide.',
      detail: "{ theme: 'light' | 'dark' }",
    },
  ],
  parts: [
    { name: 'header', description: 'The product header.' },
    { name: 'symbol-select', description: 'The product name dropdown.' },
    { name: 'price', description: 'The last price (`data-direction` up, down or flat).' },
    { name: 'change', description: 'The change-percent badge.' },
    { name: 'stats', description: 'High, low and volume.' },
    { name: 'trade', description: 'The sell and buy buttons.' },
    { name: 'sell', description: 'The sell button.' },
    { name: 'buy', description: 'The buy button.' },
    {
      name: 'closed-banner',
      description: 'Shown instead of the buttons while the product cannot be traded.',
    },
    {
      name: 'toolbar',
      description:
        'Periods, candle type, indicators, view actions and colour themes. Narrower than 640 px (the ' +
        'element’s own width) it keeps one row: periods in a list box, no zoom, shift, screenshot or colour ' +
        'swatches (the frame has `data-compact`).',
    },
    { name: 'drawing-tools', description: 'The drawing tools and the delete buttons.' },
    { name: 'toast', description: 'A short hint or refusal (the product toast).' },
    {
      name: 'canvas',
      description:
        'The chart area (`data-state` loading, ready or error; `data-candles`; `data-drawings`, the drawings shown).',
    },
    { name: 'indicator-dialog', description: 'The indicator dialog.' },
    {
      name: 'trade-dialog',
      description: 'The order form opened by an untaken `tk-trade` on a page that loaded `<tk-order-form>`.',
    },
    {
      name: 'confirm',
      description:
        'The confirmation of a stop loss or take profit line dragged on the chart (signed in; the trader\'s orders are drawn while the toolbar\'s "Show positions on chart" is on).',
    },
    {
      name: 'alert-confirm',
      description:
        "The confirmation of a price alert line dragged on the chart (signed in; the toolbar's alert tool puts the line at the bid).",
    },
    { name: 'banner', description: 'The live-connection notice (reconnecting, lost, failed).' },
  ],
  cssProperties: cssPropertiesOf([...DIRECTION_TOKENS, ...BASE_TOKENS, ...NOTICE_TOKENS]),
};
