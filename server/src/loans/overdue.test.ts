/**
 * Overdue loans (issue #20): a loan unpaid past its repayment date on the server's clock turns overdue (4),
 * answers 1151 to a new application and, through the blocking rules, to real placements, until it is repaid.
 * The suite moves the injected clock instead of waiting out a term.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CheckUserLoan, type Loan } from '../../../src/core/contract/loans';
import { placementBlocks, type PlacementBlocks } from '../../../src/core/contract/placement';
import { WithdrawStatus } from '../../../src/core/contract/withdrawals';
import { describeOnBackends } from '../db/testing';
import { tradingHarness, urlOf, type Trader, type TradingHarness } from '../trading/test-app';
import { DAY_MS } from './ids';
import { applyLoan, decideLoan, decideRepayment, loanCall, repayLoan } from './test-support';

describeOnBackends('overdue loans', { on: 'postgres' }, (backend) => {
  let h: TradingHarness;

  beforeAll(async () => {
    h = await tradingHarness(backend);
    await h.pin('BTCUSDT', '100000.00');
  }, 240_000);
  afterAll(async () => h?.close());

  const check = async (token: string) =>
    (await loanCall<{ dto: Loan | null }>(h.app, CheckUserLoan, token)).data.dto;
  const blocks = async (token: string, kind: 'market' | 'option' = 'market') =>
    (await h.post<PlacementBlocks>(urlOf(placementBlocks), token, { tradePair: 'BTCUSDT', kind })).data
      .blocks;
  const withdrawable = async (token: string) =>
    (await h.post<unknown>(urlOf(WithdrawStatus), token, {})).code;
  const borrow = async (days: number): Promise<{ borrower: Trader; loan: Loan }> => {
    const borrower = await h.trader({ credit: '100' });
    const guarantor = await h.trader();
    const applied = await applyLoan(h.app, borrower.token, guarantor.uid, { days });
    expect((await decideLoan(h.app, applied.data.dto.id, 'approve')).code).toBe(0);
    return { borrower, loan: applied.data.dto };
  };

  it('turns overdue once the clock passes the repayment date, and answers 1151 until repaid', async () => {
    const { borrower, loan } = await borrow(7);
    h.clock.advance(7 * DAY_MS - 1000);
    await h.signInAgain(borrower);
    expect(await check(borrower.token)).toMatchObject({ status: 1 });
    expect(await blocks(borrower.token)).toEqual([]);
    expect((await applyLoan(h.app, borrower.token, (await h.trader()).uid)).code).toBe(1150);

    h.clock.advance(1000);
    await h.signInAgain(borrower);
    expect(await check(borrower.token)).toMatchObject({ status: 4, amountOwed: '50000.00000000' });
    expect((await applyLoan(h.app, borrower.token, (await h.trader()).uid)).code).toBe(1151);
    // The placement notice and the placement answer the same code; demo trading stays open.
    expect(await blocks(borrower.token)).toEqual([{ rule: 'loan-overdue', code: 1151 }]);
    expect(await blocks(borrower.token, 'option')).toEqual([{ rule: 'loan-overdue', code: 1151 }]);
    expect(await blocks(borrower.demoToken)).toEqual([]);
    expect((await h.order(borrower.token, { orderQuantity: '0.01' })).code).toBe(1151);
    // No payout of the house's money before it is repaid (LN11).
    expect(await withdrawable(borrower.token)).toBe(1151);
    expect((await h.order(borrower.demoToken, { orderQuantity: '0.01' }, true)).code).toBe(0);

    // An overdue loan is still repayable; a part keeps it overdue, the rest repays it.
    const part = await repayLoan(h.app, borrower.token, loan.id, 10_000);
    expect((await decideRepayment(h.app, part.data.dto.id, 'approve')).code).toBe(0);
    expect(await check(borrower.token)).toMatchObject({ status: 4, amountOwed: '40000.00000000' });
    expect(await blocks(borrower.token)).toEqual([{ rule: 'loan-overdue', code: 1151 }]);
    const rest = await repayLoan(h.app, borrower.token, loan.id, 40_000);
    expect((await decideRepayment(h.app, rest.data.dto.id, 'approve')).code).toBe(0);
    expect(await check(borrower.token)).toMatchObject({ status: 3, amountOwed: '0.00000000' });
    expect(await blocks(borrower.token)).toEqual([]);
    expect((await h.order(borrower.token, { orderQuantity: '0.01' })).code).toBe(0);
    expect(await withdrawable(borrower.token)).not.toBe(1151);
    expect(await h.ledgerOk()).toBe(true);
  });

  it('the sweep marks loans overdue without any call of their owner, and never one still in term', async () => {
    const late = await borrow(7);
    const later = await borrow(30);
    h.clock.advance(8 * DAY_MS);
    await h.signInAgain(late.borrower);
    await h.signInAgain(later.borrower);
    // The clock's timer marked them as the clock moved: the sweep of the admin list finds nothing left.
    await h.app.loans.overdueSettled();
    expect(await h.app.loans.sweepOverdue()).toBe(0);
    const { rows } = await h.app.db.query<{ id: string; status: number }>(
      'select id::text, status from loans where id = any($1::bigint[]) order by id',
      [[late.loan.id, later.loan.id]],
    );
    expect(rows).toEqual([
      { id: late.loan.id, status: 4 },
      { id: later.loan.id, status: 1 },
    ]);
    expect(await blocks(late.borrower.token)).toEqual([{ rule: 'loan-overdue', code: 1151 }]);
    expect(await blocks(later.borrower.token)).toEqual([]);
  });

  it("the clock's timer marks a loan overdue when the clock passes its date, with no call of anyone", async () => {
    const early = await borrow(7);
    const late = await borrow(30);
    await h.app.loans.overdueSettled();
    const statusOf = async (id: string) =>
      (await h.app.db.query<{ status: number }>('select status from loans where id = $1', [id])).rows[0]
        ?.status;
    h.clock.advance(7 * DAY_MS - 1);
    await h.app.loans.overdueSettled();
    expect(await statusOf(early.loan.id)).toBe(1);
    h.clock.advance(1);
    await h.app.loans.overdueSettled();
    // Marked by the timer alone: no loan call, no sweep call, no admin list in between.
    expect(await statusOf(early.loan.id)).toBe(4);
    expect(await statusOf(late.loan.id)).toBe(1);
    // The timer was set again for the next date.
    h.clock.advance(23 * DAY_MS);
    await h.app.loans.overdueSettled();
    expect(await statusOf(late.loan.id)).toBe(4);
    await h.signInAgain(early.borrower);
    expect(await blocks(early.borrower.token)).toEqual([{ rule: 'loan-overdue', code: 1151 }]);
  });

  it('never marks a waiting, rejected or repaid loan overdue', async () => {
    const waiting = await h.trader();
    await applyLoan(h.app, waiting.token, (await h.trader()).uid);
    h.clock.advance(31 * DAY_MS);
    await h.signInAgain(waiting);
    expect(await check(waiting.token)).toMatchObject({ status: 0, repaymentDate: null });
    expect(await blocks(waiting.token)).toEqual([]);
  });
});
