/** Second factor on and off (not in spec §7): setup → enable with a code; disable with a current code. */
import type { FastifyRequest } from 'fastify';
import { BusinessError, ok } from '../../http/envelope';
import { apiRoute, objectSchema } from '../../http/legacy-route';
import { reserveWithin, text, type AuthRouteDeps } from '../context';
import { RATE_RULES } from '../rate-limit';
import { matchTotp, newTotpSecret, otpauthUri } from '../totp';
import { findUserById, type UserRow } from '../users';

const STATUS_UNCHANGED = 1017;
const QR_KEY_MISSING = 1021;
const WRONG_CODE = 1020;

const CODE_INPUT = objectSchema({ code: text(16) }, ['code']);

async function currentUser(deps: AuthRouteDeps, request: FastifyRequest): Promise<UserRow> {
  const user = await findUserById(deps.db, request.auth.userId);
  if (!user) throw new BusinessError(1002);
  return user;
}

/**
 * The step `code` matches, or 1020. Each check first reserves its place (5 wrong codes per 15 minutes, then
 * 1110 without checking); a right code gives it back.
 */
async function checkCode(deps: AuthRouteDeps, user: UserRow, secret: string, code: string): Promise<number> {
  const attempt = await reserveWithin(deps.limits, [[RATE_RULES.totpUser, user.id]], 1110);
  const last = user.totp_last_step === null ? null : Number(user.totp_last_step);
  const step = matchTotp(secret, code.trim(), deps.now(), last);
  if (step === null) throw new BusinessError(WRONG_CODE);
  await attempt.release();
  return step;
}

/** Registers `waa/user/totp/setup`, `…/enable` and `…/disable`. */
export function totpRoutes(deps: AuthRouteDeps): void {
  const { app } = deps;

  apiRoute<Record<string, never>, { secret: string; otpauthUri: string }>(app, {
    url: '/v1/waa/user/totp/setup',
    summary: 'A new pending TOTP secret and its otpauth URI (1017 when the second factor is already on)',
    preHandler: app.authenticate,
    data: objectSchema({ secret: { type: 'string' }, otpauthUri: { type: 'string' } }, [
      'secret',
      'otpauthUri',
    ]),
    handler: async (_input, request) => {
      const user = await currentUser(deps, request);
      if (user.totp_enabled) throw new BusinessError(STATUS_UNCHANGED);
      const secret = newTotpSecret();
      await deps.db.query('update users set totp_secret = $2 where id = $1 and not totp_enabled', [
        user.id,
        secret,
      ]);
      const issuer = app.brand.get(user.brand_id)?.name ?? user.brand_id;
      const account = user.email ?? user.phone ?? user.uid;
      return ok({ secret, otpauthUri: otpauthUri(secret, issuer, account) });
    },
  });

  apiRoute<{ code: string }, null>(app, {
    url: '/v1/waa/user/totp/enable',
    summary: 'Turn the second factor on with a code of the pending secret (1021 without setup, 1020 wrong)',
    preHandler: app.authenticate,
    input: CODE_INPUT,
    data: { type: 'null' },
    handler: async (input, request) => {
      const user = await currentUser(deps, request);
      if (user.totp_enabled) throw new BusinessError(STATUS_UNCHANGED);
      if (!user.totp_secret) throw new BusinessError(QR_KEY_MISSING);
      const step = await checkCode(deps, user, user.totp_secret, input.code);
      await deps.db.query(
        'update users set totp_enabled = true, totp_last_step = $3 where id = $1 and totp_secret = $2',
        [user.id, user.totp_secret, step],
      );
      request.log.info({ uid: user.uid }, 'second factor on');
      return ok(null);
    },
  });

  apiRoute<{ code: string }, null>(app, {
    url: '/v1/waa/user/totp/disable',
    summary: 'Turn the second factor off with a current code (1017 when it is off, 1020 wrong)',
    preHandler: app.authenticate,
    input: CODE_INPUT,
    data: { type: 'null' },
    handler: async (input, request) => {
      const user = await currentUser(deps, request);
      if (!user.totp_enabled || !user.totp_secret) throw new BusinessError(STATUS_UNCHANGED);
      await checkCode(deps, user, user.totp_secret, input.code);
      await deps.db.query(
        'update users set totp_enabled = false, totp_secret = null, totp_last_step = null where id = $1',
        [user.id],
      );
      request.log.info({ uid: user.uid }, 'second factor off');
      return ok(null);
    },
  });
}
