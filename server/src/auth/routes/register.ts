/** `register` and `forgot` (spec §7). */
import type { FastifyRequest } from 'fastify';
import { Forgot, Register } from '../../../../src/core/contract/auth';
import { Code } from '../../../../src/core/contract/codes';
import type { InputOf } from '../../../../src/core/contract/endpoint';
import { BusinessError, ok } from '../../http/envelope';
import { route } from '../../http/route';
import { findInviter, findUserByName, insertUser, markWelcomeSent, setPasswordHash } from '../../users';
import {
  assertRegisterType,
  deliver,
  phoneSmsVerification,
  type AuthRouteDeps,
  withReservation,
} from '../context';
import {
  type AccountName,
  destinationOf,
  parseAccountName,
  parseCodeInput,
  parseInviteCode,
  parseLocale,
} from '../identifiers';
import { renderMessage } from '../messages';
import { forgiveAccount } from '../login-limits';
import type { PasswordOwner } from '../password-policy';
import { passwordHasher } from '../passwords';
import { loginSubject, RATE_RULES } from '../rate-limit';

type RegisterInput = InputOf<typeof Register>;
type ForgotInput = InputOf<typeof Forgot>;

/** The account a new password is for, as the password policy reads it. */
const ownerOf = (name: AccountName): PasswordOwner =>
  name.type === 'E' ? { email: name.email } : { phone: name.phone.e164 };

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
  await deps.app.auth.assertNewPassword(input.password, ownerOf(name));
  const code = parseCodeInput(input.code);
  const destination = destinationOf(name);
  // The account counts in the per-IP window from before the first check; a refused registration gives it back.
  const user = await withReservation(
    deps.limits,
    [[RATE_RULES.registerIp, request.ip]],
    Code.REGISTER_LATER,
    async () => {
      const inviteCode = parseInviteCode(input.inviteCode);
      const invitedBy = inviteCode ? await findInviter(deps.db, brand.id, inviteCode) : null;
      if (inviteCode && !invitedBy) throw new BusinessError(Code.INVALID_INVITE_CODE);
      if (await findUserByName(deps.db, brand.id, name)) throw new BusinessError(Code.ACCOUNT_EXISTS);
      if (name.type === 'P' && !phoneSmsVerification(brand)) {
        if (!input.uuid) throw new BusinessError(Code.CAPTCHA_EXPIRED);
        await deps.captchas.consume(input.uuid.trim(), code);
      } else {
        await deps.codes.consume({ brandId: brand.id, destination, purpose: '1' }, code);
      }
      const passwordHash = await passwordHasher.hash(input.password);
      return deps.db.transaction(async (tx) => {
        const row = await insertUser(tx, { brandId: brand.id, name, passwordHash, invitedBy });
        for (const hook of deps.userHooks) await hook(tx, { id: row.id, uid: row.uid, brandId: brand.id });
        if (name.type === 'E') await markWelcomeSent(tx, row.id);
        return row;
      });
    },
  );
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
  await deps.app.auth.assertNewPassword(input.password, ownerOf(name));
  const code = parseCodeInput(input.code);
  await deps.codes.consume({ brandId: brand.id, destination: destinationOf(name), purpose: '2' }, code);
  const user = await findUserByName(deps.db, brand.id, name);
  // Codes for unknown accounts are never sent, so a matching one means the account was deleted since.
  if (!user) throw new BusinessError(Code.VERIFICATION_CODE_INVALID);
  const passwordHash = await passwordHasher.hash(input.password);
  await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await deps.sessions.revokeAll(user.id, 'password-reset', tx);
  });
  // The owner just proved control of the address: earlier failed logins (perhaps someone else's) are forgiven.
  await forgiveAccount(deps.limits, loginSubject(brand.id, input.type, destinationOf(name)), request.ip);
  request.log.info({ uid: user.uid }, 'password reset');
  return ok(null);
}

/** Registers `register` and `forgot`. */
export function registerRoutes(deps: AuthRouteDeps): void {
  route(deps.app, Register, (input, { request }) => register(deps, request, input));
  route(deps.app, Forgot, (input, { request }) => forgot(deps, request, input));
}
