import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnBackends } from '../../db/testing';
import { authHarness, type AuthHarness } from '../testing';

const SETUP = '/v1/waa/user/totp/setup';
const ENABLE = '/v1/waa/user/totp/enable';
const REFRESH = '/v1/wa-na/refresh';
const NOTE = 'Identity checked against the passport of the KYC file on a video call';

describeOnBackends(
  'identity: an operator resets a lost second factor (ASVS 6.4.4)',
  { on: 'any' },
  (backend) => {
    let h: AuthHarness;
    let seq = 0;
    beforeAll(async () => {
      h = await authHarness(backend);
    });
    afterAll(() => h?.close());

    /** A user with the second factor on, signed in once with it; answers the uid, email and that session. */
    const withSecondFactor = async () => {
      const n = ++seq;
      const email = `lost${n}@example.com`;
      const ip = `10.7.0.${n}`;
      const uid = await h.registerEmail(email, 'p4ssword', { ip });
      const first = await h.login(email, 'p4ssword', { ip });
      const setup = await h.post<{ secret: string }>(SETUP, {}, { token: first.token, ip });
      expect(
        (await h.post(ENABLE, { code: h.totp(setup.data.secret) }, { token: first.token, ip })).code,
      ).toBe(0);
      return { uid, email, ip, session: first };
    };
    const reset = (uid: string, note = NOTE) =>
      h.post<{ uid: string; ended: number; mailed: boolean }>(
        `/admin/v1/users/${uid}/totp/reset`,
        { note },
        { admin: true },
      );

    it('turns the factor off, ends every session, audits the note and mails the owner', async () => {
      const { uid, email, ip, session } = await withSecondFactor();
      const before = h.outbox.list(email).length;
      expect(await reset(uid)).toEqual({ code: 0, msg: 'success', data: { uid, ended: 1, mailed: true } });
      expect((await h.post(REFRESH, { refreshToken: session.refreshToken })).code).toBe(23519);
      // The password alone signs in again.
      expect((await h.login(email, 'p4ssword', { ip })).qrcodeStatus).toBe(1);
      const mails = h.outbox.list(email);
      expect(mails).toHaveLength(before + 1);
      expect(mails[0]).toMatchObject({
        purpose: '5',
        code: null,
        subject: 'TradeKit: two-factor authentication turned off',
      });
      expect(mails[0]?.text).toContain(`your account ${email}`);
      const { rows } = await h.app.db.query<{ action: string; object_id: string; after: unknown }>(
        `select action, object_id, after from audit_log where object_id = $1 order by id desc limit 1`,
        [uid],
      );
      const after = rows[0]?.after;
      expect(rows[0]).toMatchObject({ action: 'user.totp_reset', object_id: uid });
      expect(typeof after === 'string' ? JSON.parse(after) : after).toEqual({
        totpEnabled: false,
        ended: 1,
        note: NOTE,
      });
    });

    it('answers 1017 when the factor is off, 1002 for an unknown uid and 1001 without a real note', async () => {
      const { uid } = await withSecondFactor();
      expect((await reset(uid, 'checked')).code).toBe(1001);
      expect((await reset(uid)).code).toBe(0);
      expect((await reset(uid)).code).toBe(1017);
      expect((await reset('99999999')).code).toBe(1002);
    });

    it('is the admin API’s only: a trader’s token is refused', async () => {
      const { uid, ip, session } = await withSecondFactor();
      const res = await h.call(
        `/admin/v1/users/${uid}/totp/reset`,
        { note: NOTE },
        { token: session.token, ip },
      );
      expect(res.statusCode).toBe(401);
    });
  },
);
