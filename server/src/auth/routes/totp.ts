/**
 * Second factor on and off (not in spec §7): setup → enable with a code; disable with a current code. Either
 * change ends the user's other sessions.
 */
import type { FastifyRequest } from 'fastify';
import { DisableTotp, EnableTotp, SetupTotp } from '../../../../src/core/contract/auth';
import { Code } from '../../../../src/core/contract/codes';
import { BusinessError, ok } from '../../http/envelope';
import { route } from '../../http/route';
import {
  disableTotp,
  enableTotp,
  findCredentialsById,
  setPendingTotpSecret,
  type CredentialRow,
} from '../../users';
import { reserveWithin, type AuthRouteDeps } from '../context';
import { RATE_RULES } from '../rate-limit';
import { matchTotp, newTotpSecret, otpauthUri } from '../totp';

async function currentUser(deps: AuthRouteDeps, request: FastifyRequest): Promise<CredentialRow> {
  const user = await findCredentialsById(deps.db, request.auth.userId);
  if (!user) throw new BusinessError(Code.USER_NOT_FOUND);
  return user;
}

/**
 * The step `code` matches, or 1020. Each check first reserves its place (5 wrong codes per 15 minutes, then
 * 1110 without checking); a right code gives it back.
 */
async function checkCode(
  deps: AuthRouteDeps,
  user: CredentialRow,
  secret: string,
  code: string,
): Promise<number> {
  const attempt = await reserveWithin(deps.limits, [[RATE_RULES.totpUser, user.id]], Code.TOO_FREQUENT);
  const last = user.totp_last_step === null ? null : Number(user.totp_last_step);
  const step = matchTotp(secret, code.trim(), deps.now(), last);
  if (step === null) throw new BusinessError(Code.INVALID_VERIFICATION_CODE);
  await attempt.release();
  return step;
}

/**
 * A change of the second factor ends every other session of the user (decision SEC2): a session opened before
 * the factor went on never had to pass it, and one that an attacker holds must not survive the owner's
 * reaction. The session that made the change, which just proved a current code, stays.
 */
async function endOtherSessions(deps: AuthRouteDeps, request: FastifyRequest, user: CredentialRow) {
  const ended = await deps.sessions.revokeOthers(user.id, request.auth.sessionId, 'second-factor');
  if (ended > 0)
    request.log.info({ uid: user.uid, ended }, 'other sessions ended after a second-factor change');
}

/** Registers `waa/user/totp/setup`, `…/enable` and `…/disable`. */
export function totpRoutes(deps: AuthRouteDeps): void {
  const { app } = deps;

  route(app, SetupTotp, async (_input, { request }) => {
    const user = await currentUser(deps, request);
    if (user.totp_enabled) throw new BusinessError(Code.STATUS_UNCHANGED);
    const secret = newTotpSecret();
    await setPendingTotpSecret(deps.db, user.id, secret);
    const issuer = app.brand.get(user.brand_id)?.name ?? user.brand_id;
    const account = user.email ?? user.phone ?? user.uid;
    return ok({ secret, otpauthUri: otpauthUri(secret, issuer, account) });
  });

  route(app, EnableTotp, async (input, { request }) => {
    const user = await currentUser(deps, request);
    if (user.totp_enabled) throw new BusinessError(Code.STATUS_UNCHANGED);
    if (!user.totp_secret) throw new BusinessError(Code.QR_KEY_MISSING);
    const step = await checkCode(deps, user, user.totp_secret, input.code);
    await enableTotp(deps.db, user.id, user.totp_secret, step);
    await endOtherSessions(deps, request, user);
    request.log.info({ uid: user.uid }, 'second factor on');
    return ok(null);
  });

  route(app, DisableTotp, async (input, { request }) => {
    const user = await currentUser(deps, request);
    if (!user.totp_enabled || !user.totp_secret) throw new BusinessError(Code.STATUS_UNCHANGED);
    await checkCode(deps, user, user.totp_secret, input.code);
    await disableTotp(deps.db, user.id);
    await endOtherSessions(deps, request, user);
    request.log.info({ uid: user.uid }, 'second factor off');
    return ok(null);
  });
}
