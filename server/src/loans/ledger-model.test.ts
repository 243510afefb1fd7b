/**
 * Model-based test of the loans' money (issue #20, alongside the cashier's `ledger-model.test.ts`): random
 * sequences of applications, their decisions, repayments and theirs, through the real routes. A plain model
 * predicts every answer code, the borrower's balance, what the loan owes and the two loan house accounts;
 * after each step the database must equal it and `checkLedger` must hold: 0 drift.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { add, compare, sub } from '../../../src/core/domain/decimal';
import { buildAccountsApp, createUser, signIn } from '../accounts/test-app';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { checkLedger, findUserAccount, toMoney } from '../ledger';
import { LOAN_HOUSE, REPAY_PENDING_HOUSE } from './ids';
import { applyLoan, decideLoan, decideRepayment, repayLoan } from './test-support';

const RUNS = Number(process.env.LEDGER_MODEL_RUNS ?? 25);

type Step =
  | { kind: 'apply'; amount: number }
  | { kind: 'decideLoan'; approve: boolean }
  | { kind: 'repay'; hundreds: number }
  | { kind: 'decideRepayment'; approve: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('apply' as const), amount: fc.constantFrom(50_000, 60_000, 100_000) }),
  fc.record({ kind: fc.constant('decideLoan' as const), approve: fc.boolean() }),
  fc.record({ kind: fc.constant('repay' as const), hundreds: fc.integer({ min: 1, max: 1200 }) }),
  fc.record({ kind: fc.constant('decideRepayment' as const), approve: fc.boolean() }),
);

/** What the model knows of the borrower. */
interface Model {
  balance: string;
  loan: { id: string; status: 'waiting' | 'active' | 'rejected' | 'repaid'; owed: string } | null;
  pending: { id: string; amount: string } | null;
  /** Changes of the two house accounts since the run began. */
  receivable: string;
  held: string;
}

describeOnBackends('the loans ledger model', { on: 'postgres' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildAccountsApp(database);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const houseBalance = async (kind: string) =>
    (
      await app.db.query<{ b: string }>(
        `select balance::text as b from ledger_accounts where owner_kind = 'house' and kind = $1`,
        [kind],
      )
    ).rows[0]?.b ?? '0';

  /** Runs one step against the server and the model; answers the code the model expected. */
  async function run(
    s: Step,
    m: Model,
    user: { token: string },
    guarantor: string,
  ): Promise<[number, number]> {
    const loan = m.loan;
    if (s.kind === 'apply') {
      const open = loan && (loan.status === 'waiting' || loan.status === 'active');
      const got = await applyLoan(app, user.token, guarantor, { amount: s.amount });
      if (!open) m.loan = { id: got.data?.dto.id ?? '', status: 'waiting', owed: '0' };
      return [got.code, open ? (loan.status === 'waiting' ? 1149 : 1150) : 0];
    }
    if (s.kind === 'decideLoan') {
      if (!loan) return [0, 0];
      const got = await decideLoan(app, loan.id, s.approve ? 'approve' : 'reject');
      if (loan.status !== 'waiting') return [got.code, 1038];
      loan.status = s.approve ? 'active' : 'rejected';
      if (s.approve) {
        const amount = got.data.loan.amount;
        loan.owed = amount;
        m.balance = add(m.balance, amount);
        m.receivable = sub(m.receivable, amount);
      }
      return [got.code, 0];
    }
    if (s.kind === 'repay') {
      if (!loan) return [0, 0];
      const amount = String(s.hundreds * 100);
      const got = await repayLoan(app, user.token, loan.id, amount);
      if (loan.status !== 'active') return [got.code, 1057];
      if (compare(amount, loan.owed) > 0) return [got.code, 1036];
      if (m.pending) return [got.code, 23552];
      if (compare(amount, m.balance) > 0) return [got.code, 1052];
      m.pending = { id: got.data?.dto.id ?? '', amount };
      m.balance = sub(m.balance, amount);
      m.held = add(m.held, amount);
      return [got.code, 0];
    }
    if (!m.pending || !loan) return [0, 0];
    const got = await decideRepayment(app, m.pending.id, s.approve ? 'approve' : 'reject');
    m.held = sub(m.held, m.pending.amount);
    if (s.approve) {
      loan.owed = sub(loan.owed, m.pending.amount);
      m.receivable = add(m.receivable, m.pending.amount);
      if (compare(loan.owed, '0') === 0) loan.status = 'repaid';
    } else {
      m.balance = add(m.balance, m.pending.amount);
    }
    m.pending = null;
    return [got.code, 0];
  }

  it(`keeps the database equal to the model and the ledger balanced (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const borrower = await createUser(app);
        const guarantor = await createUser(app);
        const user = { token: await signIn(app, borrower.id) };
        const start = {
          receivable: await houseBalance(LOAN_HOUSE),
          held: await houseBalance(REPAY_PENDING_HOUSE),
        };
        const m: Model = { balance: '0', loan: null, pending: null, receivable: '0', held: '0' };
        for (const s of steps) {
          const [got, expected] = await run(s, m, user, guarantor.uid);
          expect([s, got]).toEqual([s, expected]);
          const account = await findUserAccount(app.db, borrower.id, 'real');
          expect(toMoney(account?.balance ?? '0')).toBe(toMoney(m.balance));
          expect(toMoney(sub(await houseBalance(LOAN_HOUSE), start.receivable))).toBe(toMoney(m.receivable));
          expect(toMoney(sub(await houseBalance(REPAY_PENDING_HOUSE), start.held))).toBe(toMoney(m.held));
          if (m.loan?.id) {
            const { rows } = await app.db.query<{ owed: string }>(
              'select amount_owed::text as owed from loans where id = $1',
              [m.loan.id],
            );
            expect(toMoney(rows[0]?.owed ?? '0')).toBe(toMoney(m.loan.owed));
          }
        }
        const check = await checkLedger(app.db);
        expect(check.ok, JSON.stringify(check)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
