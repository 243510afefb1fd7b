import type { FastifyInstance } from 'fastify';
import { API_VERSION_PREFIX, PROTECTED_PREFIX } from '../../../src/core/contract/paths';
import { brandFlag } from '../accounts/brand-flags';
import { BusinessError, ok } from '../http/envelope';
import { apiRoute, objectSchema } from '../http/legacy-route';
import { findUserById } from './repo';

const INCORRECT_PARAMETER = 1001;
const DUPLICATED = 1045;
const ALREADY_BOUND = 1157;
const ILLEGAL_STATUS = 23523;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** True for a unique-key violation of PostgreSQL (two users racing for one address). */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * `user/bind/email/submit`: a phone-registered user of a brand with `user/bindEmail` on adds an email
 * (23523 otherwise); 1157 when one is bound already, 1045 when another user of the brand has it.
 */
export async function bindEmailRoute(app: FastifyInstance): Promise<void> {
  apiRoute<{ email: string }, { email: string }>(app, {
    url: `${API_VERSION_PREFIX}${PROTECTED_PREFIX}user/bind/email/submit`,
    summary: 'Bind an email to a phone-registered account',
    input: objectSchema({ email: { type: 'string', maxLength: 140 } }, ['email']),
    data: objectSchema({ email: { type: 'string' } }),
    handler: async (input, request) => {
      const email = input.email.trim().toLowerCase();
      if (!EMAIL.test(email)) throw new BusinessError(INCORRECT_PARAMETER, 'wrong email');
      const { userId, brandId } = request.auth;
      if (!brandFlag(app, brandId, 'user/bindEmail')) throw new BusinessError(ILLEGAL_STATUS);
      await app.db
        .transaction(async (tx) => {
          const user = await findUserById(tx, userId, true);
          if (!user) throw new BusinessError(1002);
          if (user.registerType !== 'P') throw new BusinessError(ILLEGAL_STATUS);
          if (user.email) throw new BusinessError(ALREADY_BOUND);
          const taken = await tx.query('select 1 from users where brand_id = $1 and lower(email) = $2', [
            user.brandId,
            email,
          ]);
          if (taken.rows.length > 0) throw new BusinessError(DUPLICATED);
          await tx.query('update users set email = $2 where id = $1', [userId, email]);
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? new BusinessError(DUPLICATED) : error;
        });
      return ok({ email });
    },
  });
}
