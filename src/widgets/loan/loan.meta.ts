/** Public API of <tk-loan> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, NOTICE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { COMMON_ATTRIBUTES, navigateEvent } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, events, parts and tokens of <tk-loan>. */
export const loanMeta: WidgetMeta = {
  tag: 'tk-loan',
  summary: 'Apply for a loan with a guarantor, and repay it.',
  description:
    'The loan page: without a loan (or after a rejected or repaid one) the application with the amount ' +
    'slider (50,000–1,000,000 USD, step 10,000) and its presets, the term slider (7–30 days) and its presets ' +
    "and the guarantor's UID; a waiting application read-only; an active or overdue loan with its amount, " +
    'repayment date and amount owed, the overdue notice, the repay button (the first click opens the slider, ' +
    'step 100 up to what is owed, the second submits; disabled while the latest repayment waits) and the ' +
    'repayment records. Each submit carries an idempotency key. The demo account and brands without ' +
    '`user/loan` get a "not offered" line; signed out, it shows a sign-in prompt.',
  attributes: [...COMMON_ATTRIBUTES],
  events: [
    navigateEvent(
      'Asks the page to go to `/login?to=/user/loan` (signed out). Bubbles, is composed and cancelable.',
    ),
  ],
  parts: [
    { name: 'base', description: 'The widget frame.' },
    { name: 'header', description: 'The title and the real balance.' },
    {
      name: 'status',
      description: 'The state of the last loan (waiting, rejected with the reason, repaid).',
    },
    { name: 'form', description: 'The application or the repayment view.' },
    { name: 'amount', description: 'The loan amount input.' },
    { name: 'guarantor', description: "The guarantor's UID." },
    { name: 'figures', description: 'Amount, term, repayment date and amount owed.' },
    { name: 'overdue', description: 'The overdue notice (1151) and what it blocks.' },
    { name: 'repay', description: 'The repay button and its slider.' },
    { name: 'repay-amount', description: 'The repayment amount input.' },
    { name: 'repayments', description: 'The repayment records.' },
    { name: 'message', description: 'A server message.' },
    { name: 'submit', description: 'The apply or repay button.' },
    { name: 'empty', description: 'The "not offered" line (demo account, brand without loans).' },
    { name: 'signed-out', description: 'The sign-in prompt.' },
  ],
  cssProperties: cssPropertiesOf([...BASE_TOKENS, ...NOTICE_TOKENS]),
};
