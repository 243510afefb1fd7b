import type { FastifyInstance } from 'fastify';
import { API_VERSION_PREFIX, PROTECTED_PREFIX } from '../../../src/core/contract/paths';
import { BusinessError, ok } from '../http/envelope';
import { apiRoute, objectSchema } from '../http/legacy-route';

/** Password length rules of spec §5/§9: more than six characters, at most 140. */
export const PASSWORD_MIN = 7;
export const PASSWORD_MAX = 140;

const INCORRECT_PARAMETER = 1001;
const WRONG_OLD_PASSWORD = 1109;

interface PasswordInput {
  oldPassword: string;
  newPassword: string;
}

/**
 * `user/password/submit`: checks the old password (1109), stores the new one and revokes every session of
 * the user, this one included, so a stolen session cannot outlive the change; the client signs in again.
 * The check is limited by `app.auth.verifyPassword`: after 5 wrong old passwords in 15 minutes the next try
 * ends every session of the user (23519).
 */
export async function passwordRoute(app: FastifyInstance): Promise<void> {
  apiRoute<PasswordInput, null>(app, {
    url: `${API_VERSION_PREFIX}${PROTECTED_PREFIX}user/password/submit`,
    summary: 'Change the password (old password required); signs out every session',
    input: objectSchema(
      {
        oldPassword: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX },
        newPassword: { type: 'string', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX },
        metaData: {},
      },
      ['oldPassword', 'newPassword'],
    ),
    data: { type: 'null' },
    handler: async ({ oldPassword, newPassword }, request) => {
      const { userId } = request.auth;
      if (!(await app.auth.verifyPassword(userId, oldPassword))) throw new BusinessError(WRONG_OLD_PASSWORD);
      if (newPassword === oldPassword) {
        throw new BusinessError(INCORRECT_PARAMETER, 'new password equals the old one');
      }
      await app.db.transaction(async (tx) => {
        await app.auth.setPassword(tx, userId, newPassword);
        await app.auth.revokeAllSessions(userId, 'password-change', tx);
      });
      return ok(null);
    },
  });
}
