/** Public API of <tk-option-form> (pure data: defineWidget and custom-elements.json are generated from it). */
import {
  ACCOUNT_TOKENS,
  BASE_TOKENS,
  DIRECTION_TOKENS,
  NOTICE_TOKENS,
  cssPropertiesOf,
} from '../_shared/theme-tokens';
import { tradeFormAttributes, tradeFormEvents, tradeFormParts } from '../_shared/trade-form-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, events, parts and tokens of <tk-option-form>. */
export const optionFormMeta: WidgetMeta = {
  tag: 'tk-option-form',
  summary: 'Option ticket: up or down, delivery time, amount, expected payout and fee; then its settlement.',
  description:
    'The option-mode order form of one product: up/down, the delivery times of its option product (time and ' +
    'profit rate), preset amounts, a whole-number amount checked against the delivery time range (maximum only ' +
    'when above 0) and the balance, the expected payout (amount + amount × rate) and the fee (amount × feeRate). ' +
    'The option is sent at the live price; demo accounts use the Mock call. Once accepted, a success drawer ' +
    'counts down with a progress bar; at expiry the settlement drawer shows "Settling..." while it polls for ' +
    'completion (first after 1 s, then every 1.5 s, at most 12 times), then the entry and exit prices and the ' +
    'win/loss, or asks the trader to check the history. The button is disabled while the market is closed, the ' +
    'product is not tradable, the quote is delayed or an option is being sent; the balance is polled every ' +
    'second while signed in. A visitor is sent to sign in. A wrong `mode` or `direction` asks the page to go ' +
    'home (`tk-navigate` to `/`) and renders nothing. A product closed for options shows the closed banner and ' +
    'asks once to go back to its chart page (`tk-navigate` to `/{symbol}/chart`).',
  attributes: tradeFormAttributes({ example: 'BTCUSDT', sides: ['up', 'down'], mode: 'option' }),
  events: tradeFormEvents(
    {
      name: 'tk-option-placed',
      description:
        'The server accepted an option (real or demo). Bubbles and is composed; a host may refresh its positions.',
      detail: '{ uid: string; symbol: string; direction: 0 | 1; virtual: boolean }',
    },
    'Asks the page to go to `/` (wrong mode or direction), to `/{symbol}/chart` (closed product), to ' +
      '`/history` (from the settlement drawer) or to `/login?to=…` (a visitor pressed the trade button). ' +
      'Cancelable; bubbles and is composed.',
  ),
  parts: tradeFormParts({
    header: 'Product name, live price and the up/down toggle.',
    fields: [
      { name: 'up', description: 'The up side.' },
      { name: 'down', description: 'The down side.' },
      { name: 'closed', description: 'The closed banner of a product closed for options.' },
      { name: 'times', description: 'The delivery times with their profit rates.' },
      { name: 'field', description: 'The amount field.' },
      { name: 'chips', description: 'The preset amounts.' },
      { name: 'preview', description: 'Expected payout, fee and available balance.' },
    ],
    submit:
      'The trade button (`data-state` normal, loading, market_closed, not_tradable, stale or submitting).',
    afterSubmit: [
      { name: 'drawer', description: 'The success and settlement drawers (also `success`, `settlement`).' },
      { name: 'countdown', description: 'The time left of the placed option.' },
      { name: 'progress', description: 'The progress bar of the placed option.' },
    ],
  }),
  cssProperties: cssPropertiesOf([...DIRECTION_TOKENS, ...BASE_TOKENS, ...NOTICE_TOKENS, ...ACCOUNT_TOKENS]),
};
