/**
 * Operators' passwords (decision SEC12): a password someone else set — generated or given to `operators:add` or
 * `operators:reset-password` (account-routes.ts) — is a first password. It signs in for 72 hours, and a session
 * it opens may only replace it with the operator's own (the admin guard refuses that session everything else).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ChooseOperatorPassword, OPERATOR_PASSWORD_MIN } from '../../../src/core/contract/backoffice';
import { Code } from '../../../src/core/contract/codes';
import { passwordHasher, type PasswordOwner, type RateLimiter, type RateRule } from '../auth';
import type { Queryable } from '../db/types';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { findOperator, generatePassword, setOwnPassword, toOperator } from './operators';
import { endOtherOperatorSessions, type LiveSession } from './sessions';

/** Wrong current passwords of one operator: 5 in 15 minutes, then 1110 until the window moves. */
const CURRENT_PASSWORD_RULE = {
  bucket: 'operator.password.current',
  max: 5,
  windowMs: 15 * 60_000,
} as const satisfies RateRule;

/** How the back-office plugin tells who follows operator sessions that an operator's sessions changed. */
export interface SessionEvents {
  /** Tells the other processes, inside `tx`, that the operator's sessions changed. */
  share(tx: Queryable, operatorId: string): Promise<void>;
  /** Tells this process's listeners (the live inbox) that the operator's sessions changed. */
  sessionsChanged(operatorId: string): void;
}

/** What the password step takes from the back-office plugin. */
export interface PasswordRouteDeps extends SessionEvents {
  limits: RateLimiter;
  /** The caller's operator session (cookie token and session); null for the admin token. */
  currentSession(request: FastifyRequest): Promise<{ token: string; session: LiveSession } | null>;
  /** Answers HTTP 401 `{ code: 400 }`, as the guard answers a request without a session. */
  noSession(reply: FastifyReply): Promise<never>;
}

/**
 * A first password: the one the admin gave (at least 12 characters and the password policy), or a generated
 * one, which the answer shows once (`shown`).
 */
export async function firstPassword(
  app: FastifyInstance,
  chosen: string | undefined,
  owner: PasswordOwner,
): Promise<{ password: string; shown: boolean }> {
  if (chosen === undefined) return { password: generatePassword(), shown: true };
  await assertOperatorPassword(app, chosen, owner);
  return { password: chosen, shown: false };
}

/**
 * Operators hold money powers: 12 characters at least, on top of the platform's password policy (1001: length,
 * common passwords, brand and own-name words, SEC7, SEC8).
 */
async function assertOperatorPassword(app: FastifyInstance, password: string, owner: PasswordOwner) {
  if ([...password].length < OPERATOR_PASSWORD_MIN) throw new BusinessError(Code.INCORRECT_PARAMETER);
  await app.auth.assertNewPassword(password, owner);
}

export function passwordRoutes(app: FastifyInstance, deps: PasswordRouteDeps): void {
  const { limits } = deps;

  route(app, ChooseOperatorPassword, async (input, { request, reply, audit }) => {
    const current = await deps.currentSession(request);
    if (!current) return deps.noSession(reply);
    const { token, session } = current;
    // The operator's own email is a context word (SEC8): read before the password is checked.
    const operator = await findOperator(app.db, session.id);
    await assertOperatorPassword(app, input.newPassword, { email: operator?.email ?? null });
    // Equal to the current password (verified next): a first password must never become the lasting one.
    if (input.newPassword === input.password) {
      throw new BusinessError(Code.INCORRECT_PARAMETER, 'the new password equals the current one');
    }
    const attempt = await limits.reserve(CURRENT_PASSWORD_RULE, session.id);
    if (!attempt) throw new BusinessError(Code.TOO_FREQUENT);
    const row = await findOperator(app.db, session.id);
    if (!row || !(await passwordHasher.verify(row.password_hash, input.password))) {
      throw new BusinessError(Code.WRONG_OLD_PASSWORD);
    }
    await limits.reset(CURRENT_PASSWORD_RULE, session.id);
    const passwordHash = await passwordHasher.hash(input.newPassword);
    // Other sessions end (ASVS 7.4.3); this one, which just proved the password, goes on with the roles.
    const ended = await audit.transaction(async (tx, record) => {
      await setOwnPassword(tx, row.id, passwordHash);
      const count = await endOtherOperatorSessions(tx, row.id, token);
      if (count > 0) await deps.share(tx, row.id);
      await record({
        action: 'operator.password_change',
        objectKind: 'operator',
        objectId: row.id,
        before: { mustChangePassword: row.password_must_change },
        after: { mustChangePassword: false, endedSessions: count },
      });
      return count;
    });
    if (ended > 0) deps.sessionsChanged(row.id);
    return ok({ operator: toOperator(row), expiresAt: session.expiresAt, mustChangePassword: false });
  });
}
