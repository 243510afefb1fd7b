/**
 * Test support for suites that act as a back-office operator: a sign-in with the password and the TOTP code,
 * followed, for a first password (decision SEC12), by the step that replaces it.
 */
import type { FastifyInstance } from 'fastify';
import {
  ChooseOperatorPassword,
  OPERATOR_CSRF_HEADER,
  OperatorLogin,
} from '../../../src/core/contract/backoffice';
import { serverUrl } from '../../../src/core/contract/endpoint';
import { base32Decode, totpAt } from '../auth';

/** An operator as `operators:add` answers one; `password` follows the operator's changes. */
export interface TestOperator {
  email: string;
  password: string;
  /** The TOTP secret (base32). */
  secret: string;
}

/** The password a test operator chooses in place of `first` (differs from it, at least 12 characters). */
export const ownPassword = (first: string) => `own-${first}`.slice(0, 140);

/**
 * Signs `op` in with the TOTP code of `now` (a code is accepted once: move the clock 30 s between sign-ins)
 * and, when its password was a first one, chooses its own (`op.password` becomes it). Answers the session
 * cookie (`tk_operator=…`), a session with the operator's roles.
 */
export async function signInOperatorAt(
  app: FastifyInstance,
  op: TestOperator,
  now: number,
  remoteAddress = '127.0.0.1',
): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: serverUrl('admin', OperatorLogin.path),
    payload: { email: op.email, password: op.password, code: totpAt(base32Decode(op.secret), now) },
    remoteAddress,
  });
  const answer = login.json<{ code: number; data: { mustChangePassword: boolean } }>();
  if (answer.code !== 0) throw new Error(`operator sign-in answered ${login.body}`);
  const cookie = String(login.headers['set-cookie']).split(';')[0] as string;
  if (!answer.data.mustChangePassword) return cookie;
  const newPassword = ownPassword(op.password);
  const chosen = await app.inject({
    method: 'POST',
    url: serverUrl('admin', ChooseOperatorPassword.path),
    headers: { cookie, [OPERATOR_CSRF_HEADER]: '1' },
    payload: { password: op.password, newPassword },
    remoteAddress,
  });
  if (chosen.json<{ code: number }>().code !== 0) throw new Error(`password step answered ${chosen.body}`);
  op.password = newPassword;
  return cookie;
}
