import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminLoanApprove,
  AdminLoanList,
  AdminLoanReject,
  AdminRepaymentApprove,
  AdminRepaymentList,
  AdminRepaymentReject,
  CheckUserLoan,
  GetRepayment,
  InsertLoan,
  InsertRepayment,
  LOAN_QUEUE_PAGE_SIZE,
} from '../../../src/core/contract/loans';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import type { Caller } from './service';
import {
  listLoans,
  listRepayments,
  toAdminLoan,
  toAdminRepayment,
  toUserLoan,
  toUserRepayment,
} from './repo';

function callerOf(request: FastifyRequest): Caller {
  const { userId, brandId, virtual } = request.auth;
  return { userId, brandId, virtual };
}

/** The user's calls of spec §7 (`userLoan/*`). */
export function loanRoutes(app: FastifyInstance): void {
  const service = app.loans;

  route(app, CheckUserLoan, async (_input, { request }) => {
    const loan = await service.latest(callerOf(request));
    return ok({ dto: loan ? toUserLoan(loan) : null });
  });

  // The answer is stored with the key in the transaction that files the loan (IK1).
  route(app, InsertLoan, async (input, { request, answer }) => {
    const application = {
      amount: String(input.amount),
      days: input.days,
      guarantor: String(input.guarantor),
      remark: input.remark ?? '',
    };
    const loan = await service.apply(callerOf(request), application, (tx, filed) =>
      answer.record(tx, ok({ dto: toUserLoan(filed) })),
    );
    return ok({ dto: toUserLoan(loan) });
  });

  route(app, GetRepayment, async (input, { request }) => {
    const list = await service.repayments(callerOf(request), String(input.loanId));
    return ok({ dtoList: list.map(toUserRepayment) });
  });

  route(app, InsertRepayment, async (input, { request, answer }) => {
    const repayment = { loanId: String(input.loanId), amount: String(input.amount) };
    const row = await service.repay(callerOf(request), repayment, (tx, held) =>
      answer.record(tx, ok({ dto: toUserRepayment(held) })),
    );
    return ok({ dto: toUserRepayment(row) });
  });
}

/** The operators' two queues: lists, approve, reject (each decision audited). */
export function adminLoanRoutes(app: FastifyInstance): void {
  const service = app.loans;

  route(app, AdminLoanList, async (input) => {
    // The list reads stored statuses: loans that fell due since the last sweep are marked first.
    await service.sweepOverdue();
    const limit = input.limit ?? LOAN_QUEUE_PAGE_SIZE;
    const { list, total } = await listLoans(app.db, input.status ?? 'waiting', input.page ?? 1, limit);
    return ok({ list: list.map(toAdminLoan), total });
  });

  route(app, AdminLoanApprove, async (input, { audit }) =>
    ok({ loan: toAdminLoan(await service.decideLoan(input.id, { approve: true }, audit)) }),
  );

  route(app, AdminLoanReject, async (input, { audit }) =>
    ok({
      loan: toAdminLoan(await service.decideLoan(input.id, { approve: false, reason: input.reason }, audit)),
    }),
  );

  route(app, AdminRepaymentList, async (input) => {
    const limit = input.limit ?? LOAN_QUEUE_PAGE_SIZE;
    const { list, total } = await listRepayments(app.db, input.status ?? 'waiting', input.page ?? 1, limit);
    return ok({ list: list.map(toAdminRepayment), total });
  });

  route(app, AdminRepaymentApprove, async (input, { audit }) =>
    ok({ repayment: toAdminRepayment(await service.decideRepayment(input.id, { approve: true }, audit)) }),
  );

  route(app, AdminRepaymentReject, async (input, { audit }) => {
    const decided = await service.decideRepayment(input.id, { approve: false, reason: input.reason }, audit);
    return ok({ repayment: toAdminRepayment(decided) });
  });
}
