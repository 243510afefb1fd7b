/**
 * ASVS 6.4.1 (decision SEC12): a password someone else set — generated or given by the admin, at creation or
 * at a reset — is a first password. It signs in for 72 hours into a session that may only replace it (the
 * password step, its own session, sign-out); the operator's own password must differ from it, the change is
 * audited and ends the operator's other sessions. Operators from before the change keep their password.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CSRF_HEADER } from '../../../src/core/contract/backoffice';
import { ADMIN_TOKEN, admin, createUser } from '../accounts/test-app';
import { buildApp } from '../app';
import { base32Decode, newTotpSecret, passwordHasher, totpAt } from '../auth';
import { appStorage, describeOnBackends, type TestDatabase } from '../db/testing';
import { ownPassword, signInOperatorAt, type TestOperator } from './testing';
import { cliAgainst } from '../admin/testing';

const HOUR = 3600_000;
const PASSWORD_PATH = '/admin/v1/operators/password';
const NOT_PERMITTED = { code: 1086, msg: 'UNKNOWN_OPERATE', data: null };
const WRONG_CREDENTIALS = { code: 1108, msg: 'incorrect account or password', data: null };

describeOnBackends('an operator’s first password', { on: 'any' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let url: string;
  let clock = Date.UTC(2026, 2, 2, 9, 0, 0);
  let uid: string;
  let serial = 0;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildApp({
      ...appStorage(database),
      adminToken: ADMIN_TOKEN,
      modules: { market: false, broker: false },
      clock: { now: () => clock },
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    uid = (await createUser(app)).uid;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  /** A new finance operator through the admin API, with its first password. */
  async function addOperator(): Promise<TestOperator & { id: string }> {
    serial += 1;
    const email = `first${serial}@ops.example`;
    const data = (await admin(app, 'POST', '/admin/v1/operators', { email, roles: ['finance'] })).json()
      .data as { operator: { id: string }; totpSecret: string; password: string; passwordExpiresAt: number };
    expect(data.passwordExpiresAt).toBe(clock + 72 * HOUR);
    return { id: data.operator.id, email, password: data.password, secret: data.totpSecret };
  }

  /** Signs in with password and the next TOTP step; no password step. */
  function login(op: TestOperator, password = op.password): Promise<LightMyRequestResponse> {
    clock += 30_000;
    const code = totpAt(base32Decode(op.secret), clock);
    return app.inject({
      method: 'POST',
      url: '/admin/v1/operators/login',
      payload: { email: op.email, password, code },
    });
  }
  const cookieOf = (response: LightMyRequestResponse) =>
    String(response.headers['set-cookie']).split(';')[0] as string;

  function asOperator(cookie: string, method: 'GET' | 'POST', path: string, body?: object) {
    return app.inject({
      method,
      url: path,
      headers: { cookie, [OPERATOR_CSRF_HEADER]: '1' },
      ...(method === 'POST' ? { payload: body ?? {} } : {}),
    });
  }
  const choose = (cookie: string, password: string, newPassword: string) =>
    asOperator(cookie, 'POST', PASSWORD_PATH, { password, newPassword });

  const cli = cliAgainst(() => url, ADMIN_TOKEN);

  describe('POST /admin/v1/operators/login with a first password', () => {
    it('opens a session that may only choose the password, read itself and sign out: others answer 403, 1086', async () => {
      const op = await addOperator();
      const signedIn = await login(op);
      expect(signedIn.json()).toMatchObject({ code: 0, data: { mustChangePassword: true } });
      const cookie = cookieOf(signedIn);
      for (const path of ['/admin/v1/audit', `/admin/v1/users/${uid}/summary`, '/admin/v1/deposits']) {
        const refused = await asOperator(cookie, 'GET', path);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual(NOT_PERMITTED);
      }
      const freeze = await asOperator(cookie, 'POST', `/admin/v1/users/${uid}/withdrawals/freeze`, {
        reason: 'Check',
      });
      expect(freeze.json()).toEqual(NOT_PERMITTED);
      const me = await asOperator(cookie, 'GET', '/admin/v1/operators/me');
      expect(me.json()).toMatchObject({
        code: 0,
        data: { operator: { id: op.id, roles: ['finance'] }, mustChangePassword: true },
      });
      // The admin token is no operator: it has no password to choose.
      const token = await admin(app, 'POST', PASSWORD_PATH, {
        password: op.password,
        newPassword: 'x'.repeat(12),
      });
      expect(token.statusCode).toBe(401);
      expect((await asOperator(cookie, 'POST', '/admin/v1/operators/logout')).json().code).toBe(0);
    });

    it('answers an unused first password after 72 hours as a wrong password, and audits the failure', async () => {
      const op = await addOperator();
      clock += 72 * HOUR - 2 * 60_000;
      expect((await login(op)).json().code).toBe(0);
      clock += 2 * 60_000;
      const expired = await login(op);
      expect(expired.json()).toEqual(WRONG_CREDENTIALS);
      expect(expired.headers['set-cookie']).toBeUndefined();
      expect((await login(op, 'not-the-password')).json()).toEqual(WRONG_CREDENTIALS);
      const { rows } = await app.db.query<{ n: string }>(
        "select count(*)::text as n from audit_log where action = 'operator.sign_in_failed' and object_id = $1",
        [op.id],
      );
      expect(rows[0]?.n).toBe('2');
    });

    it('leaves an operator from before the change with their password and their roles', async () => {
      const secret = newTotpSecret();
      const op = { email: 'veteran@ops.example', password: 'a-veteran-passphrase', secret };
      // The row as it stood before the migration: the new columns take their defaults.
      await app.db.query(
        `insert into operators (email, name, password_hash, roles, totp_sealed)
         values ($1, 'Veteran', $2, array['finance'], $3)`,
        [op.email, await passwordHasher.hash(op.password), app.cashier.sealer.seal(secret)],
      );
      clock += 80 * HOUR;
      const signedIn = await login(op);
      expect(signedIn.json()).toMatchObject({ code: 0, data: { mustChangePassword: false } });
      expect((await asOperator(cookieOf(signedIn), 'GET', '/admin/v1/audit')).json().code).toBe(0);
    });
  });

  describe('POST /admin/v1/operators/password', () => {
    it('refuses a short new password, the first one again (1001) and a wrong current one (1109), then 1110', async () => {
      const op = await addOperator();
      const cookie = cookieOf(await login(op));
      expect((await choose(cookie, op.password, 'short')).json().code).toBe(1001);
      expect((await choose(cookie, op.password, op.password)).json().code).toBe(1001);
      for (let i = 0; i < 5; i += 1) {
        expect((await choose(cookie, 'not-the-password', ownPassword(op.password))).json().code).toBe(1109);
      }
      // Five wrong current passwords in 15 minutes: not even the right one is checked until the window moves.
      expect((await choose(cookie, op.password, ownPassword(op.password))).json().code).toBe(1110);
      clock += 15 * 60_000;
      expect((await choose(cookie, op.password, ownPassword(op.password))).json().code).toBe(0);
    });

    it('stores the own password, audits it, ends the other sessions and gives this one its roles', async () => {
      const op = await addOperator();
      const other = cookieOf(await login(op));
      const cookie = cookieOf(await login(op));
      const first = op.password;
      const chosen = await choose(cookie, first, ownPassword(first));
      expect(chosen.json()).toMatchObject({
        code: 0,
        data: { operator: { id: op.id }, mustChangePassword: false },
      });
      expect((await asOperator(cookie, 'GET', '/admin/v1/audit')).json().code).toBe(0);
      expect((await asOperator(other, 'GET', '/admin/v1/operators/me')).statusCode).toBe(401);
      const { rows } = await app.db.query<{ actor: string; before: unknown; after: unknown }>(
        "select actor, before, after from audit_log where action = 'operator.password_change' and object_id = $1",
        [op.id],
      );
      expect(rows).toEqual([
        {
          actor: `operator:${op.id}`,
          before: { mustChangePassword: true },
          after: { mustChangePassword: false, endedSessions: 1 },
        },
      ]);
      expect((await login(op, first)).json()).toEqual(WRONG_CREDENTIALS);
      const again = await login(op, ownPassword(first));
      expect(again.json()).toMatchObject({ code: 0, data: { mustChangePassword: false } });
      // The own password has no expiry.
      clock += 100 * HOUR;
      expect((await login(op, ownPassword(first))).json().code).toBe(0);
    });
  });

  describe('npm run admin -- operators:reset-password', () => {
    it('gives a new first password, shown once, ends the sessions and is audited as the CLI', async () => {
      const op = await addOperator();
      clock += 30_000;
      const cookie = await signInOperatorAt(app, op, clock);
      const own = op.password;
      const resetAt = clock;
      const reset = await cli(['operators:reset-password', op.id]);
      expect(reset.code).toBe(0);
      expect(reset.out).toContain(
        `Reset the password of operator ${op.id} <${op.email}>; their sessions are ended.`,
      );
      const password = /^Password \(shown once\): (\S{24})$/m.exec(reset.out)?.[1] as string;
      expect(password).toBeDefined();
      expect(reset.out).toContain(
        `this one stops working at ${new Date(resetAt + 72 * HOUR).toISOString()}.`,
      );
      expect((await asOperator(cookie, 'GET', '/admin/v1/operators/me')).statusCode).toBe(401);
      expect((await login(op, own)).json()).toEqual(WRONG_CREDENTIALS);
      const signedIn = await login(op, password);
      expect(signedIn.json()).toMatchObject({ code: 0, data: { mustChangePassword: true } });
      const { rows } = await app.db.query<{ actor: string; after: Record<string, unknown> }>(
        "select actor, after from audit_log where action = 'operator.reset_password' and object_id = $1",
        [op.id],
      );
      expect(rows).toEqual([
        {
          actor: 'cli',
          after: { mustChangePassword: true, passwordExpiresAt: resetAt + 72 * HOUR, endedSessions: 1 },
        },
      ]);
    });

    it('takes OPERATOR_PASSWORD, refuses a short one, an unknown operator and a malformed id', async () => {
      const op = await addOperator();
      const chosen = await cli(['operators:reset-password', op.id], {
        OPERATOR_PASSWORD: 'a-chosen-passphrase',
      });
      expect(chosen.code).toBe(0);
      expect(chosen.out).not.toContain('Password (shown once)');
      expect((await login(op, 'a-chosen-passphrase')).json().data.mustChangePassword).toBe(true);
      const short = await cli(['operators:reset-password', op.id], { OPERATOR_PASSWORD: 'short' });
      expect(short).toMatchObject({ code: 1, err: 'error: incorrect parameter (code 1001)' });
      expect((await cli(['operators:reset-password', '999999'])).err).toContain('code 1008');
      expect((await cli(['operators:reset-password', 'abc'])).code).toBe(2);
    });
  });
});
