import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeOnBackends } from '../../db/testing';
import { passwordHasher } from '../passwords';
import { authHarness, type AuthHarness } from '../testing';

const REGISTER = '/v1/wa-na/register';
const FORGOT = '/v1/wa-na/forgot';

describeOnBackends('identity: registration', { on: 'postgres' }, (backend) => {
  let h: AuthHarness;
  let ipSeq = 0;
  // Each test has its own IP so that the per-IP windows of one test never reach another.
  const ip = () => `10.1.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;
  beforeAll(async () => {
    h = await authHarness(backend);
  });
  afterAll(() => h?.close());

  const sendMail = (email: string, type: '1' | '2', from: string) =>
    h.post('/v1/wa-na/sendMail', { email, type, locale: 'en' }, { ip: from });

  describe('POST /v1/wa-na/register', () => {
    it('creates an email account with an 8-digit uid and an Argon2id hash, and mails the welcome', async () => {
      const from = ip();
      await sendMail('ann@example.com', '1', from);
      const code = h.lastCode('ann@example.com');
      const res = await h.post(
        REGISTER,
        { username: 'ann@example.com', type: 'E', password: 'p4ssword', code },
        { ip: from },
      );
      expect(res.code).toBe(0);
      expect(res.data).toEqual({ uid: expect.stringMatching(/^[1-9]\d{7}$/) });
      const { rows } = await h.app.db.query<Record<string, unknown>>(
        'select uid, email, register_type, password_hash, invite_code, nickname from users where email = $1',
        ['ann@example.com'],
      );
      expect(rows[0]).toMatchObject({
        register_type: 'E',
        nickname: 'ann',
        invite_code: expect.stringMatching(/^[A-Z2-9]{8}$/),
      });
      expect(String(rows[0]?.password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(h.outbox.list('ann@example.com')[0]).toMatchObject({
        purpose: '4',
        subject: 'Welcome to TradeKit',
      });
    });

    it('creates a phone account stored in E.164 with its calling code and country', async () => {
      const from = ip();
      await h.post('/v1/wa-na/sendPhone', { phone: '8613812345678', type: '1' }, { ip: from });
      const code = h.lastCode('+8613812345678');
      const res = await h.post(
        REGISTER,
        { username: '8613812345678', type: 'P', password: 'p4ssword', code },
        { ip: from },
      );
      expect(res.code).toBe(0);
      const { rows } = await h.app.db.query(
        'select phone, area_code, country, register_type, email from users where uid = $1',
        [(res.data as { uid: string }).uid],
      );
      expect(rows[0]).toEqual({
        phone: '+8613812345678',
        area_code: '86',
        country: 'CN',
        register_type: 'P',
        email: null,
      });
      expect(h.outbox.list('+8613812345678').filter((entry) => entry.purpose === '4')).toEqual([]);
    });

    it('answers 1001 for a password under 7 or over 140 characters', async () => {
      const from = ip();
      await sendMail('short@example.com', '1', from);
      const code = h.lastCode('short@example.com');
      for (const password of ['six666', 'x'.repeat(141)]) {
        const res = await h.post(
          REGISTER,
          { username: 'short@example.com', type: 'E', password, code },
          { ip: from },
        );
        expect(res.code).toBe(1001);
      }
      const ok = await h.post(
        REGISTER,
        { username: 'short@example.com', type: 'E', password: 'seven77', code },
        { ip: from },
      );
      expect(ok.code).toBe(0);
    });

    it('refuses a common password or one with a brand or its own email in it with 1001, before the code is used up', async () => {
      const from = ip();
      await sendMail('jonathan.smith@example.com', '1', from);
      const code = h.lastCode('jonathan.smith@example.com');
      const base = { username: 'jonathan.smith@example.com', type: 'E', code };
      for (const [password, msg] of [
        // One of the top 100, then the one at rank 2,900 of those with 7+ characters, in other case.
        ['sunshine', 'password: common'],
        ['Denmark', 'password: common'],
        ['Tr4dek1t-2026', 'password: context'],
        ['my-AUR0RA-key', 'password: context'],
        ['J0nathan.Smith!', 'password: context'],
      ]) {
        const res = await h.post(REGISTER, { ...base, password }, { ip: from });
        expect(res, password).toEqual({ code: 1001, msg, data: null });
      }
      // Rank 3,001: past the list.
      expect((await h.post(REGISTER, { ...base, password: 'soccer10' }, { ip: from })).code).toBe(0);
    });

    it("refuses a phone account's own last 7 digits in its password with 1001", async () => {
      const from = ip();
      await h.post('/v1/wa-na/sendPhone', { phone: '8613912345678', type: '1' }, { ip: from });
      const code = h.lastCode('+8613912345678');
      const base = { username: '8613912345678', type: 'P', code };
      expect(await h.post(REGISTER, { ...base, password: 'me-234-5678' }, { ip: from })).toEqual({
        code: 1001,
        msg: 'password: context',
        data: null,
      });
      expect((await h.post(REGISTER, { ...base, password: 'me-5678-1234' }, { ip: from })).code).toBe(0);
    });

    it('answers 1107 for an invite code nobody has, and records the inviter of a real one', async () => {
      const inviterUid = await h.registerEmail('inviter@example.com', 'p4ssword', { ip: ip() });
      const { rows } = await h.app.db.query<{ id: string; invite_code: string }>(
        'select id, invite_code from users where uid = $1',
        [inviterUid],
      );
      const from = ip();
      await sendMail('invitee@example.com', '1', from);
      const code = h.lastCode('invitee@example.com');
      const base = { username: 'invitee@example.com', type: 'E', password: 'p4ssword', code };
      expect((await h.post(REGISTER, { ...base, inviteCode: 'ZZZZ9999' }, { ip: from })).code).toBe(1107);
      expect(
        (await h.post(REGISTER, { ...base, inviteCode: rows[0]?.invite_code.toLowerCase() }, { ip: from }))
          .code,
      ).toBe(0);
      const invitee = await h.app.db.query('select invited_by from users where email = $1', [
        'invitee@example.com',
      ]);
      expect(invitee.rows[0]).toEqual({ invited_by: rows[0]?.id });
    });

    it('answers 1004 for an address that already has an account', async () => {
      const from = ip();
      await h.registerEmail('dup@example.com', 'p4ssword', { ip: from });
      const res = await h.post(
        REGISTER,
        { username: 'DUP@example.com', type: 'E', password: 'p4ssword', code: '000000' },
        { ip: from },
      );
      expect(res.code).toBe(1004);
    });

    it('answers 1045 when a concurrent registration took the address first', async () => {
      const from = ip();
      await sendMail('race@example.com', '1', from);
      const code = h.lastCode('race@example.com');
      const hash = passwordHasher.hash;
      // The competing row lands while this registration is hashing, after its duplicate check.
      const spy = vi.spyOn(passwordHasher, 'hash').mockImplementationOnce(async (password) => {
        await h.app.db.query(
          `insert into users (uid, brand_id, email, register_type, password_hash, invite_code)
           values ('19999999', 'tradekit', 'race@example.com', 'E', 'x', 'RACERACE')`,
        );
        return hash(password);
      });
      const res = await h.post(
        REGISTER,
        { username: 'race@example.com', type: 'E', password: 'p4ssword', code },
        { ip: from },
      );
      spy.mockRestore();
      expect(res.code).toBe(1045);
    });

    it('answers 1020 for a wrong code, and 1111 once 5 wrong attempts used it up', async () => {
      const from = ip();
      await sendMail('guess@example.com', '1', from);
      const code = h.lastCode('guess@example.com');
      const wrong = code === '000000' ? '111111' : '000000';
      const base = { username: 'guess@example.com', type: 'E', password: 'p4ssword' };
      for (let i = 0; i < 5; i++)
        expect((await h.post(REGISTER, { ...base, code: wrong }, { ip: from })).code).toBe(1020);
      expect((await h.post(REGISTER, { ...base, code }, { ip: from })).code).toBe(1111);
    });

    it('answers 23555 for a code older than 10 minutes and 1111 for one never sent', async () => {
      const from = ip();
      await sendMail('late@example.com', '1', from);
      const code = h.lastCode('late@example.com');
      h.clock.advance(10 * 60_000);
      const base = { type: 'E', password: 'p4ssword', code };
      expect((await h.post(REGISTER, { ...base, username: 'late@example.com' }, { ip: from })).code).toBe(
        23555,
      );
      expect((await h.post(REGISTER, { ...base, username: 'never@example.com' }, { ip: from })).code).toBe(
        1111,
      );
    });

    it('accepts a code once, and only for its purpose and address', async () => {
      const from = ip();
      await sendMail('bound@example.com', '1', from);
      const code = h.lastCode('bound@example.com');
      const base = { type: 'E', password: 'p4ssword', code };
      expect((await h.post(REGISTER, { ...base, username: 'other@example.com' }, { ip: from })).code).toBe(
        1111,
      );
      expect((await h.post(FORGOT, { ...base, username: 'bound@example.com' }, { ip: from })).code).toBe(
        1111,
      );
      expect((await h.post(REGISTER, { ...base, username: 'bound@example.com' }, { ip: from })).code).toBe(0);
      const { rows } = await h.app.db.query(
        'select consumed_at_ms from verification_codes where destination = $1',
        ['bound@example.com'],
      );
      expect(rows[0]).toEqual({ consumed_at_ms: String(h.clock.now()) });
    });

    it('answers 23558 for illegal characters in the code and 1001 on a brand without that sign-up type', async () => {
      const from = ip();
      const res = await h.post(
        REGISTER,
        { username: 'x@example.com', type: 'E', password: 'p4ssword', code: "1' or 1=1" },
        { ip: from },
      );
      expect(res.code).toBe(23558);
      const phone = { username: '33612345678', type: 'P', password: 'p4ssword', code: '123456' };
      expect((await h.post(REGISTER, phone, { ip: from, brand: 'meridian' })).code).toBe(1001);
    });

    it('answers 1042 after 10 registrations from one IP within an hour', async () => {
      const from = ip();
      for (let i = 0; i < 10; i++) await h.registerEmail(`farm${i}@example.com`, 'p4ssword', { ip: from });
      await sendMail('farm10@example.com', '1', ip());
      const code = h.lastCode('farm10@example.com');
      const res = await h.post(
        REGISTER,
        { username: 'farm10@example.com', type: 'E', password: 'p4ssword', code },
        { ip: from },
      );
      expect(res.code).toBe(1042);
      h.clock.advance(60 * 60_000);
      const later = await h.post(
        REGISTER,
        { username: 'farm10@example.com', type: 'E', password: 'p4ssword', code },
        { ip: from },
      );
      expect(later.code).toBe(23555);
    });
  });

  describe('POST /v1/wa-na/forgot', () => {
    it('sets the new password with a type-2 code and ends every session of the account', async () => {
      const from = ip();
      await h.registerEmail('reset@example.com', 'old-pass', { ip: from });
      const first = await h.login('reset@example.com', 'old-pass', { ip: from });
      const second = await h.login('reset@example.com', 'old-pass', { ip: from });
      await sendMail('reset@example.com', '2', from);
      const code = h.lastCode('reset@example.com');
      const res = await h.post(
        FORGOT,
        { username: 'reset@example.com', type: 'E', password: 'new-pass', code },
        { ip: from },
      );
      expect(res).toEqual({ code: 0, msg: 'success', data: null });
      for (const session of [first, second]) {
        expect((await h.post('/v1/waa/user/logout', {}, { token: session.token, ip: from })).code).toBe(
          23519,
        );
        expect((await h.post('/v1/wa-na/refresh', { refreshToken: session.refreshToken })).code).toBe(23519);
      }
      expect(
        (
          await h.post(
            '/v1/wa-na/login',
            { username: 'reset@example.com', type: 'E', password: 'old-pass' },
            { ip: from },
          )
        ).code,
      ).toBe(1108);
      expect((await h.login('reset@example.com', 'new-pass', { ip: from })).qrcodeStatus).toBe(1);
    });

    it('does not take a register code, and answers 1020 for a wrong code', async () => {
      const from = ip();
      await h.registerEmail('mixed@example.com', 'old-pass', { ip: from });
      const registerCode = h.outbox.list('mixed@example.com').find((entry) => entry.purpose === '1')
        ?.code as string;
      const base = { username: 'mixed@example.com', type: 'E', password: 'new-pass' };
      expect((await h.post(FORGOT, { ...base, code: registerCode }, { ip: from })).code).toBe(1111);
      await sendMail('mixed@example.com', '2', from);
      const code = h.lastCode('mixed@example.com');
      expect(
        (await h.post(FORGOT, { ...base, code: code === '999999' ? '999998' : '999999' }, { ip: from })).code,
      ).toBe(1020);
      expect((await h.post(FORGOT, { ...base, code }, { ip: from })).code).toBe(0);
      expect((await h.post(FORGOT, { ...base, code }, { ip: from })).code).toBe(1111);
    });

    it('answers an account that does not exist like a wrong code, and a short password with 1001', async () => {
      const from = ip();
      await sendMail('ghost@example.com', '2', from);
      const ghost = { username: 'ghost@example.com', type: 'E', password: 'new-pass', code: '123456' };
      expect([1020, 1111]).toContain((await h.post(FORGOT, ghost, { ip: from })).code);
      expect((await h.post(FORGOT, { ...ghost, password: 'short' }, { ip: from })).code).toBe(1001);
    });

    it("refuses a common password or one with the account's own name with 1001, before the code is used up", async () => {
      const from = ip();
      await h.registerEmail('margaret@example.com', 'old-pass', { ip: from });
      await sendMail('margaret@example.com', '2', from);
      const code = h.lastCode('margaret@example.com');
      const base = { username: 'margaret@example.com', type: 'E', code };
      for (const [password, msg] of [
        ['SUNSHINE', 'password: common'],
        ['Margaret-2026', 'password: context'],
        ['meridian-0ptions', 'password: context'],
      ]) {
        const res = await h.post(FORGOT, { ...base, password }, { ip: from });
        expect(res, password).toEqual({ code: 1001, msg, data: null });
      }
      expect((await h.post(FORGOT, { ...base, password: 'new-pass' }, { ip: from })).code).toBe(0);
    });

    it('resets a phone account by SMS code', async () => {
      const from = ip();
      await h.post('/v1/wa-na/sendPhone', { phone: '33698765432', type: '1' }, { ip: from });
      const registerCode = h.lastCode('+33698765432');
      await h.post(
        REGISTER,
        { username: '33698765432', type: 'P', password: 'old-pass', code: registerCode },
        { ip: from },
      );
      h.clock.advance(61_000);
      await h.post('/v1/wa-na/sendPhone', { phone: '33698765432', type: '2' }, { ip: from });
      const code = h.lastCode('+33698765432');
      const res = await h.post(
        FORGOT,
        { username: '33698765432', type: 'P', password: 'new-pass', code },
        { ip: from },
      );
      expect(res.code).toBe(0);
      expect((await h.login('33698765432', 'new-pass', { ip: from })).token).not.toBe('');
    });
  });
});
