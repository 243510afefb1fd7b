/** `refresh` (spec §7), logout, and the exchange-side token check. */
import { CheckToken, Logout, Refresh } from '../../../../src/core/contract/auth';
import { Code } from '../../../../src/core/contract/codes';
import { BusinessError, ok } from '../../http/envelope';
import { route } from '../../http/route';
import { checkAccessToken } from '../authenticate';
import type { AuthRouteDeps } from '../context';
import { browserOrigin, clearSessionCookies, refreshCookie, setSessionCookies } from '../refresh-cookie';
import { sessionMark } from '../session-mark';

/** Registers `wa-na/refresh`, `waa/user/logout` and `exchange/checkToken`. */
export function tokenRoutes(deps: AuthRouteDeps): void {
  const { app } = deps;

  // The spec's body token (clients that are not browsers) or the HttpOnly cookie (browsers, SC1–SC4).
  route(app, Refresh, async (input, { request, reply }) => {
    const fromBody = input.refreshToken?.trim() ?? '';
    const fromCookie = fromBody === '' ? refreshCookie(request) : null;
    const presented = fromBody || fromCookie;
    if (!presented) throw new BusinessError(Code.LOGIN_REQUIRED);
    const origin = browserOrigin(request);
    const outcome = await deps.sessions.refresh(presented, input.token?.trim() || undefined, origin);
    if (outcome.ok) {
      if (fromCookie === null) return ok(outcome.tokens);
      // The mark is renewed with the refresh token, so that it lives exactly as long as the session's cookie.
      const mark = sessionMark(deps.keys.sessionMark, outcome.sessionId);
      setSessionCookies(request, reply, { refreshToken: outcome.tokens.refreshToken, mark });
      return ok({ ...outcome.tokens, refreshToken: '' });
    }
    if (outcome.reason === 'reused') request.log.warn('refresh token reused: session revoked');
    if (outcome.reason === 'origin') request.log.warn('refresh from another origin than the session refused');
    // A cookie that cannot refresh is of no use to anyone: drop it and the mark of its session (a wrong origin's
    // cookie stays, it is not theirs).
    if (fromCookie !== null && outcome.reason !== 'origin') clearSessionCookies(request, reply);
    throw new BusinessError(outcome.reason === 'blocked' ? Code.USER_BLOCKED : Code.LOGIN_REQUIRED);
  });

  route(app, Logout, async (_input, { request, reply }) => {
    await deps.sessions.revokeSession(request.auth.sessionId, 'logout');
    clearSessionCookies(request, reply);
    return ok(null);
  });

  route(app, CheckToken, async (input) => {
    const check = await checkAccessToken(deps.db, deps.keys.token, deps.now(), input.token.trim());
    if (!check.ok) throw new BusinessError(Code.TOKEN_INVALID, 'invalid token');
    return ok({ uid: check.auth.uid, virtualStatus: check.auth.virtual ? ('1' as const) : ('0' as const) });
  });
}
