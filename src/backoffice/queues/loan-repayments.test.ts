import { describe, expect, it } from 'vitest';
import type { AdminRepayment } from '../../core/contract/loans';
import { queue as repaymentQueue, repaymentItem } from './loan-repayments';
import { itLabelsInAllLanguages, recorder } from '../loan-queues.fixture';

const LOAN = { uid: 'L20261129190000123456' };

const REPAYMENT: AdminRepayment = {
  id: '30',
  uid: 'R20261129190000654321',
  loanId: '12',
  loanUid: LOAN.uid,
  userUid: '87654321',
  amount: '20000.00000000',
  amountOwed: '480000.00000000',
  loanAmount: '500000.00000000',
  state: 'waiting',
  reason: '',
  createdAt: 1_764_000_200_000,
  reviewedAt: null,
  reviewedBy: null,
};

describe('the loan repayments queue', () => {
  it('reads a repayment with its loan and what the loan owes once it is approved', () => {
    const item = repaymentItem(REPAYMENT);
    expect(repaymentQueue.row(item)).toEqual({ title: '20,000.00 USD', note: LOAN.uid });
    expect(repaymentQueue.facts(item)).toEqual([
      { label: 'backoffice.queue.amount', text: '20,000.00 USD', num: true },
      { label: 'backoffice.queues.loan-repayments.field.owed_after', text: '480,000.00 USD', num: true },
    ]);
    expect(repaymentQueue.fields(item, (key) => key)).toEqual([
      ['backoffice.queue.field.ticket', REPAYMENT.uid],
      ['backoffice.queues.loan-repayments.field.loan', LOAN.uid],
      ['backoffice.queues.loan-repayments.field.loan_amount', '500,000.00 USD'],
    ]);
  });

  it('lists the waiting repayments and sends its decisions through their endpoints', async () => {
    const { seen, call } = recorder({ list: [REPAYMENT], total: 1 });
    await repaymentQueue.list.load(call as never, undefined);
    for (const decision of repaymentQueue.decisions)
      await decision.send(call as never, repaymentItem(REPAYMENT), 'Unpaid');
    expect(seen).toEqual([
      ['loan-repayments', { status: 'waiting' }],
      ['loan-repayments/{id}/reject', { id: '30', reason: 'Unpaid' }],
      ['loan-repayments/{id}/approve', { id: '30' }],
    ]);
  });
});

describe('the loan-repayments queue strings', () => {
  itLabelsInAllLanguages(repaymentQueue, repaymentItem(REPAYMENT));
});
