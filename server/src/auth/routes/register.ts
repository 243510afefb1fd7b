/** `register` and `forgot` (spec §7). */
import type { FastifyRequest } from 'fastify';
import type { RegisterType } from '../../../../src/core/contract/auth';
import { BusinessError, ok } from '../../http/envelope';
import { apiRoute, objectSchema } from '../../http/legacy-route';
import {
  assertRegisterType,
  BRAND_QUERY,
  deliver,
  phoneSmsVerification,
  text,
  type AuthRouteDeps,
  withReservation,
} from '../context';
import {
  destinationOf,
  parseAccountName,
  parseCodeInput,
  parseInviteCode,
  parseLocale,
} from '../identifiers';
import { renderMessage } from '../messages';
import { assertPasswordPolicy, passwordHasher } from '../passwords';
import { loginSubject, RATE_RULES } from '../rate-limit';
import { findInviter, findUserByName, insertUser } from '../users';

interface RegisterInput {
  username: string;
  type: RegisterType;
  password: string;
  inviteCode?: string;
  code: string;
  locale?: string;
  uuid?: string;
  areaCode?: string;
}

type ForgotInput = Pick<RegisterInput, 'username' | 'type' | 'password' | 'code' | 'areaCode'>;

const TYPE = { type: 'string', enum: ['E', 'P'] };
// Long enough to reach the 1001 length rule; bounded so that nobody makes Argon2 hash megabytes.
const PASSWORD = text(1024);

/**
 * Order of checks: input (1001, 23558), the per-IP registration limit (1042), invite code (1107), existing
 * account (1004), then the code — mail/SMS 1020/1111/23555, captcha 23555/23556 — which is used up only when
 * every cheaper check passed. A concurrent registration of the same address is 1045. The per-IP window is
 * reserved before the invite code is looked at, so parallel registrations cannot pass it.
 */
async function register(deps: AuthRouteDeps, request: FastifyRequest, input: RegisterInput) {
  const brand = deps.app.brand.of(request);
  assertRegisterType(brand, input.type);
  const name = parseAccountName(input.type, input.username, input.areaCode);
  assertPasswordPolicy(input.password);
  const code = parseCodeInput(input.code);
  const destination = destinationOf(name);
  // The account counts in the per-IP window from before the first check; a refused registration gives it back.
  const user = await withReservation(deps.limits, [[RATE_RULES.registerIp, request.ip]], 1042, async () => {
    const inviteCode = parseInviteCode(input.inviteCode);
    const invitedBy = inviteCode ? await findInviter(deps.db, brand.id, inviteCode) : null;
    if (inviteCode && !invitedBy) throw new BusinessError(1107);
    if (await findUserByName(deps.db, brand.id, name)) throw new BusinessError(1004);
    if (name.type === 'P' && !phoneSmsVerification(brand)) {
      if (!input.uuid) throw new BusinessError(23555);
      await deps.captchas.consume(input.uuid.trim(), code);
    } else {
      await deps.codes.consume({ brandId: brand.id, destination, purpose: '1' }, code);
    }
    const passwordHash = await passwordHasher.hash(input.password);
    return deps.db.transaction(async (tx) => {
      const row = await insertUser(tx, { brandId: brand.id, name, passwordHash, invitedBy });
      for (const hook of deps.userHooks) await hook(tx, { id: row.id, uid: row.uid, brandId: brand.id });
      if (name.type === 'E')
        await tx.query('update users set welcome_sent_at = now() where id = $1', [row.id]);
      return row;
    });
  });
  request.log.info({ uid: user.uid, brand: brand.id, type: name.type }, 'user registered');
  if (name.type === 'E') {
    const message = renderMessage(parseLocale(input.locale), '4', {
      brand: brand.name,
      account: destination,
    });
    void deliver(deps, request, {
      channel: 'mail',
      to: destination,
      purpose: '4',
      code: null,
      fromName: brand.name,
      ...message,
    });
  }
  return ok({ uid: user.uid });
}

/** Resets the password with a type-2 code and ends every session of the account. */
async function forgot(deps: AuthRouteDeps, request: FastifyRequest, input: ForgotInput) {
  const brand = deps.app.brand.of(request);
  const name = parseAccountName(input.type, input.username, input.areaCode);
  assertPasswordPolicy(input.password);
  const code = parseCodeInput(input.code);
  await deps.codes.consume({ brandId: brand.id, destination: destinationOf(name), purpose: '2' }, code);
  const user = await findUserByName(deps.db, brand.id, name);
  // Codes for unknown accounts are never sent, so a matching one means the account was deleted since.
  if (!user) throw new BusinessError(1111);
  const passwordHash = await passwordHasher.hash(input.password);
  await deps.db.transaction(async (tx) => {
    await tx.query('update users set password_hash = $2 where id = $1', [user.id, passwordHash]);
    await deps.sessions.revokeAll(user.id, 'password-reset', tx);
  });
  // The owner just proved control of the address: earlier failed logins (perhaps someone else's) are forgiven.
  await deps.limits.reset(RATE_RULES.loginAccount, loginSubject(brand.id, input.type, destinationOf(name)));
  request.log.info({ uid: user.uid }, 'password reset');
  return ok(null);
}

/** Registers `register` and `forgot`. */
export function registerRoutes(deps: AuthRouteDeps): void {
  apiRoute<RegisterInput, { uid: string }>(deps.app, {
    url: '/v1/wa-na/register',
    summary: 'Create an account with a mail/SMS code, or an image captcha (uuid) where the brand says so',
    query: BRAND_QUERY,
    input: objectSchema(
      {
        username: text(),
        type: TYPE,
        password: PASSWORD,
        inviteCode: text(64),
        code: text(64),
        locale: text(16),
        uuid: text(64),
        areaCode: text(8),
      },
      ['username', 'type', 'password', 'code'],
    ),
    data: objectSchema({ uid: { type: 'string' } }, ['uid']),
    handler: (input, request) => register(deps, request, input),
  });

  apiRoute<ForgotInput, null>(deps.app, {
    url: '/v1/wa-na/forgot',
    summary: 'Set a new password with a type-2 code; every session of the account ends',
    query: BRAND_QUERY,
    input: objectSchema(
      { username: text(), type: TYPE, password: PASSWORD, code: text(64), areaCode: text(8) },
      ['username', 'type', 'password', 'code'],
    ),
    data: { type: 'null' },
    handler: (input, request) => forgot(deps, request, input),
  });
}
