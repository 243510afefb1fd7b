import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { BindEmail } from '../../../src/core/contract/users';
import { brandFlag } from '../accounts';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { emailTaken, findUserById, setEmail } from './repo';

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** True for a unique-key violation of PostgreSQL (two users racing for one address). */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * `user/bind/email/submit`: a phone-registered user of a brand with `user/bindEmail` on adds an email
 * (23523 otherwise); 1157 when one is bound already, 1045 when another user of the brand has it.
 */
export function bindEmailRoute(app: FastifyInstance): void {
  route(app, BindEmail, async (input, { request }) => {
    const email = input.email.trim().toLowerCase();
    if (!EMAIL.test(email)) throw new BusinessError(Code.INCORRECT_PARAMETER, 'wrong email');
    const { userId, brandId } = request.auth;
    if (!brandFlag(app, brandId, 'user/bindEmail')) throw new BusinessError(Code.ILLEGAL_STATUS);
    await app.db
      .transaction(async (tx) => {
        const user = await findUserById(tx, userId, true);
        if (!user) throw new BusinessError(Code.USER_NOT_FOUND);
        if (user.registerType !== 'P') throw new BusinessError(Code.ILLEGAL_STATUS);
        if (user.email) throw new BusinessError(Code.EMAIL_ALREADY_BOUND);
        if (await emailTaken(tx, user.brandId, email)) throw new BusinessError(Code.DUPLICATE_PHONE_OR_EMAIL);
        await setEmail(tx, userId, email);
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new BusinessError(Code.DUPLICATE_PHONE_OR_EMAIL) : error;
      });
    return ok({ email });
  });
}
