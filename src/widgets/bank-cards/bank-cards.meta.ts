/** Public API of <tk-bank-cards> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, NOTICE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { COMMON_ATTRIBUTES, navigateEvent } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, events, parts and tokens of <tk-bank-cards>. */
export const bankCardsMeta: WidgetMeta = {
  tag: 'tk-bank-cards',
  summary: 'Bank cards of the signed-in user: list, add, edit and delete.',
  description:
    'The bank card screens: the list (bank name and the last 4 digits of the account, an add button, an edit ' +
    'button per card, an empty state), the add and edit forms (bank country, bank name, bank code, branch ' +
    'code, SWIFT code, bank address, institution and transit numbers for Canadian banks, payee name, id ' +
    'number, account, account type, phone with its country, postcode, payee address; bank name, payee name ' +
    'and account required), and delete behind a confirm drawer. The payee’s personal fields are encoded ' +
    'with the session key before they are sent. Moving between views fires `tk-navigate` with the host path ' +
    '(`/user/wallet/bankCard`, `/user/wallet/addBankCard`, `/user/wallet/editBankCard?id=…`); when the page ' +
    'does not cancel it, the widget switches its own view. Signed out, it shows a sign-in prompt.',
  attributes: [
    {
      name: 'view',
      prop: 'view',
      type: 'string',
      description: 'The view to show: `list` (default), `add`, or `edit` (with `card-id`).',
    },
    { name: 'card-id', prop: 'cardId', type: 'string', description: 'The card the `edit` view shows.' },
    ...COMMON_ATTRIBUTES,
  ],
  events: [
    navigateEvent(
      'Asks the page to go to another bank card view or to `/login?to=/user/wallet/bankCard`. Bubbles, is ' +
        'composed and cancelable; when nobody cancels it the widget changes its own view.',
    ),
  ],
  parts: [
    { name: 'base', description: 'The widget frame.' },
    { name: 'header', description: 'Title and add button of the list.' },
    { name: 'add', description: 'The add button.' },
    { name: 'list', description: 'The card list.' },
    { name: 'item', description: 'One card (bank name, masked account, edit button).' },
    { name: 'empty', description: 'The empty-list message.' },
    { name: 'error', description: 'The load failure with its retry or back button.' },
    { name: 'form', description: 'The add or edit form.' },
    { name: 'submit', description: 'The save button.' },
    { name: 'delete', description: 'The delete button of the edit form.' },
    { name: 'country', description: 'The phone country button.' },
    { name: 'country-panel', description: 'The phone country search list.' },
    { name: 'drawer', description: 'The delete confirm drawer.' },
    { name: 'confirm', description: 'The delete confirm drawer.' },
    { name: 'signed-out', description: 'The sign-in prompt.' },
    { name: 'unavailable', description: 'The notice of a demo session (bank cards are real-account only).' },
  ],
  cssProperties: cssPropertiesOf([...BASE_TOKENS, ...NOTICE_TOKENS]),
};
