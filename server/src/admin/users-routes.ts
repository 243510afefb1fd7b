import type { FastifyInstance } from 'fastify';
import { compare } from '../../../src/core/domain/decimal';
import { BusinessError, ok } from '../http/envelope';
import { objectSchema } from '../http/legacy-route';
import { toMoney } from '../ledger';
import { findUserByUid } from '../users/repo';
import { listUsers, USER_LIST_SCHEMA } from './users-list';

const USER_NOT_FOUND = 1002;
const INCORRECT_PARAMETER = 1001;
/** Up to 15 integer digits and 8 decimals: far below NUMERIC(28, 8) even after many credits. */
const AMOUNT = '^(0|[1-9][0-9]{0,14})(\\.[0-9]{1,8})?$';

const UID_PARAMS = objectSchema({ uid: { type: 'string', pattern: '^[0-9A-Za-z]{1,32}$' } }, ['uid']);

interface CreditBody {
  amount: string;
  account: 'real' | 'demo';
  note?: string;
}

/** Admin users API: list/search, block and unblock (revoking every session), trading ban, credit an account. */
export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: app.requireAdmin };

  app.get<{ Querystring: { query?: string; page: number; pageSize: number } }>(
    '/admin/v1/users',
    {
      ...guard,
      schema: {
        querystring: objectSchema({
          query: { type: 'string', maxLength: 140 },
          page: { type: 'integer', minimum: 1, default: 1 },
          pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        }),
        response: { 200: USER_LIST_SCHEMA },
      },
    },
    async (request) => ok(await listUsers(app.db, request.query)),
  );

  const setBlocked = (blocked: boolean) => async (request: { params: { uid: string } }) => {
    const revoked = await app.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        'update users set blocked = $2 where uid = $1 returning id',
        [request.params.uid, blocked],
      );
      const user = rows[0];
      if (!user) throw new BusinessError(USER_NOT_FOUND);
      // With the flag in one transaction: no refresh can slip between blocking and revoking.
      return blocked ? app.auth.revokeAllSessions(user.id, 'blocked', tx) : 0;
    });
    return ok({ uid: request.params.uid, blocked, revokedSessions: revoked });
  };
  const blockSchema = { params: UID_PARAMS };
  app.post<{ Params: { uid: string } }>(
    '/admin/v1/users/:uid/block',
    { ...guard, schema: blockSchema },
    setBlocked(true),
  );
  app.post<{ Params: { uid: string } }>(
    '/admin/v1/users/:uid/unblock',
    { ...guard, schema: blockSchema },
    setBlocked(false),
  );

  // Spec §6 "user prohibited from trading" (405): the user can still sign in, see and close positions.
  app.post<{ Params: { uid: string }; Body: { prohibited: boolean } }>(
    '/admin/v1/users/:uid/trading',
    {
      ...guard,
      schema: {
        params: UID_PARAMS,
        body: objectSchema({ prohibited: { type: 'boolean' } }, ['prohibited']),
      },
    },
    async (request) => {
      const { rows } = await app.db.query(
        'update users set trading_prohibited = $2 where uid = $1 returning uid',
        [request.params.uid, request.body.prohibited],
      );
      if (!rows.length) throw new BusinessError(USER_NOT_FOUND);
      return ok({ uid: request.params.uid, tradingProhibited: request.body.prohibited });
    },
  );

  app.post<{ Params: { uid: string }; Body: CreditBody }>(
    '/admin/v1/users/:uid/credit',
    {
      ...guard,
      schema: {
        params: UID_PARAMS,
        body: objectSchema(
          {
            amount: { type: 'string', pattern: AMOUNT },
            account: { type: 'string', enum: ['real', 'demo'] },
            note: { type: 'string', maxLength: 500 },
          },
          ['amount', 'account'],
        ),
      },
    },
    async (request) => {
      const { amount, account, note } = request.body;
      if (compare(amount, '0') <= 0) throw new BusinessError(INCORRECT_PARAMETER, 'amount must be above 0');
      const user = await findUserByUid(app.db, request.params.uid);
      if (!user) throw new BusinessError(USER_NOT_FOUND);
      const result = await app.db.transaction((tx) =>
        app.accounts.credit(tx, user.id, account, amount, { ref: `admin:user:${user.uid}`, note }),
      );
      const after = result.accounts.find((a) => a.id === result.accountId);
      return ok({
        txnId: result.txnId,
        uid: user.uid,
        account,
        amount: toMoney(amount),
        balanceAmount: toMoney(after?.balance ?? '0'),
        lockMargin: toMoney(after?.lockMargin ?? '0'),
      });
    },
  );
}
