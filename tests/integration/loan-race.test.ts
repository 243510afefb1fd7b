/**
 * Loans racing on PostgreSQL, over real HTTP (issue #20): one application or loan per user at a time, one
 * waiting repayment per loan, and one decision per item, however many requests arrive together. More than one
 * success in a round is the failure this suite counts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fillPath, serverUrl } from '../../src/core/contract/endpoint';
import {
  AdminLoanApprove,
  AdminLoanReject,
  InsertLoan,
  InsertRepayment,
  type Loan,
} from '../../src/core/contract/loans';
import { ADMIN_TOKEN } from '../../server/src/accounts/test-app';
import { describeRace, startRaceApp, type RaceApp } from './race-app';

const ROUNDS = 8;
/** Requests racing in a round. */
const RACERS = 8;

describeRace('loan applications, repayments and decisions racing [postgres]', (databaseUrl) => {
  let h: RaceApp;

  beforeAll(async () => {
    h = await startRaceApp(databaseUrl);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  const uidOf = async (userId: string) =>
    (await h.app.db.query<{ uid: string }>('select uid from users where id = $1', [userId])).rows[0]?.uid ??
    '';
  const submit = <T>(path: string, token: string, body: object) =>
    h.post<T>(serverUrl('api', path), token, body, { 'idempotency-key': randomUUID() });
  const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

  it('files exactly one application of parallel ones; the others answer 1149', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const borrower = await h.trader('1');
      const guarantor = await uidOf((await h.trader('1')).id);
      const answers = await Promise.all(
        Array.from({ length: RACERS }, () =>
          submit<{ dto: Loan }>(InsertLoan.path, borrower.token, { amount: 50_000, days: 7, guarantor }),
        ),
      );
      const codes = answers.map((a) => a.code);
      expect(count(codes, 0), `round ${round}: ${codes.join(',')}`).toBe(1);
      expect(count(codes, 1149)).toBe(RACERS - 1);
      const { rows } = await h.app.db.query('select id from loans where user_id = $1', [borrower.id]);
      expect(rows).toHaveLength(1);
    }
  });

  it('decides a loan once of parallel approvals and rejections, and holds one repayment of parallel ones', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const borrower = await h.trader('1');
      const guarantor = await uidOf((await h.trader('1')).id);
      const applied = await submit<{ dto: Loan }>(InsertLoan.path, borrower.token, {
        amount: 50_000,
        days: 7,
        guarantor,
      });
      const id = applied.data.dto.id;
      const decisions = await Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          i % 2 === 0
            ? h.post(serverUrl('admin', fillPath(AdminLoanApprove.path, { id })), ADMIN_TOKEN, {})
            : h.post(serverUrl('admin', fillPath(AdminLoanReject.path, { id })), ADMIN_TOKEN, {
                reason: 'No',
              }),
        ),
      );
      const decided = decisions.map((d) => d.code);
      expect(count(decided, 0), `round ${round}: ${decided.join(',')}`).toBe(1);
      expect(count(decided, 1038)).toBe(RACERS - 1);
      const approved = decisions.findIndex((d) => d.code === 0) % 2 === 0;
      const balance = (await h.account(borrower.id)).balance;
      expect(Number(balance)).toBe(approved ? 50_001 : 1);
      if (!approved) continue;

      const repaid = await Promise.all(
        Array.from({ length: RACERS }, () =>
          submit(InsertRepayment.path, borrower.token, {
            loanId: id,
            loanUid: applied.data.dto.uid,
            amount: 1000,
          }),
        ),
      );
      const codes = repaid.map((r) => r.code);
      expect(count(codes, 0), `round ${round}: ${codes.join(',')}`).toBe(1);
      expect(count(codes, 23552)).toBe(RACERS - 1);
      expect(Number((await h.account(borrower.id)).balance)).toBe(49_001);
    }
    expect(await h.ledgerOk()).toBe(true);
  });
});
