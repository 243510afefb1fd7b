/** Public API of <tk-deposit> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { COMMON_ATTRIBUTES, navigateEvent } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, events, parts and tokens of <tk-deposit>. */
export const depositMeta: WidgetMeta = {
  tag: 'tk-deposit',
  summary: 'Deposit form of the signed-in user: crypto (coin, address, QR, proof) and bank/wire.',
  description:
    'The deposit page: one tab per deposit type of the brand. Crypto has two steps: pick the coin and network ' +
    'and send to the address shown (QR code unless the brand hides it, copy buttons), then the amount (at ' +
    'most 5 decimals, the minimum of the language), a proof image and the agreement. Bank/wire shows the ' +
    "brand's accounts, or the fixed USD currency, with the same amount and proof. A submission waits for the " +
    "operators' review. The form is kept in session storage while the user reads `/user/agreement`. Signed " +
    'out, demo, or with deposits disabled, it shows a notice instead.',
  attributes: [...COMMON_ATTRIBUTES],
  events: [
    navigateEvent(
      'Asks the page to go to `/login?to=/user/deposit` (signed out), `/user/agreement` (the agreement link, ' +
        'form kept) or `/user/service` (deposits disabled). Bubbles, is composed and cancelable.',
    ),
  ],
  parts: [
    { name: 'base', description: 'The widget frame.' },
    { name: 'header', description: 'The title.' },
    { name: 'panel', description: 'The panel of the selected tab.' },
    { name: 'coin', description: 'The coin/network select.' },
    { name: 'qr', description: 'The QR code of the address.' },
    { name: 'address', description: 'A value with its copy button (address, memo, bank fields).' },
    { name: 'copy', description: 'A copy button.' },
    { name: 'next', description: 'The button to step 2.' },
    { name: 'bank', description: 'The bank/wire account details.' },
    { name: 'amount', description: 'The amount field.' },
    { name: 'proof', description: 'The proof image picker.' },
    { name: 'agreement', description: 'The agreement checkbox and link.' },
    { name: 'problem', description: 'The validation message.' },
    { name: 'submit', description: 'The submit button.' },
    {
      name: 'notice',
      description: 'A notice instead of the form (signed out, demo, disabled, crypto hidden).',
    },
  ],
  cssProperties: cssPropertiesOf([...BASE_TOKENS]),
};
