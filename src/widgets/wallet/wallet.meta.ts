/** Public API of <tk-wallet> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, DIRECTION_TOKENS, NOTICE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { COMMON_ATTRIBUTES, navigateEvent } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, events, parts and tokens of <tk-wallet>. */
export const walletMeta: WidgetMeta = {
  tag: 'tk-wallet',
  summary:
    'The wallet of the signed-in user: wallet home, balances with transfers, wallet and cashier records.',
  description:
    'View `home`: deposit, withdraw, crypto wallet (hidden with NO_WALLET_WITHDRAW) and bank card (with ' +
    'user/bankCard) buttons, the latest 5 closed trades and the latest 5 deposits/withdrawals. View ' +
    '`myWallet`: total assets and each currency with Transfer in / Transfer out (a drawer that re-quotes the ' +
    'fee and practical amount on every change and submits with one idempotency key), polled every 8 s while ' +
    'the tab shows, and the wallet records (all, in, out, order). View `records`: deposits and withdrawals ' +
    'filtered by type and status, 10 a page. On the demo account only a reset-demo button shows. Every ' +
    'button that leads to another page fires `tk-navigate` (cancel it when your page routes; otherwise the ' +
    'widget switches its own view for its own pages).',
  attributes: [
    ...COMMON_ATTRIBUTES,
    {
      name: 'view',
      prop: 'view',
      type: 'string',
      values: ['home', 'myWallet', 'records'],
      description: 'Which wallet page to show; `home` when absent or unknown.',
    },
    {
      name: 'actions',
      prop: 'actions',
      type: 'string',
      description:
        'The cashier pages your page has, space-separated (`deposit withdraw crypto bankCard`); the home ' +
        'shows only their buttons. Absent: all of them (brand flags still apply).',
    },
  ],
  events: [
    navigateEvent(
      'Asks the page to go to `/user/deposit`, `/user/withdraw`, `/user/wallet/crypto`, ' +
        '`/user/wallet/bankCard`, `/user/wallet/depositList`, `/user/wallet/transactionList?uid=<order>` (a ' +
        'latest trade clicked), `/history`, or `/login?to=/user/wallet` when ' +
        'signed out. Bubbles, is composed and cancelable.',
    ),
  ],
  parts: [
    { name: 'base', description: 'The widget frame.' },
    { name: 'actions', description: 'The home buttons (each also `action action-<name>`).' },
    { name: 'action', description: 'One home button.' },
    { name: 'latest-trades', description: 'The latest closed trades of the home.' },
    { name: 'latest-records', description: 'The latest deposits and withdrawals of the home.' },
    { name: 'trade', description: 'One trade row (`data-order`); its button opens the order detail.' },
    { name: 'my-wallet', description: 'The My wallet page.' },
    { name: 'total', description: 'The total assets.' },
    { name: 'balances', description: 'The balance list.' },
    { name: 'balance-line', description: 'One currency (`data-currency`).' },
    { name: 'transfer-in', description: 'A Transfer in button.' },
    { name: 'transfer-out', description: 'A Transfer out button.' },
    { name: 'drawer', description: 'The transfer drawer (also `transfer`).' },
    { name: 'transfer', description: 'The transfer drawer.' },
    { name: 'amount', description: 'The transfer amount input.' },
    { name: 'quote', description: 'Fee and practical amount of the transfer.' },
    { name: 'records', description: 'The records page.' },
    { name: 'type-filter', description: 'The type filter of the records.' },
    { name: 'status-filter', description: 'The status filter of the records.' },
    { name: 'record-filter', description: 'The type filter of the wallet records.' },
    { name: 'record-list', description: 'The deposit/withdraw list.' },
    { name: 'record', description: 'One deposit or withdrawal (`data-state`).' },
    { name: 'state', description: 'The payState badge of a record.' },
    { name: 'reason', description: 'Why a record failed.' },
    { name: 'wallet-record-list', description: 'The wallet record list.' },
    { name: 'wallet-record', description: 'One wallet record (`data-type` in, out or order).' },
    { name: 'empty', description: 'An empty-list message.' },
    { name: 'demo', description: 'The demo account’s reset block.' },
    { name: 'signed-out', description: 'The sign-in prompt.' },
  ],
  cssProperties: cssPropertiesOf([...BASE_TOKENS, ...DIRECTION_TOKENS, ...NOTICE_TOKENS]),
};
