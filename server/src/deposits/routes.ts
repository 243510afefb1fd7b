import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  AdminApproveDeposit,
  AdminDepositList,
  AdminDepositProof,
  AdminRejectDeposit,
  DEPOSIT_META_MAX,
  DEPOSIT_PROOF_MAX_BYTES,
  DEPOSIT_QUEUE_PAGE_SIZE,
  DepositBanks,
  SelfWallets,
  SubmitDeposit,
} from '../../../src/core/contract/deposits';
import { fillPath, SERVICE_ROOT } from '../../../src/core/contract/endpoint';
import { brandFlag } from '../accounts';
import { adminAuditOf } from '../http/admin-audit';
import { listCoins } from '../cashier';
import { toCoinOption } from '../cashier';
import { BusinessError, fail, ok } from '../http/envelope';
import { readingParts } from '../http/multipart';
import { resourceRoute, route } from '../http/route';
import {
  findDeposit,
  listDepositBanks,
  listDeposits,
  proofOf,
  toAdminDeposit,
  type DepositRow,
} from './repo';
import type { DepositReview } from './review';
import { selfWallets } from './self-wallets';
import { readParts, submitDeposit, toDepositTicket, type Parts } from './submit';

/** The user's routes: coin list, own wallets, bank accounts, and the deposit submission. */
export async function depositUserRoutes(app: FastifyInstance): Promise<void> {
  route(app, SelfWallets, async (_input, { request }) => {
    if (request.auth.virtual) throw new BusinessError(Code.ILLEGAL_STATUS);
    const coins = await listCoins(app.db);
    return ok({ dtoList: selfWallets(app.cashier.sealer, request.auth.userId, coins, toCoinOption) });
  });

  route(app, DepositBanks, async (_input, { request }) => {
    const { brandId } = request.auth;
    const offered = app.brand.get(brandId)?.settings.depositTypes.includes('bank') ?? false;
    const fixedUsd = brandFlag(app, brandId, 'depositBanNewFlow');
    const banks = offered ? await listDepositBanks(app.db, brandId) : [];
    return ok({ dtoList: banks, fixedUsd });
  });

  // Encapsulated: this multipart parser serves the deposit route only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: DEPOSIT_PROOF_MAX_BYTES,
        files: 1,
        fields: 4,
        fieldSize: DEPOSIT_META_MAX,
        parts: 6,
      },
    });
    // The whole submission is read before the Idempotency-Key is reserved, so the key's fingerprint covers
    // the fields and the image (issue #19).
    scope.addHook('preValidation', async (request) => {
      request.body = await readingParts(request, () => readParts(request));
    });
    // The answer is stored with the key in the transaction that files the ticket (IK1).
    route(scope, SubmitDeposit, async (_input, { request, answer }) => {
      const filed = await submitDeposit(app, request, request.body as Parts, (tx, row) =>
        answer.record(tx, ok(toDepositTicket(row))),
      );
      return ok(toDepositTicket(filed));
    });
  });
}

/** Where the admin API serves a deposit's proof image. */
export function proofPath(id: string): string {
  return `${SERVICE_ROOT[AdminDepositProof.service]}/${fillPath(AdminDepositProof.path, { id })}`;
}

const adminView = (row: DepositRow) => toAdminDeposit(row, proofPath(row.id));

/** The operators' routes: the queue, the proof image, approve and reject. */
export function depositAdminRoutes(app: FastifyInstance, review: DepositReview): void {
  route(app, AdminDepositList, async (input) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? DEPOSIT_QUEUE_PAGE_SIZE;
    const { list, total } = await listDeposits(app.db, input.status ?? null, page, limit);
    return ok({ list: list.map(adminView), page, pages: Math.ceil(total / limit), total });
  });

  resourceRoute(app, AdminDepositProof, async (input, request, reply) => {
    if (!(await findDeposit(app.db, input.id))) return reply.code(404).send(fail(Code.TICKET_NOT_FOUND));
    // Opening a proof is reading personal data: who opened it, and when, is kept (not what they saw).
    const proof = await adminAuditOf(request).transaction(async (tx, record) => {
      await record({ action: 'deposit.view_proof', objectKind: 'deposit', objectId: input.id });
      return proofOf(tx, input.id);
    });
    if (!proof) return reply.code(404).send(fail(Code.TICKET_NOT_FOUND));
    return reply
      .header('content-type', proof.type)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(proof.bytes);
  });

  route(app, AdminApproveDeposit, async (input, { audit }) =>
    ok(adminView(await review.approve(input.id, audit))),
  );

  route(app, AdminRejectDeposit, async (input, { audit }) => {
    const reason = input.reason.trim();
    if (!reason) throw new BusinessError(Code.INCORRECT_PARAMETER, 'reason required');
    return ok(adminView(await review.reject(input.id, reason, audit)));
  });
}
