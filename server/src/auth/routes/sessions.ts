/**
 * A trader's signed-in devices (docs/security.md 7.5.2; not in spec §7): the live sessions listed, one of the
 * others ended, or every other one. Ending the current session is logout's job, so it is not found here; another
 * user's session id answers exactly like an unknown one (1008). Each ending is announced like any revocation, so
 * that device's sockets close and its next refresh fails.
 */
import { EndOtherSessions, EndSession, ListSessions } from '../../../../src/core/contract/auth';
import { Code } from '../../../../src/core/contract/codes';
import { BusinessError, ok } from '../../http/envelope';
import { route } from '../../http/route';
import type { AuthRouteDeps } from '../context';

/** Registers `waa/user/sessions`, `…/end` and `…/endOthers`. */
export function sessionRoutes(deps: AuthRouteDeps): void {
  const { app, sessions } = deps;

  route(app, ListSessions, async (_input, { request }) =>
    ok(await sessions.list(request.auth.userId, request.auth.sessionId)),
  );

  route(app, EndSession, async (input, { request }) => {
    const { userId, sessionId } = request.auth;
    if (input.id === sessionId || !(await sessions.revokeOwn(userId, input.id, 'signed-out-by-user'))) {
      throw new BusinessError(Code.DATA_NOT_FOUND);
    }
    request.log.info('a session ended from the user’s device list');
    return ok(null);
  });

  route(app, EndOtherSessions, async (_input, { request }) => {
    const ended = await sessions.revokeOthers(
      request.auth.userId,
      request.auth.sessionId,
      'signed-out-by-user',
    );
    if (ended > 0) request.log.info({ ended }, 'other sessions ended from the user’s device list');
    return ok({ ended });
  });
}
