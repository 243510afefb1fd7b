/** Public API of <tk-withdraw> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, NOTICE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { COMMON_ATTRIBUTES, navigateEvent } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, events, parts and tokens of <tk-withdraw>. */
export const withdrawMeta: WidgetMeta = {
  tag: 'tk-withdraw',
  summary: 'Withdraw to a crypto address or a bank card, with a live fee quote.',
  description:
    'The withdraw page: the status check first (a waiting withdrawal, open positions, an account anomaly or ' +
    'missing trading volume show their message), tabs crypto and bank card as the brand allows ' +
    '(`NO_WALLET_WITHDRAW`, `user/bankCard`), a coin/network or bank card chosen in a drawer, the saved ' +
    'address read-only or a typed one, the amount with its range, and the fee, actual amount and balance ' +
    'after from a quote that repeats every second. Done submits once per submission (an idempotency key), ' +
    'then shows a toast and asks the page for the records. Signed out, it shows a sign-in prompt.',
  attributes: [...COMMON_ATTRIBUTES],
  events: [
    navigateEvent(
      'Asks the page to go to `/login?to=/user/withdraw` (signed out), `/user/wallet/addCrypto` or ' +
        '`/user/wallet/addBankCard` (empty states), `/user/verified`, `/user/juniorVerified` or `/user/bindEmail` (an identity rule stops the withdrawal) or `/user/wallet/depositList` (after a withdrawal). ' +
        'Bubbles, is composed and cancelable.',
    ),
  ],
  parts: [
    { name: 'base', description: 'The widget frame.' },
    { name: 'header', description: 'The title.' },
    { name: 'status', description: 'The status check’s message when a withdrawal cannot start.' },
    {
      name: 'status-action',
      description: 'The way to lift an identity rule: verify (1014) or bind an email (1156).',
    },
    { name: 'form', description: 'The form of the current tab.' },
    { name: 'select', description: 'The coin/network or bank card chooser.' },
    { name: 'address', description: 'The destination address (read-only when saved).' },
    { name: 'amount', description: 'The amount input.' },
    { name: 'message', description: 'An amount or server message.' },
    { name: 'quote', description: 'Fee, actual amount and balance after.' },
    { name: 'submit', description: 'The done button.' },
    { name: 'empty', description: 'An empty state (no bank card, no method offered).' },
    { name: 'signed-out', description: 'The sign-in prompt.' },
    { name: 'drawer', description: 'The chooser drawer.' },
    { name: 'options', description: 'The choices in the drawer.' },
  ],
  cssProperties: cssPropertiesOf([...BASE_TOKENS, ...NOTICE_TOKENS]),
};
