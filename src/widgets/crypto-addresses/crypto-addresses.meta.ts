/** Public API of <tk-crypto-addresses> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, NOTICE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { COMMON_ATTRIBUTES, navigateEvent } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, events, parts and tokens of <tk-crypto-addresses>. */
export const cryptoAddressesMeta: WidgetMeta = {
  tag: 'tk-crypto-addresses',
  summary: 'Saved crypto withdrawal addresses of the signed-in user: list, add, delete.',
  description:
    'The crypto wallet screens: the list of saved addresses (coin, network and address, with a copy button ' +
    'and an add button), the add form (coin/network from the platform list with its withdrawal range, and ' +
    'the address, required, encoded with the session key before it is sent) and the delete view of one ' +
    'entry, which deletes after a confirm drawer. Tapping an entry fires `tk-navigate` to ' +
    '`/user/wallet/deleteCrypto` with the entry in the query (each value URL-encoded, the address as the ' +
    'server answered it, encoded); when the page does not cancel it, the widget switches its own view. ' +
    'Copying confirms with "Copied to clipboard". Signed out, it shows a sign-in prompt.',
  attributes: [
    {
      name: 'view',
      prop: 'view',
      type: 'string',
      description: 'The view to show: `list` (default), `add`, or `delete` (with the entry attributes).',
    },
    { name: 'wallet-id', prop: 'walletId', type: 'string', description: 'The entry of the `delete` view.' },
    { name: 'currency-id', prop: 'currencyId', type: 'string', description: 'Its coin id.' },
    { name: 'currency-name', prop: 'currencyName', type: 'string', description: 'Its coin name.' },
    { name: 'protocol', prop: 'protocol', type: 'string', description: 'Its network.' },
    {
      name: 'cryptocurrency-address',
      prop: 'cryptocurrencyAddress',
      type: 'string',
      description: 'Its address as the list answers it (encoded with the session key).',
    },
    ...COMMON_ATTRIBUTES,
  ],
  events: [
    navigateEvent(
      'Asks the page to go to another crypto wallet view or to `/login?to=/user/wallet/crypto`. Bubbles, is ' +
        'composed and cancelable; when nobody cancels it the widget changes its own view.',
    ),
  ],
  parts: [
    { name: 'base', description: 'The widget frame.' },
    { name: 'header', description: 'Title and add button of the list.' },
    { name: 'add', description: 'The add button.' },
    { name: 'list', description: 'The address list.' },
    { name: 'item', description: 'One saved address.' },
    { name: 'copy', description: 'A copy button.' },
    { name: 'empty', description: 'The empty-list message.' },
    { name: 'error', description: 'A load failure with its retry or back button.' },
    { name: 'form', description: 'The add form.' },
    { name: 'coin', description: 'The coin/network picker.' },
    { name: 'submit', description: 'The save button.' },
    { name: 'detail', description: 'The delete view of one entry.' },
    { name: 'delete', description: 'The delete button.' },
    { name: 'drawer', description: 'The delete confirm drawer.' },
    { name: 'confirm', description: 'The delete confirm drawer.' },
    { name: 'signed-out', description: 'The sign-in prompt.' },
    { name: 'unavailable', description: 'The notice of a demo session (addresses are real-account only).' },
  ],
  cssProperties: cssPropertiesOf([...BASE_TOKENS, ...NOTICE_TOKENS]),
};
