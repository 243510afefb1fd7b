import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { SubmitPassword } from '../../../src/core/contract/users';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';

export { PASSWORD_MAX, PASSWORD_MIN } from '../../../src/core/contract/users';

/**
 * `user/password/submit`: checks the old password (1109), stores the new one and revokes every session of
 * the user, this one included, so a stolen session cannot outlive the change; the client signs in again.
 * The check is limited by `app.auth.verifyPassword`: after 5 wrong old passwords in 15 minutes the next try
 * ends every session of the user (23519).
 */
export function passwordRoute(app: FastifyInstance): void {
  route(app, SubmitPassword, async ({ oldPassword, newPassword }, { request }) => {
    const { userId } = request.auth;
    if (!(await app.auth.verifyPassword(userId, oldPassword)))
      throw new BusinessError(Code.WRONG_OLD_PASSWORD);
    if (newPassword === oldPassword) {
      throw new BusinessError(Code.INCORRECT_PARAMETER, 'new password equals the old one');
    }
    await app.db.transaction(async (tx) => {
      await app.auth.setPassword(tx, userId, newPassword);
      await app.auth.revokeAllSessions(userId, 'password-change', tx);
    });
    return ok(null);
  });
}
