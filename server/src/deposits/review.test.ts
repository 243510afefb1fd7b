import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, ADMIN_TOKEN, buildAccountsApp, createUser, post, signIn } from '../accounts/test-app';
import type { TestDatabase } from '../db/testing';
import { describeOnBackends } from '../db/testing';
import { checkLedger, findWalletAccount } from '../ledger';
import { forexDepositRule } from '../trading';
import { DEFAULT_TRADING_SETTINGS } from '../trading';
import { totalDeposits } from '../trading';
import { PNG_1X1 } from '../users/multipart.testing';
import { realBalance, submit } from './deposits.testing';

const LIST = '/admin/v1/deposits';
const approve = (id: string) => `/admin/v1/deposits/${id}/approve`;
const reject = (id: string) => `/admin/v1/deposits/${id}/reject`;
const proof = (id: string) => `/admin/v1/deposits/${id}/proof`;

describeOnBackends('deposit review', { on: 'postgres' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildAccountsApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  /** A new trader with one waiting USDT deposit of `amt`; answers the ticket id. */
  async function waiting(amt = '1000') {
    const user = await createUser(app);
    const token = await signIn(app, user.id);
    const body = (await submit(app, token, { coinId: 2, amt, locale: 'en', agreement: true })).json();
    expect(body.code).toBe(0);
    return { user, token, id: body.data.id as string, uid: body.data.uid as string };
  }

  async function audit(id: string) {
    const { rows } = await app.db.query<{
      actor: string;
      action: string;
      before: unknown;
      after: unknown;
      reason: string;
    }>(
      `select actor, action, before, after, reason from audit_log where object_kind = 'deposit' and object_id = $1 order by id`,
      [id],
    );
    return rows.map((r) => ({
      ...r,
      before: typeof r.before === 'string' ? JSON.parse(r.before) : r.before,
      after: typeof r.after === 'string' ? JSON.parse(r.after) : r.after,
    }));
  }

  describe('GET /admin/v1/deposits', () => {
    it('lists waiting deposits oldest first with user, coin, amounts and the proof URL', async () => {
      const a = await waiting('1000');
      const b = await waiting('1500.5');
      const body = (await admin(app, 'GET', `${LIST}?status=waiting&limit=100`)).json();
      expect(body.code).toBe(0);
      const ids = body.data.list.map((d: { id: string }) => d.id);
      expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
      const item = body.data.list.find((d: { id: string }) => d.id === b.id);
      expect(item).toMatchObject({
        uid: b.uid,
        userUid: b.user.uid,
        brandId: 'tradekit',
        method: 'crypto',
        coinId: 2,
        currency: 'USDT',
        protocol: 'ERC20',
        amount: '1500.50',
        usdAmount: '1500.50',
        state: 'waiting',
        reviewedAt: null,
        proofUrl: `/admin/v1/deposits/${b.id}/proof`,
      });
    });

    it('pages decided deposits newest first', async () => {
      const a = await waiting();
      const b = await waiting();
      await admin(app, 'POST', approve(a.id));
      await admin(app, 'POST', approve(b.id));
      const body = (await admin(app, 'GET', `${LIST}?status=success&limit=1&page=1`)).json();
      expect(body.data.list[0].id).toBe(b.id);
      expect(body.data.pages).toBe(body.data.total);
    });

    it('refuses a user token (HTTP 401) and a bad status (1001)', async () => {
      const { token } = await waiting();
      const res = await app.inject({
        method: 'GET',
        url: LIST,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect((await admin(app, 'GET', `${LIST}?status=lost`)).json().code).toBe(1001);
      expect((await admin(app, 'GET', `${LIST}?limit=1000`)).json().code).toBe(1001);
    });
  });

  describe('GET /admin/v1/deposits/{id}/proof', () => {
    it('answers the image bytes with their type', async () => {
      const { id } = await waiting();
      const res = await app.inject({
        method: 'GET',
        url: proof(id),
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(Buffer.from(res.rawPayload).equals(PNG_1X1)).toBe(true);
    });

    it('answers 1039 for an unknown id and 401 to the trader who uploaded it', async () => {
      const { id, token } = await waiting();
      const missing = await app.inject({
        method: 'GET',
        url: proof('999999999'),
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe(1039);
      const owner = await app.inject({
        method: 'GET',
        url: proof(id),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(owner.statusCode).toBe(401);
    });
  });

  describe('POST /admin/v1/deposits/{id}/approve', () => {
    it('credits the USD value once, as a ledger deposit, with an audit entry', async () => {
      const { user, id, uid } = await waiting('1234.56789');
      const body = (await admin(app, 'POST', approve(id))).json();
      expect(body.code).toBe(0);
      expect(body.data).toMatchObject({ state: 'success', reviewedBy: 'admin-api', usdAmount: '1234.56' });
      expect(body.data.reviewedAt).toBeGreaterThan(0);
      expect(await realBalance(app, user.id)).toBe('1234.56000000');
      const { rows } = await app.db.query<{ kind: string; ref: string }>(
        `select kind, ref from ledger_transactions where ref = $1`,
        [`deposit:${uid}`],
      );
      expect(rows).toEqual([{ kind: 'deposit', ref: `deposit:${uid}` }]);
      const entries = await audit(id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actor: 'admin-api',
        action: 'deposit.approve',
        before: { state: 'waiting', usdAmount: '1234.56000000' },
        after: { state: 'success' },
      });
      expect((await checkLedger(app.db)).ok).toBe(true);
    });

    it('answers 1041 to a second approve or a reject of a decided deposit, and moves nothing', async () => {
      const { user, id } = await waiting();
      await admin(app, 'POST', approve(id));
      expect((await admin(app, 'POST', approve(id))).json().code).toBe(1041);
      expect((await admin(app, 'POST', reject(id), { reason: 'late' })).json().code).toBe(1041);
      expect(await realBalance(app, user.id)).toBe('1000.00000000');
      expect(await audit(id)).toHaveLength(1);
    });

    it('answers 1039 for an unknown id and 1001 for a malformed one', async () => {
      expect((await admin(app, 'POST', approve('999999999'))).json().code).toBe(1039);
      expect((await admin(app, 'POST', approve('abc'))).json().code).toBe(1001);
      expect((await admin(app, 'POST', approve('0'))).json().code).toBe(1001);
    });

    it('refuses a trader token (HTTP 401)', async () => {
      const { token, id } = await waiting();
      expect((await post(app, token, approve(id))).statusCode).toBe(401);
    });

    it('makes forex tradable (rule 320) once approved deposits reach 100,000 USD', async () => {
      const user = await createUser(app);
      const token = await signIn(app, user.id);
      const min = DEFAULT_TRADING_SETTINGS.forexMinDeposit;
      const ids: string[] = [];
      for (const amt of ['60000', '39970', '30']) {
        ids.push((await submit(app, token, { coinId: 1, amt, locale: 'ja' })).json().data.id);
      }
      await admin(app, 'POST', approve(ids[0]!));
      await admin(app, 'POST', approve(ids[1]!));
      expect(forexDepositRule(3, false, min, await totalDeposits(app.db, user.id))).toBe(320);
      await admin(app, 'POST', approve(ids[2]!));
      expect(await totalDeposits(app.db, user.id)).toMatch(/^100000(\.0+)?$/);
      expect(forexDepositRule(3, false, min, await totalDeposits(app.db, user.id))).toBeNull();
    });
  });

  describe('walletType 1 brands (aurora)', () => {
    it("credits a crypto deposit's coin amount to the user's coin wallet; the forex rule counts its USD value", async () => {
      const user = await createUser(app, { brandId: 'aurora' });
      const token = await signIn(app, user.id);
      const body = (await submit(app, token, { coinId: 1, amt: '100000', locale: 'en' })).json();
      expect(body.code).toBe(0);
      expect(await totalDeposits(app.db, user.id)).toMatch(/^0(\.0+)?$/);
      expect((await admin(app, 'POST', approve(body.data.id))).json().code).toBe(0);
      expect(await realBalance(app, user.id)).toMatch(/^0(\.0+)?$/);
      const wallet = await findWalletAccount(app.db, user.id, 'USDT');
      expect(wallet?.balance).toMatch(/^100000(\.0+)?$/);
      const min = DEFAULT_TRADING_SETTINGS.forexMinDeposit;
      expect(forexDepositRule(3, false, min, await totalDeposits(app.db, user.id))).toBeNull();
      const ledger = await checkLedger(app.db);
      expect(ledger.ok).toBe(true);
    });
  });

  describe('POST /admin/v1/deposits/{id}/reject', () => {
    it('refuses with the reason, notifies 629006 with the amount, credits nothing, audits', async () => {
      const { user, token, id } = await waiting('1500.25');
      const body = (
        await admin(app, 'POST', reject(id), { reason: 'Proof does not match the amount' })
      ).json();
      expect(body.code).toBe(0);
      expect(body.data).toMatchObject({ state: 'fail', reason: 'Proof does not match the amount' });
      expect(await realBalance(app, user.id)).toBe('0');
      const list = (await post(app, token, '/v1/waa/user/notification', { page: 1, limit: 10 })).json().data
        .list;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        alarmType: 629006,
        actionType: 0,
        paymentPrice: '1500.25',
        readStatus: 0,
      });
      expect(await audit(id)).toMatchObject([
        { action: 'deposit.reject', reason: 'Proof does not match the amount', after: { state: 'fail' } },
      ]);
    });

    it('pushes the new unread count after commit', async () => {
      const { user, id } = await waiting();
      const pushes: Array<{ userId: string; alarmType?: number; unread: number }> = [];
      const off = app.notifications.onPush((p) => pushes.push({ userId: p.userId, ...p.message }));
      try {
        await admin(app, 'POST', reject(id), { reason: 'unreadable' });
      } finally {
        off();
      }
      expect(pushes).toEqual([expect.objectContaining({ userId: user.id, alarmType: 629006, unread: 1 })]);
    });

    it.each([
      [{}],
      [{ reason: '' }],
      [{ reason: '   ' }],
      [{ reason: 'a\u0000b' }],
      [{ reason: 'x'.repeat(501) }],
    ])('refuses %j with 1001', async (payload) => {
      const { id } = await waiting();
      expect((await admin(app, 'POST', reject(id), payload)).json().code).toBe(1001);
    });

    it('answers 1039 for an unknown id', async () => {
      expect((await admin(app, 'POST', reject('999999999'), { reason: 'x' })).json().code).toBe(1039);
    });
  });

  describe('concurrent decisions', () => {
    it.runIf(backend.name === 'postgres')(
      'approves once when 10 operators approve at the same time',
      async () => {
        const { user, id } = await waiting('5000');
        const answers = await Promise.all(Array.from({ length: 10 }, () => admin(app, 'POST', approve(id))));
        const codes = answers.map((r) => r.json().code).sort();
        expect(codes.filter((c) => c === 0)).toHaveLength(1);
        expect(codes.filter((c) => c === 1041)).toHaveLength(9);
        expect(await realBalance(app, user.id)).toBe('5000.00000000');
        expect(await audit(id)).toHaveLength(1);
      },
    );

    it.runIf(backend.name === 'postgres')('decides once when approvals and rejections race', async () => {
      const { user, id } = await waiting('2000');
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 ? admin(app, 'POST', approve(id)) : admin(app, 'POST', reject(id), { reason: 'race' }),
        ),
      );
      expect(answers.filter((r) => r.json().code === 0)).toHaveLength(1);
      const state = (await admin(app, 'GET', `${LIST}?status=success&limit=100`))
        .json()
        .data.list.some((d: { id: string }) => d.id === id);
      expect(await realBalance(app, user.id)).toBe(state ? '2000.00000000' : '0');
      expect((await checkLedger(app.db)).ok).toBe(true);
    });
  });
});
