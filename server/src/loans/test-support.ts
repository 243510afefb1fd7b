/** Test helpers of the loan suites (and of the admin audit suite): the user's calls and the operators' decisions. */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Envelope } from '../../../src/core/contract/envelope';
import { fillPath, serverUrl, type Endpoint } from '../../../src/core/contract/endpoint';
import {
  AdminLoanApprove,
  AdminLoanReject,
  AdminRepaymentApprove,
  AdminRepaymentReject,
  InsertLoan,
  InsertRepayment,
  type AdminLoan,
  type AdminRepayment,
  type Loan,
  type Repayment,
} from '../../../src/core/contract/loans';
import { ADMIN_TOKEN } from '../accounts/test-app';

/** POSTs a user call of the loans contract (an Idempotency-Key on the money submits, fresh unless given). */
export async function loanCall<T>(
  app: FastifyInstance,
  endpoint: Endpoint,
  token: string,
  body: Record<string, unknown> = {},
  key: string = randomUUID(),
): Promise<Envelope<T>> {
  const res = await app.inject({
    method: 'POST',
    url: serverUrl(endpoint.service, endpoint.path),
    payload: body,
    headers: { authorization: `Bearer ${token}`, ...(endpoint.idempotent ? { 'idempotency-key': key } : {}) },
  });
  return res.json<Envelope<T>>();
}

/** Applies for a loan (defaults: 50,000 for 7 days). */
export function applyLoan(
  app: FastifyInstance,
  token: string,
  guarantor: string,
  body: Record<string, unknown> = {},
): Promise<Envelope<{ dto: Loan }>> {
  return loanCall(app, InsertLoan, token, {
    amount: 50_000,
    days: 7,
    guarantor,
    remark: 'Working capital',
    ...body,
  });
}

/** Submits a repayment of `amount` of the loan. */
export function repayLoan(
  app: FastifyInstance,
  token: string,
  loanId: string,
  amount: string | number,
): Promise<Envelope<{ dto: Repayment }>> {
  return loanCall(app, InsertRepayment, token, { loanId, amount });
}

async function decide<T>(
  app: FastifyInstance,
  endpoint: Endpoint,
  id: string,
  reason?: string,
): Promise<Envelope<T>> {
  const res = await app.inject({
    method: 'POST',
    url: serverUrl('admin', fillPath(endpoint.path, { id })),
    payload: reason === undefined ? {} : { reason },
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  return res.json<Envelope<T>>();
}

/** Approves or rejects a loan through the admin API. */
export const decideLoan = (
  app: FastifyInstance,
  id: string,
  decision: 'approve' | 'reject',
  reason = 'Guarantor unreachable',
) =>
  decision === 'approve'
    ? decide<{ loan: AdminLoan }>(app, AdminLoanApprove, id)
    : decide<{ loan: AdminLoan }>(app, AdminLoanReject, id, reason);

/** Approves or rejects a repayment through the admin API. */
export const decideRepayment = (
  app: FastifyInstance,
  id: string,
  decision: 'approve' | 'reject',
  reason = 'Payment not received',
) =>
  decision === 'approve'
    ? decide<{ repayment: AdminRepayment }>(app, AdminRepaymentApprove, id)
    : decide<{ repayment: AdminRepayment }>(app, AdminRepaymentReject, id, reason);
