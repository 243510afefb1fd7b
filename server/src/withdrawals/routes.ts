import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminWithdrawalApprove,
  AdminWithdrawalFreeze,
  AdminWithdrawalDetail,
  AdminWithdrawalList,
  AdminWithdrawalReject,
  AdminWithdrawalUnfreeze,
  BankWithdrawCalculate,
  BankWithdrawMetaFind,
  WithdrawCalculate,
  WithdrawStatus,
  WithdrawSubmit,
  WITHDRAWAL_QUEUE_PAGE_SIZE,
} from '../../../src/core/contract/withdrawals';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { findWithdrawal, listWithdrawals, setWithdrawalFrozen, toAdminTicket, toUserTicket } from './repo';
import type { Caller } from './service';

function callerOf(request: FastifyRequest): Caller {
  const { userId, brandId, sessionId, virtual } = request.auth;
  return { userId, brandId, sessionId, virtual };
}

/** The user's routes of spec §7 (`withdrawStatus`, the two quotes, the bank meta, `user/withdraw`). */
export function withdrawalRoutes(app: FastifyInstance): void {
  const service = app.withdrawals;

  route(app, WithdrawStatus, async (_input, { request }) => ok(await service.status(callerOf(request))));

  route(app, WithdrawCalculate, async (input, { request }) =>
    ok(await service.quoteCrypto(callerOf(request), input.coinId ?? input.currencyId, input.num)),
  );

  route(app, BankWithdrawCalculate, async (input, { request }) =>
    ok(await service.quoteBank(callerOf(request), input.currencyId, input.num)),
  );

  route(app, BankWithdrawMetaFind, async (_input, { request }) => {
    const meta = await service.bankMeta(request.auth.brandId);
    return ok({
      dto: {
        id: meta.id,
        minWithdrawAmount: meta.minWithdraw,
        maxWithdrawAmount: meta.maxWithdraw,
        currency: meta.currency,
      },
    });
  });

  // The answer is stored with the key in the transaction that holds the money (IK1).
  route(app, WithdrawSubmit, async (input, { request, answer }) => {
    const ticket = await service.submit(callerOf(request), input, (tx, held) =>
      answer.record(tx, ok(toUserTicket(held))),
    );
    return ok(toUserTicket(ticket));
  });
}

/** The operators' review: the queue, one ticket with its destination, approve and reject. */
export function adminWithdrawalRoutes(app: FastifyInstance): void {
  const service = app.withdrawals;

  route(app, AdminWithdrawalList, async (input) => {
    const limit = input.limit ?? WITHDRAWAL_QUEUE_PAGE_SIZE;
    const { list, total } = await listWithdrawals(app.db, input.status ?? 'waiting', input.page ?? 1, limit);
    return ok({ list: list.map(toAdminTicket), total });
  });

  route(app, AdminWithdrawalDetail, async (input, { audit }) => {
    const found = await findWithdrawal(app.db, input.id);
    if (!found) throw new BusinessError(Code.TICKET_NOT_FOUND);
    // Reading a destination is reading personal data: who looked, and when, is kept (not what they saw).
    const row = await audit.transaction(async (tx, record) => {
      await record({ action: 'withdrawal.view_destination', objectKind: 'withdrawal', objectId: found.id });
      return found;
    });
    return ok({ withdrawal: toAdminTicket(row), destination: service.destinationOf(row) });
  });

  route(app, AdminWithdrawalApprove, async (input, { audit }) =>
    ok({ withdrawal: toAdminTicket(await service.decide(input.id, { approve: true }, audit)) }),
  );

  route(app, AdminWithdrawalReject, async (input, { audit }) => {
    const decided = await service.decide(input.id, { approve: false, reason: input.reason }, audit);
    return ok({ withdrawal: toAdminTicket(decided) });
  });

  // An operator's freeze of a user's withdrawals (code 1066), and its end: the change and its audit row commit
  // together; the user is not notified (the status check tells them to contact support).
  for (const [declared, frozen] of [
    [AdminWithdrawalFreeze, true],
    [AdminWithdrawalUnfreeze, false],
  ] as const) {
    route(app, declared, async (input, { audit }) => {
      await audit.transaction(async (tx, record) => {
        const user = await setWithdrawalFrozen(tx, input.uid, frozen);
        if (user === null) throw new BusinessError(Code.USER_NOT_FOUND);
        if (user === 'unchanged') throw new BusinessError(Code.STATUS_UNCHANGED);
        await record({
          action: frozen ? 'withdrawals.freeze' : 'withdrawals.unfreeze',
          objectKind: 'user',
          objectId: input.uid,
          before: { withdrawalFrozen: !frozen },
          after: { withdrawalFrozen: frozen },
          reason: input.reason,
        });
      });
      return ok({ uid: input.uid, frozen });
    });
  }
}
