/** Public API of <tk-order-form> (pure data: defineWidget and custom-elements.json are generated from it). */
import {
  ACCOUNT_TOKENS,
  BASE_TOKENS,
  DIRECTION_TOKENS,
  NOTICE_TOKENS,
  cssPropertiesOf,
} from '../_shared/theme-tokens';
import { tradeFormAttributes, tradeFormEvents, tradeFormParts } from '../_shared/trade-form-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, events, parts and tokens of <tk-order-form>. */
export const orderFormMeta: WidgetMeta = {
  tag: 'tk-order-form',
  summary: 'Market order ticket: buy or sell at market or pending, volume, stop loss, take profit, preview.',
  description:
    'The market-mode order form of one product: live bid/ask, buy/sell, market or pending order with a ' +
    'price, volume in lots, leverage, optional stop loss and take profit, and a pre-trade preview (value, ' +
    'margin, fee, available balance, balance after). Values out of range are clamped with a message and the ' +
    'trade button pauses for 1 s. The button is disabled while the market is closed, the product is not ' +
    'tradable, the quote is delayed, or an order is being sent. Product info is loaded on mount, every 60 s ' +
    'and right before sending; the balance is polled every second while signed in. Demo accounts use the ' +
    'Mock calls. A visitor is sent to sign in. A wrong `mode` or `direction` asks the page to go home ' +
    '(`tk-navigate` to `/`) and renders nothing. A product closed by tradeStatus 0 asks once to go back to its ' +
    'chart page (`tk-navigate` to `/{symbol}/chart`).',
  attributes: tradeFormAttributes({ example: 'EURUSD', sides: ['buy', 'sell'], mode: 'market' }),
  events: tradeFormEvents(
    {
      name: 'tk-order-placed',
      description:
        'The server accepted an order (real or demo). Bubbles and is composed; a host may open the positions.',
      detail: '{ orderId: string; symbol: string; virtual: boolean }',
    },
    'Asks the page to go to `/` (wrong mode or direction) or to `/login?to=…` (a visitor pressed the trade ' +
      'button). Cancelable; bubbles and is composed.',
  ),
  parts: tradeFormParts({
    header: 'Product name, code, spread and the sell/buy toggle.',
    fields: [
      { name: 'buy', description: 'The buy side with the ask price.' },
      { name: 'sell', description: 'The sell side with the bid price.' },
      { name: 'stale', description: 'The delayed-price notice.' },
      { name: 'order-type', description: 'The market / pending switch.' },
      { name: 'field', description: 'Every numeric field (also `field-volume`, `field-price`, …).' },
      { name: 'triggers', description: 'The stop loss and take profit switches and fields.' },
      { name: 'switch', description: 'A stop loss or take profit switch.' },
      { name: 'preview', description: 'Leverage, value, margin, fee, available balance and balance after.' },
    ],
    submit:
      'The trade button (`data-state` normal, loading, market_closed, not_tradable, stale, submitting or ' +
      'cooldown; `data-code` 1 market closed, 2 not tradable).',
  }),
  cssProperties: cssPropertiesOf([
    ...DIRECTION_TOKENS,
    ...BASE_TOKENS,
    ...NOTICE_TOKENS,
    '--tk-stale',
    ...ACCOUNT_TOKENS,
  ]),
};
