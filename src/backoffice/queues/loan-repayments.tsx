/**
 * The loan repayments' queue (finance, issue #20): waiting repayments oldest first with their loan and what
 * it owes once they are approved. The amount was held from the user's balance at submission: approve lowers
 * what the loan owes (repaid at zero), reject returns it to the balance with the reason the user sees.
 */
import {
  AdminRepaymentApprove,
  AdminRepaymentList,
  AdminRepaymentReject,
  type AdminRepayment,
} from '../../core/contract/loans';
import { formatAmount } from '../../core/domain/format';
import english from '../../core/i18n/locales/en/backoffice/loan-repayments.json';
import type { Translate } from '../context';
import { defineQueue, queueStrings, read, rejectOrApprove, type QueueItem } from '../queue-declaration';
import { SidePanel } from '../side-panel';

const KEYS = 'backoffice.queues.loan-repayments';

/** A waiting repayment as the queue shows it. */
export interface RepaymentItem extends QueueItem {
  amount: string;
  loanUid: string;
  loanAmount: string;
  owedAfter: string;
}

/** A queue item from a repayment of the admin list. */
export function repaymentItem(repayment: AdminRepayment): RepaymentItem {
  return {
    id: repayment.id,
    ticketNo: repayment.uid,
    userUid: repayment.userUid,
    createdAt: repayment.createdAt,
    amount: formatAmount(repayment.amount),
    loanUid: repayment.loanUid,
    loanAmount: formatAmount(repayment.loanAmount),
    owedAfter: formatAmount(repayment.amountOwed),
  };
}

const text = (item: RepaymentItem, t: Translate) =>
  t('backoffice.queue.approve_text', { amount: item.amount, currency: 'USD', uid: item.userUid });

export const queue = defineQueue<RepaymentItem>({
  id: 'loan-repayments',
  order: 41,
  strings: queueStrings(
    'loan-repayments',
    english,
    import.meta.glob(
      [
        '../../core/i18n/locales/*/backoffice/loan-repayments.json',
        '!../../core/i18n/locales/en/backoffice/*',
      ],
      { import: 'default' },
    ),
  ),
  nav: `${KEYS}.nav`,
  heading: `${KEYS}.heading`,
  list: read(
    AdminRepaymentList,
    () => ({ status: 'waiting' as const }),
    (data) => data.list.map(repaymentItem),
  ),
  row: (item) => ({ title: `${item.amount} USD`, note: item.loanUid }),
  facts: (item) => [
    { label: 'backoffice.queue.amount', text: `${item.amount} USD`, num: true },
    { label: `${KEYS}.field.owed_after`, text: `${item.owedAfter} USD`, num: true },
  ],
  fields: (item) => [
    ['backoffice.queue.field.ticket', item.ticketNo],
    [`${KEYS}.field.loan`, item.loanUid],
    [`${KEYS}.field.loan_amount`, `${item.loanAmount} USD`],
  ],
  panel: SidePanel,
  decisions: rejectOrApprove<typeof AdminRepaymentReject, typeof AdminRepaymentApprove, RepaymentItem>({
    reject: AdminRepaymentReject,
    rejectInput: (item, reason) => ({ id: item.id, reason }),
    rejectText: text,
    approve: AdminRepaymentApprove,
    approveInput: (item) => ({ id: item.id }),
    approveText: text,
  }),
});
