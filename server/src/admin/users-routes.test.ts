import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, buildAccountsApp, createUser, post, signIn, type TestUser } from '../accounts/test-app';
import { checkLedger } from '../ledger';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildAccountsApp();
});
afterAll(() => app?.close());

const credit = (uid: string, body: Record<string, unknown>) =>
  admin(app, 'POST', `/admin/v1/users/${uid}/credit`, body);

describe('GET /admin/v1/users', () => {
  let grace: TestUser;
  let phone: TestUser;

  beforeAll(async () => {
    grace = await createUser(app, { nickname: 'Grace_Hopper', email: 'grace@navy.example' });
    phone = await createUser(app, { registerType: 'P', nickname: 'Dial' });
    await credit(grace.uid, { amount: '42', account: 'real' });
  });

  it('refuses a request without the admin token with HTTP 401', async () => {
    expect((await app.inject({ method: 'GET', url: '/admin/v1/users' })).statusCode).toBe(401);
    const user = await signIn(app, grace.id);
    const asUser = await app.inject({
      method: 'GET',
      url: '/admin/v1/users',
      headers: { authorization: `Bearer ${user}` },
    });
    expect(asUser.statusCode).toBe(401);
  });

  it('lists users newest first with both account balances', async () => {
    const body = (await admin(app, 'GET', '/admin/v1/users')).json();
    expect(body.code).toBe(0);
    expect(body.data.total).toBeGreaterThanOrEqual(2);
    expect(body.data.list[0].uid).toBe(phone.uid);
    const row = body.data.list.find((r: { uid: string }) => r.uid === grace.uid);
    expect(row).toMatchObject({
      email: 'grace@navy.example',
      nickname: 'Grace_Hopper',
      registerType: 'E',
      brandId: 'tradekit',
      blocked: false,
      real: { balanceAmount: '42.00', lockMargin: '0.00' },
      demo: null,
    });
  });

  it.each([
    ['an exact uid', () => grace.uid, () => [grace.uid]],
    ['a part of an email, in any case', () => 'NAVY.EX', () => [grace.uid]],
    ['a part of a phone number', () => (phone.phone as string).slice(2, 9), () => [phone.uid]],
    ['a part of a nickname', () => 'hopper', () => [grace.uid]],
    ['an underscore taken literally', () => 'e_h', () => [grace.uid]],
    ['a percent sign taken literally', () => '%', () => []],
  ])('searches by %s', async (_name, query, expected) => {
    const res = await admin(app, 'GET', `/admin/v1/users?query=${encodeURIComponent(query())}`);
    expect(res.json().data.list.map((r: { uid: string }) => r.uid)).toEqual(expected());
  });

  it('pages the list with the total of all matches', async () => {
    for (let i = 0; i < 3; i += 1) await createUser(app);
    const first = (await admin(app, 'GET', '/admin/v1/users?page=1&pageSize=2')).json().data;
    const second = (await admin(app, 'GET', '/admin/v1/users?page=2&pageSize=2')).json().data;
    expect(first.list).toHaveLength(2);
    expect(second.list).toHaveLength(2);
    expect(second.total).toBe(first.total);
    expect(new Set([...first.list, ...second.list].map((r: { uid: string }) => r.uid)).size).toBe(4);
    const beyond = (await admin(app, 'GET', '/admin/v1/users?page=999')).json().data;
    expect(beyond).toMatchObject({ list: [], total: first.total });
  });

  it('refuses a page size above 100 with 1001', async () => {
    expect((await admin(app, 'GET', '/admin/v1/users?pageSize=101')).json().code).toBe(1001);
  });
});

describe('POST /admin/v1/users/:uid/block', () => {
  it('blocks the user, ends every session (telling listeners) and answers 1044 to the next call', async () => {
    const user = await createUser(app);
    const tokens = [await signIn(app, user.id), await signIn(app, user.id)];
    // Used a moment before: the passed session checks are remembered, and the block must still act at once.
    for (const token of tokens) expect((await post(app, token, '/v1/waa/user/info')).json().code).toBe(0);
    const events: Array<{ userId: string; sessionIds: string[] }> = [];
    const stop = app.auth.onRevoke((event) => events.push(event));
    const res = await admin(app, 'POST', `/admin/v1/users/${user.uid}/block`);
    stop();
    expect(res.json()).toEqual({
      code: 0,
      msg: 'success',
      data: { uid: user.uid, blocked: true, revokedSessions: 2 },
    });
    expect(events).toEqual([expect.objectContaining({ userId: user.id, sessionIds: expect.any(Array) })]);
    expect(events[0]?.sessionIds).toHaveLength(2);
    for (const token of tokens) expect((await post(app, token, '/v1/waa/user/info')).json().code).toBe(1044);
    const listed = (await admin(app, 'GET', `/admin/v1/users?query=${user.uid}`)).json().data.list[0];
    expect(listed.blocked).toBe(true);
  });

  it('answers 1002 for an unknown uid', async () => {
    expect((await admin(app, 'POST', '/admin/v1/users/99999999/block')).json().code).toBe(1002);
  });
});

describe('POST /admin/v1/users/:uid/sessions/end and /admin/v1/sessions/end-all (ASVS 7.4.5)', () => {
  it('signs one user out everywhere, telling listeners, and leaves them free to sign in again', async () => {
    const user = await createUser(app);
    const bystander = await signIn(app, (await createUser(app)).id);
    const tokens = [await signIn(app, user.id), await signIn(app, user.id)];
    for (const token of tokens) expect((await post(app, token, '/v1/waa/user/info')).json().code).toBe(0);
    const events: Array<{ userId: string; sessionIds: string[] }> = [];
    const stop = app.auth.onRevoke((event) => events.push(event));
    const res = await admin(app, 'POST', `/admin/v1/users/${user.uid}/sessions/end`);
    stop();
    expect(res.json()).toEqual({ code: 0, msg: 'success', data: { uid: user.uid, ended: 2 } });
    expect(events).toEqual([{ userId: user.id, sessionIds: expect.any(Array), reason: 'admin' }]);
    for (const token of tokens) expect((await post(app, token, '/v1/waa/user/info')).json().code).toBe(23519);
    expect((await post(app, bystander, '/v1/waa/user/info')).json().code).toBe(0);
    expect((await post(app, await signIn(app, user.id), '/v1/waa/user/info')).json().code).toBe(0);
    expect((await admin(app, 'POST', '/admin/v1/users/99999999/sessions/end')).json().code).toBe(1002);
  });

  it('signs every trader out, each user’s listeners told once, and keeps the reason in the audit log', async () => {
    const [a, b] = [await createUser(app), await createUser(app)];
    const tokens = [await signIn(app, a.id), await signIn(app, a.id), await signIn(app, b.id)];
    const events: Array<{ userId: string; sessionIds: string[] }> = [];
    const stop = app.auth.onRevoke((event) => events.push(event));
    const res = await admin(app, 'POST', '/admin/v1/sessions/end-all', { reason: 'suspected token leak' });
    stop();
    const { ended, users } = res.json().data as { ended: number; users: number };
    // Every live session of the file's app ended, these three among them.
    expect(ended).toBeGreaterThanOrEqual(3);
    expect(events.map((e) => e.userId).sort()).toHaveLength(users);
    expect(new Set(events.map((e) => e.userId)).size).toBe(users);
    expect(events.find((e) => e.userId === a.id)?.sessionIds).toHaveLength(2);
    expect(events.reduce((n, e) => n + e.sessionIds.length, 0)).toBe(ended);
    for (const token of tokens) expect((await post(app, token, '/v1/waa/user/info')).json().code).toBe(23519);
    const { rows } = await app.db.query<{ after: unknown }>(
      `select after from audit_log where action = 'sessions.end_all' order by id desc limit 1`,
    );
    const after = rows[0]?.after;
    expect(typeof after === 'string' ? JSON.parse(after) : after).toEqual({
      ended,
      users,
      reason: 'suspected token leak',
    });
    // Nothing left to end.
    const again = await admin(app, 'POST', '/admin/v1/sessions/end-all', { reason: 'once more' });
    expect(again.json().data).toEqual({ ended: 0, users: 0 });
    expect((await admin(app, 'POST', '/admin/v1/sessions/end-all', { reason: '' })).json().code).toBe(1001);
  });
});

describe('POST /admin/v1/users/:uid/unblock', () => {
  it('lets the user sign in again while the sessions ended by the block stay ended', async () => {
    const user = await createUser(app);
    const old = await signIn(app, user.id);
    await admin(app, 'POST', `/admin/v1/users/${user.uid}/block`);
    const res = await admin(app, 'POST', `/admin/v1/users/${user.uid}/unblock`);
    expect(res.json().data).toEqual({ uid: user.uid, blocked: false, revokedSessions: 0 });
    expect((await post(app, old, '/v1/waa/user/info')).json().code).toBe(23519);
    expect((await post(app, await signIn(app, user.id), '/v1/waa/user/info')).json().code).toBe(0);
  });
});

describe('POST /admin/v1/users/:uid/credit', () => {
  it('credits the real account against house cash, keeping conservation', async () => {
    const user = await createUser(app);
    const res = await credit(user.uid, { amount: '1000.12345678', account: 'real', note: 'welcome bonus' });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { uid: user.uid, account: 'real', amount: '1000.12345678', balanceAmount: '1000.12345678' },
    });
    const txn = await app.db.query<{ kind: string; ref: string; note: string }>(
      'select kind, ref, note from ledger_transactions where id = $1',
      [res.json().data.txnId],
    );
    expect(txn.rows[0]).toEqual({ kind: 'credit', ref: `admin:user:${user.uid}`, note: 'welcome bonus' });
    const report = await checkLedger(app.db);
    expect(report.ok).toBe(true);
  });

  it('opens and funds the demo account before crediting it', async () => {
    const user = await createUser(app);
    const res = await credit(user.uid, { amount: '5', account: 'demo' });
    expect(res.json().data).toMatchObject({ account: 'demo', balanceAmount: '100005.00' });
    const token = (await post(app, await signIn(app, user.id), '/v1/waa/user/info/switch')).json().token;
    expect((await post(app, token, '/v1/waa/user/balance')).json().data.balanceAmount).toBe('100005.00');
  });

  it.each([
    ['a zero amount', { amount: '0', account: 'real' }],
    ['a negative amount', { amount: '-5', account: 'real' }],
    ['more than 8 decimals', { amount: '1.000000001', account: 'real' }],
    ['an amount in exponent notation', { amount: '1e5', account: 'real' }],
    ['16 integer digits', { amount: '1000000000000000', account: 'real' }],
    ['an unknown account', { amount: '1', account: 'savings' }],
    ['a missing account', { amount: '1' }],
  ])('refuses %s with 1001', async (_name, body) => {
    const user = await createUser(app);
    expect((await credit(user.uid, body)).json().code).toBe(1001);
    const { rows } = await app.db.query('select 1 from ledger_accounts where user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
  });

  it('answers 1002 for an unknown uid and HTTP 401 without the admin token', async () => {
    expect((await credit('99999999', { amount: '1', account: 'real' })).json().code).toBe(1002);
    const res = await app.inject({
      method: 'POST',
      url: '/admin/v1/users/12345678/credit',
      payload: { amount: '1', account: 'real' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /admin/v1/ledger/check', () => {
  it('reports conservation to the admin only', async () => {
    expect((await app.inject({ method: 'GET', url: '/admin/v1/ledger/check' })).statusCode).toBe(401);
    const body = (await admin(app, 'GET', '/admin/v1/ledger/check')).json();
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ ok: true, mismatches: [], unbalancedTransactions: [] });
    expect(body.data.totals.all).toBe('0.00');
  });

  it('reports a tampered balance with ok false', async () => {
    const user = await createUser(app);
    await credit(user.uid, { amount: '3', account: 'real' });
    await app.db.query(
      "update ledger_accounts set balance = balance + 0.01 where user_id = $1 and kind = 'real'",
      [user.id],
    );
    const data = (await admin(app, 'GET', '/admin/v1/ledger/check')).json().data;
    expect(data.ok).toBe(false);
    expect(data.mismatches).toEqual([
      expect.objectContaining({ userId: user.id, stored: '3.01', posted: '3.00' }),
    ]);
    await app.db.query(
      "update ledger_accounts set balance = balance - 0.01 where user_id = $1 and kind = 'real'",
      [user.id],
    );
  });
});
