/**
 * Loans (issue #20): the user's `userLoan/*` calls and the operators' two queues through the admin API, on
 * PostgreSQL (the suite moves money through the ledger and checks it conserves).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AdminLoanList,
  AdminRepaymentList,
  CheckUserLoan,
  GetRepayment,
  type AdminLoan,
  type AdminRepayment,
  type Loan,
  type Repayment,
} from '../../../src/core/contract/loans';
import { NotificationList, type NotificationPage } from '../../../src/core/contract/notifications';
import { serverUrl } from '../../../src/core/contract/endpoint';
import type { Envelope } from '../../../src/core/contract/envelope';
import { ADMIN_TOKEN, signIn } from '../accounts/test-app';
import { describeOnBackends } from '../db/testing';
import { findUserAccount, HouseAccount, houseAccount, postTransaction, toMoney } from '../ledger';
import { tradingHarness, type Trader, type TradingHarness } from '../trading/test-app';
import { LOAN_HOUSE, REPAY_PENDING_HOUSE } from './ids';
import { applyLoan, decideLoan, decideRepayment, loanCall, repayLoan } from './test-support';

describeOnBackends('loans', { on: 'postgres' }, (backend) => {
  let h: TradingHarness;

  beforeAll(async () => {
    h = await tradingHarness(backend);
  }, 240_000);
  afterAll(async () => h?.close());

  const check = (token: string) => loanCall<{ dto: Loan | null }>(h.app, CheckUserLoan, token);
  const repayments = (token: string, loanId: string) =>
    loanCall<{ dtoList: Repayment[] }>(h.app, GetRepayment, token, { loanId, loanUid: 'ignored' });
  const balance = async (userId: string) => toMoney((await h.account(userId)).balance);
  const house = async (kind: string) => {
    const { rows } = await h.app.db.query<{ balance: string }>(
      `select balance::text from ledger_accounts where owner_kind = 'house' and kind = $1`,
      [kind],
    );
    return toMoney(rows[0]?.balance ?? '0');
  };
  const adminGet = async <T>(path: string, query: string) =>
    (
      await h.app.inject({
        method: 'GET',
        url: `${serverUrl('admin', path)}${query}`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).json<Envelope<T>>();
  /** A borrower with a guarantor, and the borrower's approved loan of `amount`. */
  const activeLoan = async (amount = 50_000, credit?: string) => {
    const borrower = await h.trader(credit ? { credit } : {});
    const guarantor = await h.trader();
    const applied = await applyLoan(h.app, borrower.token, guarantor.uid, { amount });
    expect(applied.code).toBe(0);
    expect((await decideLoan(h.app, applied.data.dto.id, 'approve')).code).toBe(0);
    return { borrower, guarantor, loan: applied.data.dto };
  };

  it('answers null before any application, then the waiting application (status 0)', async () => {
    const user = await h.trader();
    const guarantor = await h.trader();
    expect(await check(user.token)).toMatchObject({ code: 0, data: { dto: null } });
    const applied = await applyLoan(h.app, user.token, guarantor.uid, { amount: '500000', days: 15 });
    expect(applied.code).toBe(0);
    expect(applied.data.dto).toMatchObject({
      amount: '500000.00000000',
      days: 15,
      guarantor: guarantor.uid,
      status: 0,
      repaymentDate: null,
      remark: 'Working capital',
      amountOwed: '0.00000000',
    });
    expect((await check(user.token)).data.dto).toEqual(applied.data.dto);
  });

  it.each([
    [{ amount: 40_000 }, 1036],
    [{ amount: 1_010_000 }, 1036],
    [{ amount: 55_000 }, 1036],
    [{ amount: '50000.001' }, 1065],
    [{ amount: 'lots' }, 1001],
    [{ amount: -50_000 }, 1001],
    [{ days: 6 }, 1001],
    [{ days: 31 }, 1001],
    [{ days: 7.5 }, 1001],
    [{ guarantor: '' }, 1001],
    [{ guarantor: 'x1' }, 1001],
  ])('refuses the application %j with %i', async (body, code) => {
    const user = await h.trader();
    const guarantor = await h.trader();
    expect((await applyLoan(h.app, user.token, guarantor.uid, body)).code).toBe(code);
    expect((await check(user.token)).data.dto).toBeNull();
  });

  it('takes the presets and limits: 50,000, 1,000,000 and 7, 30 days', async () => {
    for (const [amount, days] of [
      [50_000, 7],
      [1_000_000, 30],
    ] as const) {
      const user = await h.trader();
      const guarantor = await h.trader();
      expect((await applyLoan(h.app, user.token, guarantor.uid, { amount, days })).code).toBe(0);
    }
  });

  it('refuses a guarantor who is unknown, oneself, of another brand (1002), blocked or frozen (1044)', async () => {
    const user = await h.trader();
    const other = await h.trader({ brandId: 'meridian' });
    const blocked = await h.trader();
    const frozen = await h.trader();
    await h.app.db.query('update users set blocked = true where id = $1', [blocked.id]);
    await h.app.db.query('update users set withdrawal_frozen = true where id = $1', [frozen.id]);
    expect((await applyLoan(h.app, user.token, '99999999')).code).toBe(1002);
    expect((await applyLoan(h.app, user.token, user.uid)).code).toBe(1002);
    expect((await applyLoan(h.app, user.token, other.uid)).code).toBe(1002);
    expect((await applyLoan(h.app, user.token, blocked.uid)).code).toBe(1044);
    expect((await applyLoan(h.app, user.token, frozen.uid)).code).toBe(1044);
    // Each refusal reserved nothing: a good guarantor is then accepted.
    const good = await h.trader();
    expect((await applyLoan(h.app, user.token, good.uid)).code).toBe(0);
  });

  it('offers loans only on the real account of a brand with the loan flag (23523 on demo and on aurora)', async () => {
    const user = await h.trader();
    const guarantor = await h.trader();
    const aurora = await h.trader({ brandId: 'aurora' });
    const auroraGuarantor = await h.trader({ brandId: 'aurora' });
    expect((await check(user.demoToken)).code).toBe(23523);
    expect((await applyLoan(h.app, user.demoToken, guarantor.uid)).code).toBe(23523);
    expect((await check(aurora.token)).code).toBe(23523);
    expect((await applyLoan(h.app, aurora.token, auroraGuarantor.uid)).code).toBe(23523);
    expect((await repayLoan(h.app, aurora.token, '1', 100)).code).toBe(23523);
    expect((await repayments(aurora.token, '1')).code).toBe(23523);
  });

  it('allows one application or loan at a time: 1149 while waiting, 1150 while active, again after rejection', async () => {
    const user = await h.trader();
    const guarantor = await h.trader();
    const first = await applyLoan(h.app, user.token, guarantor.uid);
    expect((await applyLoan(h.app, user.token, guarantor.uid)).code).toBe(1149);
    expect((await decideLoan(h.app, first.data.dto.id, 'reject', 'Income not shown')).code).toBe(0);
    const rejected = (await check(user.token)).data.dto;
    expect(rejected).toMatchObject({ status: 2, remark: 'Income not shown' });
    const second = await applyLoan(h.app, user.token, guarantor.uid);
    expect(second.code).toBe(0);
    expect((await decideLoan(h.app, second.data.dto.id, 'approve')).code).toBe(0);
    expect((await applyLoan(h.app, user.token, guarantor.uid)).code).toBe(1150);
  });

  it('answers a repeated submit with the same Idempotency-Key once, creating one application', async () => {
    const user = await h.trader();
    const guarantor = await h.trader();
    const body = { amount: 50_000, days: 7, guarantor: guarantor.uid };
    const { InsertLoan } = await import('../../../src/core/contract/loans');
    const a = await loanCall<{ dto: Loan }>(h.app, InsertLoan, user.token, body, 'loan-key-0001');
    const b = await loanCall<{ dto: Loan }>(h.app, InsertLoan, user.token, body, 'loan-key-0001');
    expect(a.code).toBe(0);
    expect(b).toEqual(a);
    const { rows } = await h.app.db.query('select id from loans where user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
  });

  it('approval pays the amount from the loan house account in one transaction, due after its term', async () => {
    const houseBefore = await house(LOAN_HOUSE);
    const { borrower, loan } = await activeLoan(70_000);
    expect(await balance(borrower.id)).toBe('70000.00');
    expect(await house(LOAN_HOUSE)).toBe(toMoney(String(Number(houseBefore) - 70_000)));
    const dto = (await check(borrower.token)).data.dto as Loan;
    expect(dto).toMatchObject({ status: 1, amountOwed: '70000.00000000' });
    expect(dto.repaymentDate).toBe(h.clock.now() + 7 * 86_400_000);
    const { rows } = await h.app.db.query<{ kind: string; n: string }>(
      `select t.kind, count(p.id)::text as n from ledger_transactions t join ledger_postings p on p.txn_id = t.id
        where t.ref = $1 group by t.kind`,
      [`loan:${loan.uid}`],
    );
    expect(rows).toEqual([{ kind: 'loan_disburse', n: '2' }]);
    // Deciding twice answers 1038; an unknown id 1039.
    expect((await decideLoan(h.app, loan.id, 'approve')).code).toBe(1038);
    expect((await decideLoan(h.app, '999999999', 'approve')).code).toBe(1039);
    expect(await h.ledgerOk()).toBe(true);
  });

  it('rejection writes 629021 with the reason and moves no money', async () => {
    const user = await h.trader();
    const guarantor = await h.trader();
    const applied = await applyLoan(h.app, user.token, guarantor.uid);
    const houseBefore = await house(LOAN_HOUSE);
    const decided = await decideLoan(h.app, applied.data.dto.id, 'reject', 'Guarantor did not confirm');
    expect(decided.data.loan).toMatchObject({ state: 'rejected', reason: 'Guarantor did not confirm' });
    const page = await h.post<NotificationPage>(
      serverUrl(NotificationList.service, NotificationList.path),
      user.token,
      { page: 1 },
    );
    expect(page.data.list[0]).toMatchObject({ alarmType: 629021, remark: 'Guarantor did not confirm' });
    expect(await balance(user.id)).toBe('0.00');
    expect(await house(LOAN_HOUSE)).toBe(houseBefore);
  });

  it('repays in steps of 100 up to the amount owed; one repayment waits at a time', async () => {
    const { borrower, loan } = await activeLoan(50_000, '1000');
    expect((await repayLoan(h.app, borrower.token, loan.id, 0)).code).toBe(1036);
    expect((await repayLoan(h.app, borrower.token, loan.id, 150)).code).toBe(1036);
    expect((await repayLoan(h.app, borrower.token, loan.id, '100.001')).code).toBe(1065);
    expect((await repayLoan(h.app, borrower.token, loan.id, 50_100)).code).toBe(1036);
    expect((await repayLoan(h.app, borrower.token, loan.id, 1_000_000)).code).toBe(1036);
    const first = await repayLoan(h.app, borrower.token, loan.id, 20_000);
    expect(first.code).toBe(0);
    expect(first.data.dto).toMatchObject({
      amount: '20000.00000000',
      amountOwed: '30000.00000000',
      status: 0,
    });
    // Held at once: the balance and the pending house account show it.
    expect(await balance(borrower.id)).toBe('31000.00');
    expect((await repayLoan(h.app, borrower.token, loan.id, 100)).code).toBe(23552);

    expect((await decideRepayment(h.app, first.data.dto.id, 'reject', 'Wrong reference')).code).toBe(0);
    expect(await balance(borrower.id)).toBe('51000.00');
    const listed = await repayments(borrower.token, loan.id);
    expect(listed.data.dtoList[0]).toMatchObject({ status: 2, remark: 'Wrong reference' });

    const second = await repayLoan(h.app, borrower.token, loan.id, 20_000);
    expect((await decideRepayment(h.app, second.data.dto.id, 'approve')).code).toBe(0);
    expect((await check(borrower.token)).data.dto).toMatchObject({ status: 1, amountOwed: '30000.00000000' });
    expect((await decideRepayment(h.app, second.data.dto.id, 'reject')).code).toBe(1038);
    expect((await decideRepayment(h.app, '999999999', 'approve')).code).toBe(1039);

    const last = await repayLoan(h.app, borrower.token, loan.id, 30_000);
    expect((await decideRepayment(h.app, last.data.dto.id, 'approve')).code).toBe(0);
    expect((await check(borrower.token)).data.dto).toMatchObject({ status: 3, amountOwed: '0.00000000' });
    expect(await balance(borrower.id)).toBe('1000.00');
    expect((await repayments(borrower.token, loan.id)).data.dtoList.map((r) => r.status)).toEqual([1, 1, 2]);
    // Repaid: nothing more to repay (1057), and a new application is allowed.
    expect((await repayLoan(h.app, borrower.token, loan.id, 100)).code).toBe(1057);
    expect((await applyLoan(h.app, borrower.token, (await h.trader()).uid)).code).toBe(0);
    expect(await h.ledgerOk()).toBe(true);
  });

  it('refuses a repayment above the real balance (1052) and of a loan still waiting (1057)', async () => {
    const { borrower, loan } = await activeLoan();
    // The borrower spent the loan (paid out as a withdrawal would): 50 USD remain.
    await h.app.db.transaction(async (tx) => {
      const account = (await findUserAccount(tx, borrower.id, 'real'))!;
      const cash = await houseAccount(tx, HouseAccount.cashReal);
      await postTransaction(tx, {
        kind: 'test_spend',
        postings: [
          { accountId: account.id, bucket: 'balance', amount: '-49950' },
          { accountId: cash.id, bucket: 'balance', amount: '49950' },
        ],
      });
    });
    expect((await repayLoan(h.app, borrower.token, loan.id, 100)).code).toBe(1052);
    expect((await repayments(borrower.token, loan.id)).data.dtoList).toEqual([]);
    const waiting = await h.trader();
    const applied = await applyLoan(h.app, waiting.token, borrower.uid);
    expect((await repayLoan(h.app, waiting.token, applied.data.dto.id, 100)).code).toBe(1057);
  });

  it("answers another user's loan exactly like a missing one (1008)", async () => {
    const { loan } = await activeLoan();
    const stranger = await h.trader({ credit: '1000' });
    const missing = await repayments(stranger.token, '999999999');
    expect(missing.code).toBe(1008);
    expect(await repayments(stranger.token, loan.id)).toEqual(missing);
    const missingRepay = await repayLoan(h.app, stranger.token, '999999999', 100);
    expect(missingRepay.code).toBe(1008);
    expect(await repayLoan(h.app, stranger.token, loan.id, 100)).toEqual(missingRepay);
    expect(await balance(stranger.id)).toBe('1000.00');
  });

  it('lists both queues for the operators by state, oldest first', async () => {
    const { borrower, loan } = await activeLoan(60_000);
    const waitingUser = await h.trader();
    const waiting = await applyLoan(h.app, waitingUser.token, borrower.uid, { amount: 90_000 });
    const loans = await adminGet<{ list: AdminLoan[]; total: number }>(AdminLoanList.path, '?status=waiting');
    expect(loans.code).toBe(0);
    expect(loans.data.list.find((l) => l.id === waiting.data.dto.id)).toMatchObject({
      userUid: waitingUser.uid,
      guarantorUid: borrower.uid,
      amount: '90000.00000000',
      state: 'waiting',
    });
    expect(loans.data.list.some((l) => l.id === loan.id)).toBe(false);
    const active = await adminGet<{ list: AdminLoan[] }>(AdminLoanList.path, '?status=active&limit=200');
    expect(active.data.list.some((l) => l.id === loan.id)).toBe(true);
    const paid = await repayLoan(h.app, borrower.token, loan.id, 500);
    const queue = await adminGet<{ list: AdminRepayment[] }>(AdminRepaymentList.path, '');
    expect(queue.data.list.find((r) => r.id === paid.data.dto.id)).toMatchObject({
      loanId: loan.id,
      userUid: borrower.uid,
      amount: '500.00000000',
      amountOwed: '59500.00000000',
      loanAmount: '60000.00000000',
      state: 'waiting',
    });
    expect((await adminGet(AdminLoanList.path, '?status=nonsense')).code).toBe(1001);
    expect(await house(REPAY_PENDING_HOUSE)).not.toBe('0.00');
  });

  it("shows the user's newest loan in the operators' summary panel", async () => {
    const { borrower } = await activeLoan(80_000);
    const summary = await adminGet<{ loan: unknown }>(`users/${borrower.uid}/summary`, '');
    expect(summary.data.loan).toEqual({
      state: 'active',
      amount: '80000.00000000',
      amountOwed: '80000.00000000',
      repaymentDate: h.clock.now() + 7 * 86_400_000,
    });
    const fresh = await h.trader();
    expect((await adminGet<{ loan: unknown }>(`users/${fresh.uid}/summary`, '')).data.loan).toBeNull();
  });

  it('needs a session: no token answers 400', async () => {
    const anonymous = await h.app.inject({
      method: 'POST',
      url: serverUrl(CheckUserLoan.service, CheckUserLoan.path),
    });
    expect(anonymous.json<Envelope<unknown>>().code).toBe(400);
    // A fresh real session of an existing user works.
    const user: Trader = await h.trader();
    expect((await check(await signIn(h.app, user.id))).code).toBe(0);
  });
});
