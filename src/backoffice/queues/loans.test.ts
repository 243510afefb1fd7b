import { describe, expect, it } from 'vitest';
import type { AdminLoan } from '../../core/contract/loans';
import { loanItem, queue as loanQueue } from './loans';
import { itLabelsInAllLanguages, recorder } from '../loan-queues.fixture';

const LOAN: AdminLoan = {
  id: '12',
  uid: 'L20261129190000123456',
  userUid: '87654321',
  guarantorUid: '12345678',
  amount: '500000.00000000',
  days: 15,
  amountOwed: '0.00000000',
  state: 'waiting',
  remark: 'Working capital',
  reason: '',
  createdAt: 1_764_000_100_000,
  repaymentDate: null,
  reviewedAt: null,
  reviewedBy: null,
};

describe('the loans queue', () => {
  it('reads an application with its amount, term, guarantor and remark', () => {
    const item = loanItem(LOAN);
    expect(item).toMatchObject({ id: '12', ticketNo: LOAN.uid, userUid: '87654321', amount: '500,000.00' });
    expect(loanQueue.row(item)).toEqual({ title: '500,000.00 USD', note: '15d · 12345678' });
    expect(loanQueue.facts(item)).toEqual([
      { label: 'backoffice.queue.amount', text: '500,000.00 USD', num: true },
      { label: 'backoffice.queues.loans.field.days', text: '15', num: true },
    ]);
    expect(loanQueue.fields(item, (key) => key)).toEqual([
      ['backoffice.queue.field.ticket', LOAN.uid],
      ['backoffice.queues.loans.field.guarantor', '12345678'],
      ['backoffice.queues.loans.field.remark', 'Working capital'],
    ]);
  });

  it('lists the waiting applications, rejects with the reason and approves with the id alone', async () => {
    const { seen, call } = recorder({ list: [LOAN], total: 1 });
    const listed = await loanQueue.list.load(call as never, undefined);
    expect(listed.ok && listed.data.map((item) => item.id)).toEqual(['12']);
    const item = loanItem(LOAN);
    for (const decision of loanQueue.decisions) await decision.send(call as never, item, 'No guarantor');
    expect(seen).toEqual([
      ['loans', { status: 'waiting' }],
      ['loans/{id}/reject', { id: '12', reason: 'No guarantor' }],
      ['loans/{id}/approve', { id: '12' }],
    ]);
    expect(loanQueue.decisions.map((d) => [d.id, d.danger, d.roles])).toEqual([
      ['reject', true, ['finance']],
      ['approve', false, ['finance']],
    ]);
  });
});

describe('the loans queue strings', () => {
  itLabelsInAllLanguages(loanQueue, loanItem(LOAN));
});
