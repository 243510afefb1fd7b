/**
 * The loan applications' queue (finance, issue #20): waiting applications oldest first with their amount,
 * term and guarantor. Approve pays the amount to the user's real balance from the loan house account and
 * starts the term; reject tells the user the reason (notification 629021).
 */
import { AdminLoanApprove, AdminLoanList, AdminLoanReject, type AdminLoan } from '../../core/contract/loans';
import { formatAmount } from '../../core/domain/format';
import english from '../../core/i18n/locales/en/backoffice/loans.json';
import type { Translate } from '../context';
import { defineQueue, queueStrings, read, rejectOrApprove, type QueueItem } from '../queue-declaration';
import { SidePanel } from '../side-panel';

const KEYS = 'backoffice.queues.loans';

/** A waiting application as the queue shows it. */
export interface LoanItem extends QueueItem {
  amount: string;
  days: number;
  guarantorUid: string;
  remark: string;
}

/** A queue item from an application of the admin list. */
export function loanItem(loan: AdminLoan): LoanItem {
  return {
    id: loan.id,
    ticketNo: loan.uid,
    userUid: loan.userUid,
    createdAt: loan.createdAt,
    amount: formatAmount(loan.amount),
    days: loan.days,
    guarantorUid: loan.guarantorUid,
    remark: loan.remark,
  };
}

const text = (item: LoanItem, t: Translate) =>
  t('backoffice.queue.approve_text', { amount: item.amount, currency: 'USD', uid: item.userUid });

export const queue = defineQueue<LoanItem>({
  id: 'loans',
  order: 40,
  strings: queueStrings(
    'loans',
    english,
    import.meta.glob(
      ['../../core/i18n/locales/*/backoffice/loans.json', '!../../core/i18n/locales/en/backoffice/*'],
      {
        import: 'default',
      },
    ),
  ),
  nav: `${KEYS}.nav`,
  heading: `${KEYS}.heading`,
  list: read(
    AdminLoanList,
    () => ({ status: 'waiting' as const }),
    (data) => data.list.map(loanItem),
  ),
  row: (item) => ({ title: `${item.amount} USD`, note: `${item.days}d · ${item.guarantorUid}` }),
  facts: (item) => [
    { label: 'backoffice.queue.amount', text: `${item.amount} USD`, num: true },
    { label: `${KEYS}.field.days`, text: String(item.days), num: true },
  ],
  fields: (item) => [
    ['backoffice.queue.field.ticket', item.ticketNo],
    [`${KEYS}.field.guarantor`, item.guarantorUid],
    [`${KEYS}.field.remark`, item.remark],
  ],
  panel: SidePanel,
  decisions: rejectOrApprove<typeof AdminLoanReject, typeof AdminLoanApprove, LoanItem>({
    reject: AdminLoanReject,
    rejectInput: (item, reason) => ({ id: item.id, reason }),
    rejectText: text,
    approve: AdminLoanApprove,
    approveInput: (item) => ({ id: item.id }),
    approveText: text,
  }),
});
