/**
 * The compliance review of identity submissions on the admin API (issue #20): list, images, approve, reject
 * with 629007, audit; and what each level unlocks through the blocking rules (1014, 1156).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverUrl } from '../../../src/core/contract/endpoint';
import { CAREFUL_KYC_POLICY } from '../../../src/core/contract/kyc';
import { WithdrawStatus } from '../../../src/core/contract/withdrawals';
import { admin, buildAccountsApp, createUser, post, signIn } from '../accounts/test-app';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { submit as submitDeposit } from '../deposits/deposits.testing';
import type { Instrument } from '../market';
import { decide, record, submitAdvanced, submitJunior, waitingId, withBrand } from './kyc.testing';

const LIST = '/admin/v1/kyc';
const STATUS_URL = serverUrl(WithdrawStatus.service, WithdrawStatus.path);

describeOnBackends('identity verification: review and rules', { on: 'any' }, (backend) => {
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

  const newUser = async (options: { brandId?: string; registerType?: 'E' | 'P' } = {}) => {
    const user = await createUser(app, { ...options, verified: false });
    return { ...user, token: await signIn(app, user.id) };
  };

  const auditOf = async (objectId: string) => {
    const { rows } = await app.db.query<{ action: string; actor: string; reason: string; after: unknown }>(
      `select action, actor, reason, after from audit_log where object_id = $1 order by id`,
      [objectId],
    );
    return rows.map((r) => ({ ...r, after: typeof r.after === 'string' ? JSON.parse(r.after) : r.after }));
  };

  describe('the admin API', () => {
    it('lists waiting submissions oldest first with the data and image paths; the read is audited', async () => {
      const a = await newUser();
      const b = await newUser();
      await submitAdvanced(app, a.token);
      await submitJunior(app, b.token);
      const [idA, idB] = [await waitingId(app, a.id, 'advanced'), await waitingId(app, b.id, 'junior')];
      const body = (await admin(app, 'GET', `${LIST}?status=waiting&limit=100`)).json();
      expect(body.code).toBe(0);
      const ids = body.data.list.map((k: { id: string }) => k.id);
      expect(ids.indexOf(idA)).toBeLessThan(ids.indexOf(idB));
      expect(body.data.list.find((k: { id: string }) => k.id === idA)).toMatchObject({
        userUid: a.uid,
        brandId: 'tradekit',
        level: 'advanced',
        state: 'waiting',
        realName: 'Ada Lovelace',
        idCard: 'P1234567',
        idType: 1,
        images: {
          front: `/admin/v1/kyc/${idA}/image/front`,
          reverse: `/admin/v1/kyc/${idA}/image/reverse`,
          selfie: `/admin/v1/kyc/${idA}/image/selfie`,
        },
      });
      expect(body.data.list.find((k: { id: string }) => k.id === idB).images).toEqual({
        front: null,
        reverse: null,
        selfie: null,
      });
      const listed = await auditOf('waiting');
      expect(listed.at(-1)).toMatchObject({ action: 'kyc.list', actor: 'admin-api' });
      expect((listed.at(-1)?.after as { ids: string[] }).ids).toContain(idA);
    });

    it('answers 1001 to an unknown state or a bad id, never a 500', async () => {
      expect((await admin(app, 'GET', `${LIST}?status=maybe`)).json().code).toBe(1001);
      expect((await admin(app, 'POST', `${LIST}/abc/approve`, {})).json().code).toBe(1001);
      expect((await admin(app, 'POST', `${LIST}/1/reject`, { reason: 'x'.repeat(501) })).json().code).toBe(
        1001,
      );
      expect((await admin(app, 'POST', `${LIST}/1/reject`, { reason: 'bad\u0000' })).json().code).toBe(1001);
      expect((await admin(app, 'GET', `${LIST}/abc/image/front`)).json().code).toBe(1001);
      expect((await app.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
    });

    it('serves an image to the operator and audits the opening; a missing one answers 1008', async () => {
      const user = await newUser();
      await submitAdvanced(app, user.token);
      const id = await waitingId(app, user.id, 'advanced');
      const image = await admin(app, 'GET', `${LIST}/${id}/image/selfie`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect((await auditOf(id)).map((r) => [r.action, r.after])).toEqual([
        ['kyc.view_image', { side: 'selfie' }],
      ]);
      const junior = await newUser();
      await submitJunior(app, junior.token);
      const none = await admin(
        app,
        'GET',
        `${LIST}/${await waitingId(app, junior.id, 'junior')}/image/front`,
      );
      expect([none.statusCode, none.json().code]).toEqual([404, 1008]);
      expect((await admin(app, 'GET', `${LIST}/999999999/image/front`)).statusCode).toBe(404);
    });

    it('rejects with the reason: 629007 carries it, the audit keeps it, a second decision answers 1014', async () => {
      const user = await newUser();
      await submitAdvanced(app, user.token);
      const id = await waitingId(app, user.id, 'advanced');
      const rejected = (await decide(app, id, false, '  The document has expired  ')).json();
      expect(rejected).toMatchObject({
        code: 0,
        data: { state: 'rejected', reason: 'The document has expired' },
      });
      const { rows } = await app.db.query<{ alarm_type: number; remark: string }>(
        'select alarm_type, remark from notifications where user_id = $1',
        [user.id],
      );
      expect(rows.map((r) => [Number(r.alarm_type), r.remark])).toEqual([
        [629007, 'The document has expired'],
      ]);
      const audit = await auditOf(id);
      expect(audit.at(-1)).toMatchObject({ action: 'kyc.reject', reason: 'The document has expired' });
      // The audit keeps the state, never the name or the number.
      expect(JSON.stringify(audit)).not.toContain('P1234567');
      expect((await decide(app, id, true)).json().code).toBe(1014);
      expect((await decide(app, '999999999', true)).json().code).toBe(1008);
      expect((await decide(app, id, false, '   ')).json().code).toBe(1001);
    });

    it('approves once: no notification, the level shows in the side panel read', async () => {
      const user = await newUser();
      const level = async () => (await admin(app, 'GET', `${LIST}/users/${user.uid}`)).json().data;
      expect(await level()).toEqual({ level: 'none', junior: 0, advanced: 0 });
      await submitJunior(app, user.token);
      expect(await level()).toEqual({ level: 'none', junior: 1, advanced: 0 });
      expect((await decide(app, await waitingId(app, user.id, 'junior'), true)).json().data.state).toBe(
        'approved',
      );
      expect(await level()).toEqual({ level: 'junior', junior: 2, advanced: 0 });
      const { rows } = await app.db.query('select 1 from notifications where user_id = $1', [user.id]);
      expect(rows).toEqual([]);
      expect((await auditOf(user.uid)).map((r) => r.action)).toContain('user.view_kyc_level');
      expect((await admin(app, 'GET', `${LIST}/users/10000000`)).json().code).toBe(1002);
    });
  });

  describe('what each level unlocks (KY2–KY4)', () => {
    const withdrawStatus = async (token: string) => (await post(app, token, STATUS_URL, {})).json().code;

    const careful = { kyc: CAREFUL_KYC_POLICY };

    it('asks the advanced level of a brand without a policy (KC1): careful by default, less where the brand says', async () => {
      const user = await newUser();
      expect(await withdrawStatus(user.token)).toBe(1014);
      await withBrand(app, 'tradekit', { kyc: { withdrawal: 'none' } }, async () => {
        expect(await withdrawStatus(user.token)).toBe(0);
      });
    });

    it('refuses a withdrawal below the advanced level (1014), and lets it through once approved', async () => {
      const user = await newUser();
      await withBrand(app, 'tradekit', careful, async () => {
        expect(await withdrawStatus(user.token)).toBe(1014);
        await submitJunior(app, user.token);
        await decide(app, await waitingId(app, user.id, 'junior'), true);
        expect(await withdrawStatus(user.token)).toBe(1014);
        await submitAdvanced(app, user.token);
        expect(await withdrawStatus(user.token)).toBe(1014);
        await decide(app, await waitingId(app, user.id, 'advanced'), true);
        expect(await withdrawStatus(user.token)).toBe(0);
      });
      expect((await record(app, user.token)).data.verifiedStatus).toBe(2);
    });

    it('asks junior where the brand offers only junior (meridian)', async () => {
      const user = await newUser({ brandId: 'meridian' });
      await withBrand(app, 'meridian', careful, async () => {
        expect(await withdrawStatus(user.token)).toBe(1014);
        await submitJunior(app, user.token);
        await decide(app, await waitingId(app, user.id, 'junior'), true);
        expect(await withdrawStatus(user.token)).toBe(0);
      });
    });

    it('answers 1156 to a phone registration without an email, before 1014; binding one lifts it', async () => {
      const user = await newUser({ registerType: 'P' });
      // 1156 holds by default: a payout needs a way to reach the person.
      expect(await withdrawStatus(user.token)).toBe(1156);
      await withBrand(app, 'tradekit', careful, async () => {
        expect(await withdrawStatus(user.token)).toBe(1156);
        await app.db.query('update users set email = $2 where id = $1', [
          user.id,
          `p${user.uid}@example.test`,
        ]);
        expect(await withdrawStatus(user.token)).toBe(1014);
        // Email registrations and brands without the binding never see 1156.
        const other = await newUser({ registerType: 'P' });
        await withBrand(app, 'tradekit', { ...careful, flags: { 'user/bindEmail': false } }, async () => {
          expect(await withdrawStatus(other.token)).toBe(1014);
        });
      });
    });

    it("gates deposits and real trading only where the brand's policy asks for a level", async () => {
      const user = await newUser();
      const deposit = async () =>
        (
          await submitDeposit(app, user.token, { coinId: 2, amt: '1000', locale: 'en', agreement: true })
        ).json().code;
      const trader = { userId: user.id, uid: user.uid, virtual: false, brandId: 'tradekit' };
      const placement = async (virtual = false) => {
        const context = {
          trader: { ...trader, virtual },
          kind: 'market' as const,
          product: {} as Instrument,
        };
        const codes: number[] = [];
        for (const rule of app.accounts.blockingRules.applicable(context))
          if (await rule.check(app.db, context)) codes.push(rule.code);
        return codes;
      };
      expect(await placement()).toEqual([]);
      expect(await deposit()).toBe(0);
      await withBrand(app, 'tradekit', { kyc: { trading: 'junior', deposit: 'junior' } }, async () => {
        expect(await placement()).toEqual([1014]);
        expect(await placement(true)).toEqual([]);
        expect(await deposit()).toBe(1014);
        await submitJunior(app, user.token);
        await decide(app, await waitingId(app, user.id, 'junior'), true);
        expect(await placement()).toEqual([]);
        expect(await deposit()).toBe(0);
      });
    });
  });
});
