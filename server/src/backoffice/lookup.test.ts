/**
 * Issue #26 item 12: operators find a user by an exact uid, email or phone and read what the trader sees,
 * read-only; who may do what; every lookup and view audited; bad input refused with 1001, never a 500; no
 * personal data in the server's log lines. On PGlite and PostgreSQL (the SQL of the view is dialect-sensitive).
 */
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CSRF_HEADER } from '../../../src/core/contract/backoffice';
import { LOOKUP_QUERY_MAX, readLookupQuery } from '../../../src/core/contract/user-lookup';
import { ADMIN_TOKEN, admin, createUser, signIn, type TestUser } from '../accounts/test-app';
import { buildApp } from '../app';
import { appStorage, describeOnBackends, type TestDatabase } from '../db/testing';
import { submit } from '../deposits/deposits.testing';
import { signInOperatorAt } from './testing';

describe('readLookupQuery', () => {
  it.each([
    ['12345678', { by: 'uid', value: '12345678' }],
    [' Jane.Doe@Example.COM ', { by: 'email', value: 'jane.doe@example.com' }],
    ['+1 555 123-4567', { by: 'phone', value: '+15551234567' }],
    ['(555) 123.4567', { by: 'phone', value: '+5551234567' }],
    ['+12345678', { by: 'phone', value: '+12345678' }],
    ['jane', null],
    ['@example.com', null],
    ['a@b@c', null],
    ['01234567', null],
    ['12345', null],
    ['%', null],
    ['', null],
  ])('%j → %j', (query, key) => expect(readLookupQuery(query)).toEqual(key));
});

const LOOKUP = '/admin/v1/users/lookup';

describeOnBackends('the user lookup', { on: 'both' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock = Date.UTC(2026, 0, 5, 9, 0, 0);
  const logLines: string[] = [];
  const cookies: Record<string, string> = {};
  const operatorIds: Record<string, string> = {};
  let alice: TestUser;
  let dial: TestUser;

  async function operator(role: 'finance' | 'compliance' | 'support'): Promise<string> {
    const email = `${role}@lookup.example`;
    const added = (await admin(app, 'POST', '/admin/v1/operators', { email, roles: [role] })).json().data as {
      operator: { id: string };
      totpSecret: string;
      password: string;
    };
    clock += 30_000;
    operatorIds[role] = added.operator.id;
    return signInOperatorAt(app, { email, password: added.password, secret: added.totpSecret }, clock);
  }

  function call(
    role: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method,
      url,
      headers: { cookie: cookies[role] as string, [OPERATOR_CSRF_HEADER]: '1' },
      ...(method === 'POST' ? { payload: (payload ?? {}) as Record<string, unknown> } : {}),
    });
  }
  const lookup = (role: string, query: unknown) => call(role, 'POST', LOOKUP, { query });
  const lastAuditId = async () =>
    Number(
      (await app.db.query<{ n: string }>('select coalesce(max(id), 0)::text as n from audit_log')).rows[0]?.n,
    );
  const auditSince = async (id: number) =>
    (
      await app.db.query<{
        actor: string;
        action: string;
        object_kind: string;
        object_id: string;
        after: unknown;
      }>('select actor, action, object_kind, object_id, after from audit_log where id > $1 order by id', [id])
    ).rows;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildApp({
      ...appStorage(database),
      adminToken: ADMIN_TOKEN,
      modules: { market: false, broker: false },
      clock: { now: () => clock },
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      },
    });
    for (const role of ['finance', 'compliance', 'support'] as const) cookies[role] = await operator(role);
    alice = await createUser(app, { email: 'alice.lookup@example.com' });
    dial = await createUser(app, { registerType: 'P' });
    await admin(app, 'POST', `/admin/v1/users/${alice.uid}/credit`, { amount: '250.5', account: 'real' });
    const token = await signIn(app, alice.id);
    const deposit = (
      await submit(app, token, { coinId: 1, amt: '1000', locale: 'en', agreement: true })
    ).json();
    expect(deposit.code, JSON.stringify(deposit)).toBe(0);
    await app.db.query(
      `insert into orders (uid, user_id, virtual, trade_pair, product_name, order_type, buy_point, position_status,
         opening_price, closing_price, order_quantity, contract_size, multiple, margin, profit_loss, close_reason,
         order_time, closing_time, brand_id)
       values ('LK-OPEN-1', $1, false, 'EURUSD', 'EUR/USD', 0, 2, 2, 1.1, null, 0.1, 100000, 100, 110, 0, null,
               1000, null, 'tradekit'),
              ('LK-SHUT-1', $1, false, 'EURUSD', 'EUR/USD', 1, 2, 3, 1.1, 1.09, 0.1, 100000, 100, 110, 12.5,
               'take_profit', 2000, 3000, 'tradekit'),
              ('LK-DEMO-1', $1, true, 'EURUSD', 'EUR/USD', 1, 2, 3, 1.1, 1.2, 0.1, 100000, 100, 110, -100,
               'manual', 2000, 4000, 'tradekit')`,
      [alice.id],
    );
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  describe('finding a user', () => {
    it('finds by exact uid, email in any case and phone as typed, contacts masked', async () => {
      const byUid = (await lookup('support', alice.uid)).json();
      expect(byUid).toMatchObject({ code: 0, data: { by: 'uid', list: [{ uid: alice.uid }] } });
      expect(byUid.data.list[0]).toEqual({
        uid: alice.uid,
        brandId: 'tradekit',
        email: 'a***@example.com',
        phone: null,
        registeredAt: expect.any(Number),
        blocked: false,
        withdrawalFrozen: false,
      });
      const byEmail = (await lookup('support', '  Alice.Lookup@EXAMPLE.com ')).json();
      expect(byEmail.data).toMatchObject({ by: 'email', list: [{ uid: alice.uid }] });
      const phone = dial.phone as string;
      const typed = `${phone.slice(0, 2)} ${phone.slice(2, 5)}-${phone.slice(5)}`;
      const byPhone = (await lookup('support', typed)).json();
      expect(byPhone.data).toMatchObject({ by: 'phone', list: [{ uid: dial.uid, email: null }] });
      expect(byPhone.data.list[0].phone).toBe(`+1 ******${phone.slice(-4)}`);
      expect(JSON.stringify([byUid, byEmail, byPhone])).not.toMatch(/alice\.lookup|\+1555\d{7}/);
    });

    it('matches nothing but the whole value: a part of an email or phone finds no one', async () => {
      for (const query of [
        'alice.lookup@example',
        'lice.lookup@example.com',
        (dial.phone as string).slice(0, -1),
      ])
        expect((await lookup('finance', query)).json()).toMatchObject({ code: 0, data: { list: [] } });
    });

    it('refuses a query that is no uid, email or phone, too long or with control characters, with 1001', async () => {
      const before = await lastAuditId();
      for (const query of [
        'alice',
        '%',
        '',
        'a\u0000@example.com',
        'alice\n@example.com',
        `${'a'.repeat(LOOKUP_QUERY_MAX)}@x.io`,
        42,
        null,
      ]) {
        const answer = await lookup('support', query);
        expect(answer.statusCode, JSON.stringify(query)).toBe(200);
        expect(answer.json().code, JSON.stringify(query)).toBe(1001);
      }
      const missing = await call('support', 'POST', LOOKUP, {});
      expect(missing.json().code).toBe(1001);
      expect(await auditSince(before)).toEqual([]);
    });

    it('writes one audit row per lookup: the operator, the query masked and the uids found', async () => {
      const before = await lastAuditId();
      await lookup('compliance', 'alice.lookup@example.com');
      await lookup('support', '99999999');
      expect(await auditSince(before)).toEqual([
        {
          actor: `operator:${operatorIds.compliance}`,
          action: 'user.lookup',
          object_kind: 'user_lookup',
          object_id: 'email',
          after: { query: 'a***@example.com', found: [alice.uid] },
        },
        {
          actor: `operator:${operatorIds.support}`,
          action: 'user.lookup',
          object_kind: 'user_lookup',
          object_id: 'uid',
          after: { query: '99999999', found: [] },
        },
      ]);
    });

    it('admits every operator role and the admin token; no session is HTTP 401, no CSRF header 403', async () => {
      for (const role of ['finance', 'compliance', 'support'])
        expect((await lookup(role, alice.uid)).json().code).toBe(0);
      expect((await admin(app, 'POST', LOOKUP, { query: alice.uid })).json().code).toBe(0);
      expect(
        (await app.inject({ method: 'POST', url: LOOKUP, payload: { query: alice.uid } })).statusCode,
      ).toBe(401);
      const bare = await app.inject({
        method: 'POST',
        url: LOOKUP,
        headers: { cookie: cookies.support as string },
        payload: { query: alice.uid },
      });
      expect(bare.statusCode).toBe(403);
    });
  });

  describe('what the trader sees', () => {
    it('answers every account, open positions, finished trades of the real account and cash records', async () => {
      const answer = (await call('support', 'GET', `/admin/v1/users/${alice.uid}/view`)).json();
      expect(answer.code).toBe(0);
      const view = answer.data;
      expect(view.user).toMatchObject({ uid: alice.uid, email: 'a***@example.com' });
      expect(view.accounts).toContainEqual({
        kind: 'real',
        currency: 'USD',
        balance: '250.5',
        lockMargin: '0',
      });
      expect(view.accounts[0].kind).toBe('real');
      expect(view.orders).toEqual([expect.objectContaining({ uid: 'LK-OPEN-1', margin: '110' })]);
      expect(view.options).toEqual([]);
      expect(view.history).toEqual([
        {
          kind: 'order',
          uid: 'LK-SHUT-1',
          tradePair: 'EURUSD',
          orderType: 1,
          amount: '110',
          result: '12.5',
          closeReason: 'take_profit',
          closedAt: 3000,
        },
      ]);
      expect(view.cash).toEqual([
        expect.objectContaining({
          type: 'deposit',
          method: 'crypto',
          amount: '1000',
          state: 'waiting',
          reason: '',
        }),
      ]);
      expect(JSON.stringify(answer)).not.toContain('alice.lookup');
      expect((await call('support', 'GET', `/admin/v1/users/${dial.uid}/view`)).json().data).toMatchObject({
        orders: [],
        history: [],
        cash: [],
      });
    });

    it('writes one user.view row per view; an unknown or malformed uid is refused and records nothing', async () => {
      const before = await lastAuditId();
      await call('finance', 'GET', `/admin/v1/users/${alice.uid}/view`);
      const unknown = await call('support', 'GET', '/admin/v1/users/99999999/view');
      expect(unknown.json().code).toBe(1002);
      const malformed = await call('support', 'GET', '/admin/v1/users/a-b/view');
      expect([malformed.statusCode, malformed.json().code]).toEqual([200, 1001]);
      expect(await auditSince(before)).toEqual([
        {
          actor: `operator:${operatorIds.finance}`,
          action: 'user.view',
          object_kind: 'user',
          object_id: alice.uid,
          after: null,
        },
      ]);
    });

    it("audits the side panel's reads too; support reads the summary and positions, not the ledger, and cannot freeze", async () => {
      const before = await lastAuditId();
      for (const kind of ['summary', 'ledger', 'positions'])
        expect((await call('finance', 'GET', `/admin/v1/users/${alice.uid}/${kind}`)).json().code).toBe(0);
      expect((await auditSince(before)).map((row) => [row.action, row.object_id])).toEqual([
        ['user.view_summary', alice.uid],
        ['user.view_ledger', alice.uid],
        ['user.view_positions', alice.uid],
      ]);
      const after = await lastAuditId();
      for (const kind of ['summary', 'positions'])
        expect((await call('support', 'GET', `/admin/v1/users/${alice.uid}/${kind}`)).json().code).toBe(0);
      expect((await auditSince(after)).map((row) => [row.action, row.object_id])).toEqual([
        ['user.view_summary', alice.uid],
        ['user.view_positions', alice.uid],
      ]);
      const refused = await lastAuditId();
      expect((await call('support', 'GET', `/admin/v1/users/${alice.uid}/ledger`)).statusCode).toBe(403);
      const freeze = await call('support', 'POST', `/admin/v1/users/${alice.uid}/withdrawals/freeze`, {
        reason: 'Asked by phone',
      });
      expect([freeze.statusCode, freeze.json().code]).toEqual([403, 1086]);
      expect(await auditSince(refused)).toEqual([]);
    });
  });

  it('writes no email or phone of a user to the log', async () => {
    const lines = logLines.join('');
    expect(lines).toContain('/admin/v1/users/lookup');
    expect(lines).not.toMatch(/alice\.lookup|lookup%40|\+1555|%2B1555/i);
    expect(lines).not.toContain((dial.phone as string).slice(1));
  });
});
