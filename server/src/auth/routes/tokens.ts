/** `refresh` (spec §7), logout, and the exchange-side token check. */
import { CheckToken, Logout, Refresh } from '../../../../src/core/contract/auth';
import { Code } from '../../../../src/core/contract/codes';
import { BusinessError, ok } from '../../http/envelope';
import { route } from '../../http/route';
import { checkAccessToken } from '../authenticate';
import type { AuthRouteDeps } from '../context';

/** Registers `wa-na/refresh`, `waa/user/logout` and `exchange/checkToken`. */
export function tokenRoutes(deps: AuthRouteDeps): void {
  const { app } = deps;

  route(app, Refresh, async (input, { request }) => {
    const outcome = await deps.sessions.refresh(input.refreshToken.trim(), input.token?.trim() || undefined);
    if (outcome.ok) return ok(outcome.tokens);
    if (outcome.reason === 'reused') request.log.warn('refresh token reused: session revoked');
    throw new BusinessError(outcome.reason === 'blocked' ? Code.USER_BLOCKED : Code.LOGIN_REQUIRED);
  });

  route(app, Logout, async (_input, { request }) => {
    await deps.sessions.revokeSession(request.auth.sessionId, 'logout');
    return ok(null);
  });

  route(app, CheckToken, async (input) => {
    const check = await checkAccessToken(deps.db, deps.keys.token, deps.now(), input.token.trim());
    if (!check.ok) throw new BusinessError(Code.TOKEN_INVALID, 'invalid token');
    return ok({ uid: check.auth.uid, virtualStatus: check.auth.virtual ? ('1' as const) : ('0' as const) });
  });
}
