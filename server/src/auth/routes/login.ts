/** `login` (spec §7): password, then the second factor when the user turned it on. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Login, type LoginRequest, type LoginResponse } from '../../../../src/core/contract/auth';
import { Code } from '../../../../src/core/contract/codes';
import { BusinessError, ok } from '../../http/envelope';
import { route } from '../../http/route';
import { browserOrigin, markCookie, setSessionCookies } from '../refresh-cookie';
import { acceptTotpStep, findUserByName, type CredentialRow } from '../../users';
import type { AuthRouteDeps } from '../context';
import { destinationOf, parseAccountName, type AccountName } from '../identifiers';
import { forgiveAddress, reserveLogin } from '../login-limits';
import { passwordHasher } from '../passwords';
import { loginSubject, RATE_RULES } from '../rate-limit';
import { markedSession, sessionMark } from '../session-mark';
import { matchTotp } from '../totp';

type LoginInput = LoginRequest;

const SECOND_FACTOR_NEEDED: LoginResponse = { token: '', refreshToken: '', qrcodeStatus: 0, expiresAt: null };

const nameOrNull = (input: LoginInput): AccountName | null => {
  try {
    return parseAccountName(input.type, input.username, input.areaCode);
  } catch {
    return null;
  }
};

/** Accepts the TOTP code once: the step is stored only if it is later than the last accepted one. */
async function acceptTotp(deps: AuthRouteDeps, user: CredentialRow, code: string): Promise<boolean> {
  const last = user.totp_last_step === null ? null : Number(user.totp_last_step);
  const step = user.totp_secret ? matchTotp(user.totp_secret, code, deps.now(), last) : null;
  if (step === null) return false;
  return acceptTotpStep(deps.db, user.id, step);
}

/**
 * Ends the session this browser held before signing in again (ASVS 7.2.4, decision SEC9), named by the mark
 * its cookie carries: only a mark sealed by this server, and only a session of the user who just signed in, so
 * that a forged or foreign mark ends nothing.
 */
async function endEarlierSession(deps: AuthRouteDeps, request: FastifyRequest, userId: string) {
  const earlier = markedSession(deps.keys.sessionMark, markCookie(request));
  if (earlier === null) return;
  if (await deps.sessions.revokeOwn(userId, earlier, 'signed-in-again')) {
    request.log.info('the session this browser held ended at its new sign-in');
  }
}

/**
 * An unknown account and a wrong password get the same 1108 after the same Argon2 work (a dummy hash stands
 * in). Every attempt first reserves its place in the sign-in windows (`login-limits.ts`) — over a limit the
 * answer is 1110 without checking — and gives it back when it turns out not to be a failure (a success, the
 * second-factor prompt, a blocked account). The blocked state (1044) is told only to someone who knows the
 * password.
 */
async function login(deps: AuthRouteDeps, request: FastifyRequest, reply: FastifyReply, input: LoginInput) {
  const brand = deps.app.brand.of(request);
  const name = nameOrNull(input);
  const subject = loginSubject(brand.id, input.type, name ? destinationOf(name) : input.username);
  const attempt = await reserveLogin(deps.limits, subject, request.ip);
  const user = name ? await findUserByName(deps.db, brand.id, name) : null;
  const matches = await passwordHasher.verify(user?.password_hash ?? deps.dummyHash, input.password);
  if (!user || !matches) throw new BusinessError(Code.WRONG_CREDENTIALS);
  if (user.blocked) {
    await attempt.release();
    throw new BusinessError(Code.USER_BLOCKED);
  }
  if (user.totp_enabled) {
    const code = input.authCode?.trim() ?? '';
    if (code === '' && input.command !== 'verification') {
      await attempt.release();
      return ok(SECOND_FACTOR_NEEDED);
    }
    if (!(await acceptTotp(deps, user, code))) throw new BusinessError(Code.INVALID_VERIFICATION_CODE);
  }
  const origin = browserOrigin(request);
  const { sessionId, tokens } = await deps.sessions.issue(null, user.id, {
    virtual: false,
    ip: request.ip,
    origin,
    userAgent: request.headers['user-agent'],
  });
  await endEarlierSession(deps, request, user.id);
  await attempt.release();
  await forgiveAddress(deps.limits, subject, request.ip);
  // Whoever signs in with the password may try it again when changing it.
  await deps.limits.reset(RATE_RULES.passwordUser, user.id);
  request.log.info({ uid: user.uid }, 'signed in');
  if (origin === null) return ok<LoginResponse>({ ...tokens, qrcodeStatus: 1 });
  // A browser gets its refresh token only as the HttpOnly cookie: no page script ever sees it.
  const mark = sessionMark(deps.keys.sessionMark, sessionId);
  setSessionCookies(request, reply, { refreshToken: tokens.refreshToken, mark });
  return ok<LoginResponse>({ ...tokens, refreshToken: '', qrcodeStatus: 1 });
}

/** Registers `login`. */
export function loginRoutes(deps: AuthRouteDeps): void {
  route(deps.app, Login, (input, { request, reply }) => login(deps, request, reply, input));
}
