import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CSRF_HEADER } from '../../../src/core/contract/backoffice';
import { fillPath } from '../../../src/core/contract/endpoint';
import { AdminWithdrawalFreeze, AdminWithdrawalUnfreeze } from '../../../src/core/contract/withdrawals';
import { ADMIN_TOKEN, admin, createUser, signIn, type TestUser } from '../accounts/test-app';
import { buildApp } from '../app';
import { base32Decode } from '../auth';
import { totpAt } from '../auth';
import { appStorage, describeOnBackends, type TestDatabase } from '../db/testing';
import { submit } from '../deposits/deposits.testing';
import { maskEmail, maskPhone } from './mask';
import { signInOperatorAt } from './testing';
import { cliAgainst } from '../admin/testing';

describe('contact masks', () => {
  it.each([
    [null, null],
    ['jane.doe@example.com', 'j***@example.com'],
    ['a@b.c', 'a***@b.c'],
  ])('maskEmail(%s) = %s', (email, masked) => expect(maskEmail(email)).toBe(masked));
  it.each([
    [null, null, null],
    ['+15551234567', '1', '+1 ******4567'],
    ['+447700900123', '44', '+44 ******0123'],
    ['+4912', null, '+4912'],
  ])('maskPhone(%s, %s) = %s', (phone, area, masked) => expect(maskPhone(phone, area)).toBe(masked));
});

describeOnBackends('back office', { on: 'any' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let url: string;
  // A clock the test moves: each TOTP code is accepted once, so each sign-in takes the next 30 s step.
  let clock = Date.UTC(2026, 0, 5, 9, 0, 0);
  const now = () => clock;
  const nextStep = () => (clock += 30_000);

  interface Created {
    id: string;
    email: string;
    secret: string;
    password: string;
  }
  const created = new Map<string, Created>();

  const cli = cliAgainst(() => url, ADMIN_TOKEN);

  async function addOperator(email: string, roles: string): Promise<Created> {
    const result = await cli(['operators:add', email, '--roles', roles, '--json']);
    expect(result.code).toBe(0);
    const data = JSON.parse(result.out) as {
      operator: { id: string; email: string };
      totpSecret: string;
      password: string;
    };
    const operator = { id: data.operator.id, email, secret: data.totpSecret, password: data.password };
    created.set(email, operator);
    return operator;
  }

  const codeOf = (op: Created) => totpAt(base32Decode(op.secret), clock);

  function login(body: Record<string, unknown>, ip = '10.0.0.1') {
    return app.inject({ method: 'POST', url: '/admin/v1/operators/login', payload: body, remoteAddress: ip });
  }

  /** Signs in (choosing the operator's own password the first time) and answers the session cookie. */
  async function signInOperator(op: Created): Promise<string> {
    nextStep();
    return signInOperatorAt(app, op, clock, '10.0.0.1');
  }

  function asOperator(
    cookie: string,
    method: 'GET' | 'POST',
    path: string,
    options: { csrf?: boolean; body?: Record<string, unknown> } = {},
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method,
      url: path,
      headers: { cookie, ...(options.csrf === false ? {} : { [OPERATOR_CSRF_HEADER]: '1' }) },
      ...(method === 'POST' ? { payload: options.body ?? {} } : {}),
    });
  }

  let finance: Created;
  let support: Created;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildApp({
      ...appStorage(database),
      adminToken: ADMIN_TOKEN,
      modules: { market: false, broker: false },
      clock: { now },
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    finance = await addOperator('fin@ops.example', 'finance');
    support = await addOperator('help@ops.example', 'support');
    alice = await createUser(app, { email: 'alice.trader@example.com' });
    bob = await createUser(app, { email: 'bob.trader@example.com' });
    await admin(app, 'POST', `/admin/v1/users/${alice.uid}/credit`, { amount: '250.5', account: 'real' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  describe('operators through the admin CLI', () => {
    it('prints the one-time TOTP secret, password and otpauth URI, and records the change as the CLI', async () => {
      const result = await cli(['operators:add', 'Comp@Ops.example', '--roles', 'compliance,finance']);
      expect(result.code).toBe(0);
      expect(result.out).toMatch(
        /^Added operator \d+ <comp@ops\.example> with roles finance, compliance\.$/m,
      );
      expect(result.out).toMatch(/^Password \(shown once\): \S{24}$/m);
      expect(result.out).toMatch(/^TOTP secret \(shown once\): [A-Z2-7]{32}$/m);
      expect(result.out).toContain('otpauth://totp/TradeKit%20back%20office:comp%40ops.example?secret=');
      const [row] = (
        await app.db.query<{ actor: string; action: string; after: unknown }>(
          "select actor, action, after from audit_log where action = 'operator.add' order by id desc limit 1",
        )
      ).rows;
      expect(row).toEqual({
        actor: 'cli',
        action: 'operator.add',
        after: { roles: ['finance', 'compliance'], active: true },
      });
      // The secret is sealed at rest; the password is a hash.
      const stored = (
        await app.db.query<{ totp_sealed: string; password_hash: string }>(
          "select totp_sealed, password_hash from operators where email = 'comp@ops.example'",
        )
      ).rows[0];
      expect(result.out).not.toContain(stored?.totp_sealed);
      expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('takes the password from OPERATOR_PASSWORD and refuses a short one or a taken email', async () => {
      const chosen = await cli(['operators:add', 'own@ops.example', '--roles', 'support'], {
        OPERATOR_PASSWORD: 'a-long-chosen-passphrase',
      });
      expect(chosen.code).toBe(0);
      expect(chosen.out).not.toContain('Password (shown once)');
      const short = await cli(['operators:add', 'short@ops.example', '--roles', 'support'], {
        OPERATOR_PASSWORD: 'short',
      });
      expect(short).toMatchObject({ code: 1, err: 'error: incorrect parameter (code 1001)' });
      const again = await cli(['operators:add', 'OWN@ops.example', '--roles', 'finance']);
      expect(again).toMatchObject({ code: 1, err: 'error: account exists (code 1004)' });
    });

    it('refuses a chosen password that is common or has a brand or the email in it, naming the rule', async () => {
      for (const [email, password, rule] of [
        ['common@ops.example', 'LeaveMeAlone', 'common'],
        ['brand@ops.example', 'Tr4deKit-operator-desk', 'context'],
        ['margaret.ops@ops.example', 'margaret.ops-at-the-desk', 'context'],
      ] as const) {
        const refused = await cli(['operators:add', email, '--roles', 'support'], {
          OPERATOR_PASSWORD: password,
        });
        expect(refused, password).toMatchObject({ code: 1, err: `error: password: ${rule} (code 1001)` });
      }
      const listed = await cli(['operators:list']);
      expect(listed.out).not.toMatch(/common@|brand@|margaret\.ops@/);
    });

    it('refuses unknown roles and a missing email as usage errors', async () => {
      expect((await cli(['operators:add', 'x@ops.example', '--roles', 'root'])).code).toBe(2);
      expect((await cli(['operators:add', 'x@ops.example'])).code).toBe(2);
      expect((await cli(['operators:add', '--roles', 'finance'])).code).toBe(2);
      expect((await cli(['operators:disable', 'abc'])).code).toBe(2);
    });

    it('lists operators as a table', async () => {
      const result = await cli(['operators:list']);
      expect(result.code).toBe(0);
      expect(result.out).toMatch(/^ID\s+EMAIL\s+NAME\s+ROLES\s+ACTIVE\s+LAST SIGN-IN/);
      expect(result.out).toMatch(/fin@ops\.example\s+fin\s+finance\s+yes/);
    });
  });

  describe('sign-in', () => {
    it('signs in with password and TOTP code: an HttpOnly SameSite=Strict cookie, then /me', async () => {
      nextStep();
      const response = await login({
        email: 'FIN@ops.example',
        password: finance.password,
        code: codeOf(finance),
      });
      const body = response.json();
      expect(body).toMatchObject({
        code: 0,
        data: { operator: { email: 'fin@ops.example', roles: ['finance'] } },
      });
      expect(body.data.expiresAt).toBe(clock + 8 * 3600_000);
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(
        /^tk_operator=[A-Za-z0-9_-]{43}; Path=\/admin\/v1; HttpOnly; SameSite=Strict; Max-Age=28800$/,
      );
      const me = await asOperator(cookie.split(';')[0] as string, 'GET', '/admin/v1/operators/me');
      expect(me.json()).toMatchObject({
        code: 0,
        data: { operator: { id: finance.id, roles: ['finance'] } },
      });
      const audit = await app.db.query<{ action: string; actor: string }>(
        "select action, actor from audit_log where object_kind = 'operator' and object_id = $1 and action = 'operator.sign_in'",
        [finance.id],
      );
      expect(audit.rows[0]).toEqual({ action: 'operator.sign_in', actor: `operator:${finance.id}` });
    });

    it('answers a wrong password and an unknown email with the same 1108, a wrong or reused code with 1020', async () => {
      nextStep();
      const code = codeOf(support);
      const wrongCode = code === '000000' ? '111111' : '000000';
      const credentials = [
        await login({ email: support.email, password: 'not-the-password', code }, '10.0.1.1'),
        await login({ email: 'nobody@ops.example', password: support.password, code }, '10.0.1.3'),
        // A wrong password with a wrong code still tells nothing about the code.
        await login({ email: support.email, password: 'not-the-password', code: wrongCode }, '10.0.1.6'),
      ];
      const codes = [
        await login({ email: support.email, password: support.password, code: wrongCode }, '10.0.1.2'),
      ];
      expect(
        (await login({ email: support.email, password: support.password, code }, '10.0.1.4')).json().code,
      ).toBe(0);
      codes.push(await login({ email: support.email, password: support.password, code }, '10.0.1.5'));
      for (const answer of credentials) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ code: 1108, msg: 'incorrect account or password', data: null });
        expect(answer.headers['set-cookie']).toBeUndefined();
      }
      for (const answer of codes) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ code: 1020, msg: 'invalid verification code', data: null });
        expect(answer.headers['set-cookie']).toBeUndefined();
      }
      const failed = await app.db.query(
        "select 1 from audit_log where action = 'operator.sign_in_failed' and object_id = $1",
        [support.id],
      );
      expect(failed.rows.length).toBe(4);
    });

    it('answers 1001 without a code or with a malformed one (never HTTP 500)', async () => {
      for (const body of [
        { email: finance.email, password: finance.password },
        { email: finance.email, password: finance.password, code: '12345' },
        { email: 'not-an-email', password: 'x', code: '123456' },
      ]) {
        const answer = await login(body);
        expect(answer.statusCode).toBe(200);
        expect(answer.json().code).toBe(1001);
      }
    });

    it('rate limits failed sign-ins per email and address: after 5, that address answers 1110, not another', async () => {
      const op = await addOperator('limited@ops.example', 'support');
      for (let i = 0; i < 5; i += 1) {
        expect(
          (await login({ email: op.email, password: 'wrong-password', code: '123456' }, '10.0.2.1')).json()
            .code,
        ).toBe(1108);
      }
      nextStep();
      const blocked = await login({ email: op.email, password: op.password, code: codeOf(op) }, '10.0.2.1');
      expect(blocked.json().code).toBe(1110);
      // Decisions HA4–HA6: failures from one address never stop the operator's own address.
      const own = await login({ email: op.email, password: op.password, code: codeOf(op) }, '10.0.2.99');
      expect(own.json().code).toBe(0);
      clock += 15 * 60_000;
      nextStep();
      expect(
        (await login({ email: op.email, password: op.password, code: codeOf(op) }, '10.0.2.1')).json().code,
      ).toBe(0);
    });
  });

  describe('the admin guard', () => {
    it('still admits the admin token on every admin endpoint', async () => {
      expect((await admin(app, 'GET', '/admin/v1/health')).json().code).toBe(0);
      expect((await admin(app, 'GET', `/admin/v1/users/${alice.uid}/ledger`)).json().code).toBe(0);
      expect((await admin(app, 'GET', '/admin/v1/audit')).json().code).toBe(0);
    });

    it('answers the admin token, which is no operator, HTTP 401 on /operators/me and /operators/logout', async () => {
      for (const [method, path] of [
        ['GET', '/admin/v1/operators/me'],
        ['POST', '/admin/v1/operators/logout'],
      ] as const) {
        const answer = await admin(app, method, path, method === 'POST' ? {} : undefined);
        expect(answer.statusCode).toBe(401);
        expect(answer.json()).toMatchObject({ code: 400, data: null });
      }
    });

    it('answers HTTP 401 without a token or session, and for a forged or expired session', async () => {
      const none = await app.inject({ method: 'GET', url: '/admin/v1/audit' });
      expect(none.statusCode).toBe(401);
      expect(none.json().code).toBe(400);
      const forged = await asOperator(`tk_operator=${'A'.repeat(43)}`, 'GET', '/admin/v1/audit');
      expect(forged.statusCode).toBe(401);
      const cookie = await signInOperator(finance);
      clock += 8 * 3600_000 + 1;
      expect((await asOperator(cookie, 'GET', '/admin/v1/audit')).statusCode).toBe(401);
    });

    it('refuses an operator whose roles the endpoint does not list with HTTP 403, 1086', async () => {
      const cookie = await signInOperator(support);
      for (const path of [`/admin/v1/users/${alice.uid}/ledger`, '/admin/v1/users', '/admin/v1/operators']) {
        const answer = await asOperator(cookie, 'GET', path);
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toEqual({ code: 1086, msg: 'UNKNOWN_OPERATE', data: null });
      }
      expect((await asOperator(cookie, 'GET', '/admin/v1/audit')).json().code).toBe(0);
      // Beside a conversation support reads the summary and the open positions (issue #21, SS10).
      for (const kind of ['summary', 'positions'])
        expect((await asOperator(cookie, 'GET', `/admin/v1/users/${alice.uid}/${kind}`)).json().code).toBe(0);
      // Admin-token-only writes stay closed to operators too.
      const credit = await asOperator(cookie, 'POST', `/admin/v1/users/${alice.uid}/credit`, {
        body: { amount: '1', account: 'real' },
      });
      expect(credit.statusCode).toBe(403);
    });

    it("lets finance review the queues and see a deposit's proof image, which support may not", async () => {
      const token = await signIn(app, bob.id);
      const submitted = (
        await submit(app, token, { coinId: 1, amt: '1000', locale: 'en', agreement: true })
      ).json();
      expect(submitted.code).toBe(0);
      const cookie = await signInOperator(finance);
      const list = (await asOperator(cookie, 'GET', '/admin/v1/deposits?status=waiting')).json();
      const item = list.data.list.find((d: { id: string }) => d.id === submitted.data.id);
      expect(item).toMatchObject({ userUid: bob.uid, uid: submitted.data.uid, amount: '1000.00' });
      const image = await asOperator(cookie, 'GET', item.proofUrl);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect((await asOperator(cookie, 'GET', '/admin/v1/withdrawals?status=waiting')).json().code).toBe(0);
      const refused = await asOperator(await signInOperator(support), 'GET', item.proofUrl);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(1086);
    });

    it('lets compliance read the user summary and the audit log, not the ledger or positions', async () => {
      const cookie = await signInOperator(await addOperator('kyc@ops.example', 'compliance'));
      expect((await asOperator(cookie, 'GET', `/admin/v1/users/${alice.uid}/summary`)).json().code).toBe(0);
      expect((await asOperator(cookie, 'GET', '/admin/v1/audit')).json().code).toBe(0);
      expect((await asOperator(cookie, 'GET', `/admin/v1/users/${alice.uid}/ledger`)).statusCode).toBe(403);
      expect((await asOperator(cookie, 'GET', `/admin/v1/users/${alice.uid}/positions`)).statusCode).toBe(
        403,
      );
    });

    it("lets compliance and finance freeze a user's withdrawals, not support, and the summary shows it", async () => {
      const path = (declared: { path: string }) => `/admin/v1/${fillPath(declared.path, { uid: bob.uid })}`;
      const body = { reason: 'Source of funds requested' };
      const helpdesk = await signInOperator(support);
      const refused = await asOperator(helpdesk, 'POST', path(AdminWithdrawalFreeze), { body });
      expect(refused.statusCode).toBe(403);
      const compliance = await signInOperator(await addOperator('aml@ops.example', 'compliance'));
      const frozen = await asOperator(compliance, 'POST', path(AdminWithdrawalFreeze), { body });
      expect(frozen.json()).toMatchObject({ code: 0, data: { uid: bob.uid, frozen: true } });
      const summary = await asOperator(compliance, 'GET', `/admin/v1/users/${bob.uid}/summary`);
      expect(summary.json().data.withdrawalFrozen).toBe(true);
      const audit = await asOperator(
        compliance,
        'GET',
        `/admin/v1/audit?objectKind=user&objectId=${bob.uid}`,
      );
      // Newest first: the summary read (every view of a user's data is audited, UL3), then the freeze.
      expect(audit.json().data.list.slice(0, 2)).toMatchObject([
        { actorEmail: 'aml@ops.example', action: 'user.view_summary' },
        { actorEmail: 'aml@ops.example', action: 'withdrawals.freeze', reason: body.reason },
      ]);
      const cash = await signInOperator(finance);
      expect(
        (await asOperator(cash, 'POST', path(AdminWithdrawalUnfreeze), { body, csrf: false })).statusCode,
      ).toBe(403);
      const unfrozen = await asOperator(cash, 'POST', path(AdminWithdrawalUnfreeze), { body });
      expect(unfrozen.json()).toMatchObject({ code: 0, data: { uid: bob.uid, frozen: false } });
    });

    it('requires the CSRF header on a state-changing call, then signs out', async () => {
      const cookie = await signInOperator(finance);
      const bare = await asOperator(cookie, 'POST', '/admin/v1/operators/logout', { csrf: false });
      expect(bare.statusCode).toBe(403);
      const out = await asOperator(cookie, 'POST', '/admin/v1/operators/logout');
      expect(out.json()).toEqual({ code: 0, msg: 'success', data: {} });
      expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
      expect((await asOperator(cookie, 'GET', '/admin/v1/operators/me')).statusCode).toBe(401);
    });

    it('ends the sessions of a disabled operator, who can no longer sign in', async () => {
      const op = await addOperator('leaver@ops.example', 'finance');
      const cookie = await signInOperator(op);
      expect((await asOperator(cookie, 'GET', '/admin/v1/operators/me')).json().code).toBe(0);
      const disabled = await cli(['operators:disable', op.id]);
      expect(disabled).toMatchObject({
        code: 0,
        out: `Disabled operator ${op.id} <leaver@ops.example>; their sessions are ended.`,
      });
      expect((await cli(['operators:disable', op.id])).err).toContain('code 1017');
      expect((await cli(['operators:disable', '999999'])).err).toContain('code 1008');
      expect((await asOperator(cookie, 'GET', '/admin/v1/operators/me')).statusCode).toBe(401);
      nextStep();
      expect((await login({ email: op.email, password: op.password, code: codeOf(op) })).json().code).toBe(
        1108,
      );
    });
  });

  describe('side panel reads', () => {
    let cookie: string;
    beforeAll(async () => {
      cookie = await signInOperator(finance);
      const [account] = (
        await app.db.query<{ id: string }>(
          "select id from ledger_accounts where user_id = $1 and kind = 'real'",
          [alice.id],
        )
      ).rows;
      await app.db.query(
        `insert into orders (uid, user_id, virtual, trade_pair, product_name, order_type, buy_point, position_status,
           opening_price, order_quantity, contract_size, multiple, margin, order_time, brand_id)
         values ('BO-OPEN-1', $1, false, 'EURUSD', 'EUR/USD', 0, 2, 2, 1.1, 0.1, 100000, 100, 110, 1, 'tradekit'),
                ('BO-DEMO-1', $1, true, 'EURUSD', 'EUR/USD', 1, 2, 2, 1.1, 0.1, 100000, 100, 110, 2, 'tradekit')`,
        [alice.id],
      );
      expect(account).toBeDefined();
    });

    it("answers a user's summary with the contact masked and the money totals", async () => {
      const answer = (await asOperator(cookie, 'GET', `/admin/v1/users/${alice.uid}/summary`)).json();
      expect(answer).toMatchObject({
        code: 0,
        data: {
          uid: alice.uid,
          brandId: 'tradekit',
          email: 'a***@example.com',
          phone: null,
          blocked: false,
          withdrawalFrozen: false,
          balance: '250.5',
          lockMargin: '0',
          approvedDeposits: '0',
          paidWithdrawals: '0',
          waitingWithdrawal: '0',
          loan: null,
        },
      });
      expect(JSON.stringify(answer)).not.toContain('alice.trader');
    });

    it("answers only the named user's ledger postings, newest first, paged", async () => {
      const mine = (await asOperator(cookie, 'GET', `/admin/v1/users/${alice.uid}/ledger?pageSize=1`)).json();
      expect(mine.data).toMatchObject({ page: 1, pageSize: 1, total: 1 });
      expect(mine.data.list[0]).toMatchObject({ kind: 'credit', bucket: 'balance', amount: '250.5' });
      const theirs = (await asOperator(cookie, 'GET', `/admin/v1/users/${bob.uid}/ledger`)).json();
      expect(theirs.data).toEqual({ list: [], page: 1, pageSize: 20, total: 0 });
    });

    it('answers only the real open orders of the named user', async () => {
      const mine = (await asOperator(cookie, 'GET', `/admin/v1/users/${alice.uid}/positions`)).json();
      expect(mine.data.orders).toEqual([
        expect.objectContaining({ uid: 'BO-OPEN-1', tradePair: 'EURUSD', margin: '110', positionStatus: 2 }),
      ]);
      expect(mine.data.options).toEqual([]);
      const theirs = (await asOperator(cookie, 'GET', `/admin/v1/users/${bob.uid}/positions`)).json();
      expect(theirs.data).toEqual({ orders: [], options: [] });
    });

    it('answers 1002 for an unknown uid and 1001 for a malformed one', async () => {
      for (const kind of ['summary', 'ledger', 'positions']) {
        expect((await asOperator(cookie, 'GET', `/admin/v1/users/99999999/${kind}`)).json().code).toBe(1002);
        const bad = await asOperator(cookie, 'GET', `/admin/v1/users/a-b/${kind}`);
        expect(bad.statusCode).toBe(200);
        expect(bad.json().code).toBe(1001);
      }
      expect(
        (await asOperator(cookie, 'GET', `/admin/v1/users/${alice.uid}/ledger?page=0`)).json().code,
      ).toBe(1001);
    });
  });

  describe('the audit log', () => {
    it('lists rows newest first with the operator email, filtered by object and actor', async () => {
      const cookie = await signInOperator(support);
      const all = (await asOperator(cookie, 'GET', '/admin/v1/audit?pageSize=5')).json();
      expect(all.code).toBe(0);
      expect(all.data.list).toHaveLength(5);
      expect(all.data.list[0]).toMatchObject({
        action: 'operator.sign_in',
        actor: `operator:${support.id}`,
        actorEmail: support.email,
        objectKind: 'operator',
        objectId: support.id,
      });
      const ids = all.data.list.map((row: { id: string }) => Number(row.id));
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
      const finance_ = (
        await asOperator(
          cookie,
          'GET',
          `/admin/v1/audit?objectKind=operator&objectId=${finance.id}&pageSize=100`,
        )
      ).json();
      expect(finance_.data.total).toBeGreaterThan(0);
      expect(finance_.data.list.every((row: { objectId: string }) => row.objectId === finance.id)).toBe(true);
      const byCli = (await asOperator(cookie, 'GET', '/admin/v1/audit?actor=cli&pageSize=100')).json();
      expect(byCli.data.list.map((row: { action: string }) => row.action)).toContain('operator.disable');
      expect(
        byCli.data.list.every(
          (row: { actor: string; actorEmail: null }) => row.actor === 'cli' && row.actorEmail === null,
        ),
      ).toBe(true);
    });
  });
});
