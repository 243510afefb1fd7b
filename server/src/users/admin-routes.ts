import type { FastifyInstance } from 'fastify';
import {
  AdminBlockUser,
  AdminEndAllSessions,
  AdminEndUserSessions,
  AdminListUsers,
  AdminProhibitTrading,
  AdminUnblockUser,
} from '../../../src/core/contract/admin';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError, ok } from '../http/envelope';
import { route, type RouteContext } from '../http/route';
import { findUserByUid, listUsers, setBlocked, setTradingProhibited } from './repo';

/** The operators' users API: list/search, block and unblock (revoking every session), trading ban. */
export function adminUserRoutes(app: FastifyInstance): void {
  route(app, AdminListUsers, async (input) =>
    ok(
      await listUsers(app.db, { query: input.query, page: input.page ?? 1, pageSize: input.pageSize ?? 20 }),
    ),
  );

  const block =
    (blocked: boolean) =>
    async (input: { uid: string }, { audit }: RouteContext) => {
      const revokedSessions = await audit.transaction(async (tx, record) => {
        const userId = await setBlocked(tx, input.uid, blocked);
        if (userId === null) throw new BusinessError(Code.USER_NOT_FOUND);
        // With the flag in one transaction: no refresh can slip between blocking and revoking.
        const revoked = blocked ? await app.auth.revokeAllSessions(userId, 'blocked', tx) : 0;
        await record({
          action: blocked ? 'user.block' : 'user.unblock',
          objectKind: 'user',
          objectId: input.uid,
          after: { blocked, revokedSessions: revoked },
        });
        return revoked;
      });
      return ok({ uid: input.uid, blocked, revokedSessions });
    };
  route(app, AdminBlockUser, block(true));
  route(app, AdminUnblockUser, block(false));

  // ASVS 7.4.5 (SEC5): an operator signs a user out everywhere, or every trader at once; each audited.
  route(app, AdminEndUserSessions, async (input, { audit }) => {
    const ended = await audit.transaction(async (tx, record) => {
      const user = await findUserByUid(tx, input.uid);
      if (user === null) throw new BusinessError(Code.USER_NOT_FOUND);
      const count = await app.auth.revokeAllSessions(user.id, 'admin', tx);
      await record({
        action: 'user.sessions_end',
        objectKind: 'user',
        objectId: input.uid,
        after: { ended: count },
      });
      return count;
    });
    return ok({ uid: input.uid, ended });
  });
  route(app, AdminEndAllSessions, async (input, { audit }) => {
    const swept = await audit.transaction(async (tx, record) => {
      const result = await app.auth.revokeEveryone('admin-all', tx);
      await record({
        action: 'sessions.end_all',
        objectKind: 'sessions',
        objectId: 'all',
        after: { ...result, reason: input.reason },
      });
      return result;
    });
    return ok(swept);
  });

  // Spec §6 "user prohibited from trading" (405): the user can still sign in, see and close positions.
  route(app, AdminProhibitTrading, async (input, { audit }) => {
    await audit.transaction(async (tx, record) => {
      if (!(await setTradingProhibited(tx, input.uid, input.prohibited))) {
        throw new BusinessError(Code.USER_NOT_FOUND);
      }
      await record({
        action: 'user.trading',
        objectKind: 'user',
        objectId: input.uid,
        after: { tradingProhibited: input.prohibited },
      });
    });
    return ok({ uid: input.uid, tradingProhibited: input.prohibited });
  });
}
