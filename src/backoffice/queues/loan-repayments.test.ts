import { describe, expect, it } from 'vitest';
import type { AdminRepayment } from '../../core/contract/loans';
import { queue as repaymentQueue, repaymentItem } from './loan-repayments';

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

/** A transport that records each call and answers `data`. */
function recorder(data: unknown) {
  const seen: unknown[] = [];
  const call = async (endpoint: { path: string }, input: unknown) => {
    seen.push([endpoint.path, input]);
    return { ok: true as const, data: data as never };
  };
  return { seen, call };
}

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
  const files = import.meta.glob<Record<string, unknown>>(
    [
      '../../core/i18n/locales/*/backoffice/loans.json',
      '../../core/i18n/locales/*/backoffice/loan-repayments.json',
    ],
    { eager: true, import: 'default' },
  );
  const lookup = (tree: unknown, key: string) =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

  it('labels its tab, heading and every fact and field in all 12 languages, each in its own words', () => {
    const keys = [
      repaymentQueue.nav,
      repaymentQueue.heading,
      ...repaymentQueue.facts(repaymentItem(REPAYMENT)).map((f) => f.label),
      ...repaymentQueue.fields(repaymentItem(REPAYMENT), (k) => k).map(([label]) => label),
    ].filter((key) => key.startsWith('backoffice.queues.'));
    const languages = new Set(Object.keys(files).map((path) => /locales\/([\w-]+)\//.exec(path)?.[1]));
    expect(languages.size).toBe(12);
    const english = (key: string) =>
      Object.entries(files)
        .filter(([path]) => path.includes('/en/'))
        .map(([, tree]) => lookup(tree, key))
        .find((v) => v !== undefined);
    for (const language of languages) {
      const own = Object.entries(files).filter(([path]) => path.includes(`/${language}/`));
      const text = (key: string) => own.map(([, tree]) => lookup(tree, key)).find((v) => v !== undefined);
      expect([language, keys.filter((key) => !/\S/.test(String(text(key) ?? '')))]).toEqual([language, []]);
      // Translated, not copied: outside English the tab names differ from the English ones.
      if (language !== 'en') expect(text(repaymentQueue.nav)).not.toBe(english(repaymentQueue.nav));
    }
  });
});
