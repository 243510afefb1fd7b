import type { FastifyInstance } from 'fastify';
import { AdminCreditUser } from '../../../src/core/contract/admin';
import { Code } from '../../../src/core/contract/codes';
import { compare } from '../../../src/core/domain/decimal';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { toMoney } from '../ledger';
import { findUserByUid } from '../users';

/** `POST /admin/v1/users/{uid}/credit`: credits a user's real or demo account (operators' funding). */
export function adminAccountRoutes(app: FastifyInstance): void {
  route(app, AdminCreditUser, async (input, { audit }) => {
    const { amount, account, note } = input;
    if (compare(amount, '0') <= 0)
      throw new BusinessError(Code.INCORRECT_PARAMETER, 'amount must be above 0');
    const user = await findUserByUid(app.db, input.uid);
    if (!user) throw new BusinessError(Code.USER_NOT_FOUND);
    const result = await audit.transaction(async (tx, record) => {
      const credited = await app.accounts.credit(tx, user.id, account, amount, {
        ref: `admin:user:${user.uid}`,
        note,
      });
      await record({
        action: 'user.credit',
        objectKind: 'user',
        objectId: user.uid,
        after: { account, amount: toMoney(amount), txnId: credited.txnId },
        reason: note ?? '',
      });
      return credited;
    });
    const after = result.accounts.find((a) => a.id === result.accountId);
    return ok({
      txnId: result.txnId,
      uid: user.uid,
      account,
      amount: toMoney(amount),
      balanceAmount: toMoney(after?.balance ?? '0'),
      lockMargin: toMoney(after?.lockMargin ?? '0'),
    });
  });
}
