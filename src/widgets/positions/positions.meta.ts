/** Public API of <tk-positions> (pure data: defineWidget and custom-elements.json are generated from it). */
import {
  ACCOUNT_TOKENS,
  BASE_TOKENS,
  DIRECTION_TOKENS,
  NOTICE_TOKENS,
  cssPropertiesOf,
} from '../_shared/theme-tokens';
import { ACCOUNT_STRIP_PARTS, COMMON_ATTRIBUTES, navigateEvent } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';
import { POSITION_TABS } from './positions.tabs';

/** The attributes, events, parts and tokens of <tk-positions>. */
export const positionsMeta: WidgetMeta = {
  tag: 'tk-positions',
  summary:
    'Open positions and pending orders of the signed-in account, live, with close, cancel and SL/TP; or its ' +
    'running options.',
  description:
    'The market-mode position page: tabs for open positions and pending orders, the P&L of the tab (expected ' +
    'P&L on pending), net worth and available margin, and the live list from the page’s one order socket. A row ' +
    'opens the order’s details with its stop loss / take profit editor and a close (open) or cancel (pending) ' +
    'button behind a confirmation. Demo accounts use the Mock calls. With `mode="option"` it lists the running ' +
    'options instead (asked again every 5 s): amount, entry price, a progress bar and a countdown; at expiry the ' +
    'row leaves and a settlement drawer waits for the result and shows the exit price and win/loss, with ' +
    '"View position" (fires `tk-navigate` to `/history`) and "Close". Signed out, it shows a sign-in prompt that ' +
    'fires `tk-navigate`.',
  attributes: [
    ...COMMON_ATTRIBUTES,
    {
      name: 'tab',
      prop: 'tab',
      type: 'string',
      values: POSITION_TABS,
      description: 'The tab shown first; the user’s choice wins afterwards.',
      default: "'open'",
    },
    {
      name: 'mode',
      prop: 'mode',
      type: 'string',
      values: ['market', 'option'],
      description:
        'Trade mode: `market` lists open and pending orders, `option` the running options with their ' +
        'progress bar, countdown and settlement drawer.',
      default: "'market'",
    },
  ],
  events: [
    navigateEvent(
      'Signed out, the sign-in button asks the page to go to `/login?to=/position`; in option mode "View ' +
        'position" of the settlement drawer asks for `/history`. Bubbles, is composed and cancelable.',
    ),
  ],
  parts: [
    { name: 'base', description: 'The widget frame.' },
    ...ACCOUNT_STRIP_PARTS,
    { name: 'tabs', description: 'The open / pending tab list.' },
    { name: 'tab', description: 'One tab (`tab-selected` on the current one).' },
    { name: 'summary', description: 'P&L, net worth and available margin.' },
    { name: 'table', description: 'The order list in a wide widget (wider than 640 px).' },
    { name: 'cards', description: 'The order list in a narrow widget (640 px or less): one card per order.' },
    { name: 'row', description: 'One order: a table row, or a card (which also has `card`).' },
    { name: 'card', description: 'One order card of the narrow layout.' },
    { name: 'side', description: 'The buy/sell badge of a row or card.' },
    { name: 'product-name', description: 'The full product name under the symbol.' },
    { name: 'empty', description: 'The empty-list message.' },
    { name: 'signed-out', description: 'The sign-in prompt.' },
    { name: 'drawer', description: 'The detail drawer and the confirmation dialog.' },
    { name: 'detail', description: 'The detail drawer.' },
    { name: 'confirm', description: 'The close / cancel confirmation.' },
    { name: 'trigger-editor', description: 'The stop loss / take profit form.' },
    { name: 'toast', description: 'Success and failure messages.' },
    { name: 'banner', description: 'The live-orders connection notice (option mode: a failed list).' },
    { name: 'progress', description: 'Option mode: the time-left bar of a running option.' },
    { name: 'settlement', description: 'Option mode: the settlement drawer of an expired option.' },
  ],
  cssProperties: cssPropertiesOf([...DIRECTION_TOKENS, ...BASE_TOKENS, ...NOTICE_TOKENS, ...ACCOUNT_TOKENS]),
};
