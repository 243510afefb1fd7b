/** Public API of <tk-alerts> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { COMMON_ATTRIBUTES, navigateEvent } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, event, parts and tokens of <tk-alerts>. */
export const alertsMeta: WidgetMeta = {
  tag: 'tk-alerts',
  summary: "The trader's price alerts: set, list, edit and remove; told by a notification when one fires.",
  description:
    'Lists the signed-in trader’s active alerts (oldest first) and the last fired or removed ones, and sets ' +
    'new ones: a symbol’s bid or ask at or above or below a level (at the symbol’s price precision), or its ' +
    'mid price moving by a percentage (0.01–1000) from where it stands when the alert is saved, with an ' +
    'optional note. Edit changes an active alert; remove asks for a confirm. The server evaluates every tick ' +
    'and fires each alert once, with a notification pushed on the exchange socket; the lists load again ' +
    'then. With `symbol`, the widget opens on the create form for that symbol, prefilled with `level` and ' +
    '`condition`. Signed out, it shows a sign-in prompt.',
  attributes: [
    {
      name: 'symbol',
      prop: 'symbol',
      type: 'string',
      description: 'Opens the create form for this symbol (e.g. `BTCUSDT`).',
    },
    {
      name: 'level',
      prop: 'level',
      type: 'string',
      description: 'The price the create form starts with (e.g. the symbol’s current bid).',
    },
    {
      name: 'condition',
      prop: 'condition',
      type: 'string',
      values: ['bid_above', 'bid_below', 'ask_above', 'ask_below', 'move_pct'],
      description: 'The condition the create form starts with.',
      default: "'bid_above'",
    },
    {
      name: 'mode',
      prop: 'mode',
      type: 'string',
      values: ['market', 'option'],
      description: 'The trade mode whose screens set the alert (both quote the same symbols).',
      default: "'market'",
    },
    ...COMMON_ATTRIBUTES,
  ],
  events: [
    navigateEvent(
      'Asks the page to go to `/login?to=%2Fuser%2Falerts` from the sign-in prompt. Bubbles, is composed and ' +
        'cancelable.',
    ),
  ],
  parts: [
    { name: 'base', description: 'The widget frame.' },
    { name: 'header', description: 'Title and new-alert button of the lists.' },
    { name: 'add', description: 'The new-alert button.' },
    { name: 'list', description: 'A list of alerts (active, past).' },
    { name: 'item', description: 'One alert (`data-state` active, fired or removed).' },
    { name: 'empty', description: 'The empty active list.' },
    { name: 'error', description: 'The load failure with its retry button.' },
    { name: 'form', description: 'The create or edit form.' },
    { name: 'delete', description: 'The remove button of an active alert.' },
    { name: 'drawer', description: 'The remove confirm drawer.' },
    { name: 'confirm', description: 'The remove confirm drawer.' },
    { name: 'signed-out', description: 'The sign-in prompt.' },
  ],
  cssProperties: cssPropertiesOf([...BASE_TOKENS]),
};
