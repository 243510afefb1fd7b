/** Public API of <tk-history> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, DIRECTION_TOKENS, NOTICE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { COMMON_ATTRIBUTES, navigateEvent } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';
import { HISTORY_FILTERS } from './history.filters';

/** The attributes, events, parts and tokens of <tk-history>. */
export const historyMeta: WidgetMeta = {
  tag: 'tk-history',
  summary: 'Order history of the signed-in account: total or today’s P&L, filters, infinite list, details.',
  description:
    'The market-mode history page: the total or today’s P&L, filter chips (Pending, Position, Deal, Canceled, ' +
    'Exception), a list that loads 10 orders at a time while scrolled to its end, and a detail drawer with ' +
    'the place, cover and close-reason fields. The list starts again at page 1 when the filter or the ' +
    'account (real or demo) changes; demo accounts use `order/queryMock`. With `mode="option"` it shows the ' +
    'total and today’s win/loss and the settled options 10 at a time, each opening its detail (entry and exit ' +
    'price, profit rate, fee, delivery, start, expiry and settlement times). Signed out, it shows a sign-in ' +
    'prompt that fires `tk-navigate`.',
  attributes: [
    ...COMMON_ATTRIBUTES,
    {
      name: 'filter',
      prop: 'filter',
      type: 'string',
      values: HISTORY_FILTERS,
      description: 'The filter selected first; the user’s choice wins afterwards.',
      default: "'deal'",
    },
    {
      name: 'mode',
      prop: 'mode',
      type: 'string',
      values: ['market', 'option'],
      description:
        'Trade mode: `market` lists orders with filters, `option` the settled options with total and today’s ' +
        'win/loss.',
      default: "'market'",
    },
  ],
  events: [
    navigateEvent(
      'Signed out, the sign-in button asks the page to go to `/login?to=/history`. Bubbles, is composed and ' +
        'cancelable.',
    ),
  ],
  parts: [
    { name: 'base', description: 'The widget frame.' },
    { name: 'header', description: 'Title and P&L.' },
    {
      name: 'pnl',
      description: 'The total / today switch and the P&L figure (option mode: both win/loss totals).',
    },
    { name: 'filters', description: 'The filter chips.' },
    { name: 'chip', description: 'One filter chip (`aria-pressed` on the selected one).' },
    { name: 'table', description: 'The order list in a wide widget (wider than 640 px).' },
    { name: 'cards', description: 'The order list in a narrow widget (640 px or less): one card per order.' },
    { name: 'row', description: 'One order: a table row, or a card (which also has `card`).' },
    { name: 'card', description: 'One order card of the narrow layout.' },
    { name: 'side', description: 'The buy/sell badge of a row or card.' },
    { name: 'product-name', description: 'The full product name under the symbol.' },
    { name: 'empty', description: 'The empty-list message.' },
    { name: 'signed-out', description: 'The sign-in prompt.' },
    { name: 'drawer', description: 'The detail drawer.' },
    { name: 'detail', description: 'The detail drawer.' },
  ],
  cssProperties: cssPropertiesOf([...DIRECTION_TOKENS, ...BASE_TOKENS, ...NOTICE_TOKENS]),
};
