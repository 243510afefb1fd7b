import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnBackends } from '../../db/testing';
import { authHarness, type AuthHarness } from '../testing';

const SETUP = '/v1/waa/user/totp/setup';
const ENABLE = '/v1/waa/user/totp/enable';
const DISABLE = '/v1/waa/user/totp/disable';
const REFRESH = '/v1/wa-na/refresh';

describeOnBackends('identity: second factor', { on: 'any' }, (backend) => {
  let h: AuthHarness;
  let seq = 0;
  beforeAll(async () => {
    h = await authHarness(backend);
  });
  afterAll(() => h?.close());

  const signedIn = async () => {
    const from = `10.5.0.${++seq}`;
    const email = `totp${seq}@example.com`;
    await h.registerEmail(email, 'p4ssword', { ip: from });
    const session = await h.login(email, 'p4ssword', { ip: from });
    const as = { token: session.token, ip: from };
    return { email, from, as };
  };
  const wrongFor = (code: string) => (code === '123456' ? '654321' : '123456');

  describe('POST /v1/waa/user/totp/setup', () => {
    it('answers a base32 secret and an otpauth URI naming the brand and the account', async () => {
      const { email, as } = await signedIn();
      const res = await h.post<{ secret: string; otpauthUri: string }>(SETUP, {}, as);
      expect(res.code).toBe(0);
      expect(res.data.secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(res.data.otpauthUri);
      expect(decodeURIComponent(uri.pathname)).toBe(`/TradeKit:${email}`);
      expect(uri.searchParams.get('secret')).toBe(res.data.secret);
      expect(uri.searchParams.get('issuer')).toBe('TradeKit');
    });

    it('leaves login unchanged until the secret is confirmed', async () => {
      const { email, from, as } = await signedIn();
      await h.post(SETUP, {}, as);
      expect((await h.login(email, 'p4ssword', { ip: from })).qrcodeStatus).toBe(1);
    });

    it('answers 1017 when the second factor is already on', async () => {
      const { as } = await signedIn();
      const setup = await h.post<{ secret: string }>(SETUP, {}, as);
      await h.post(ENABLE, { code: h.totp(setup.data.secret) }, as);
      expect((await h.post(SETUP, {}, as)).code).toBe(1017);
    });
  });

  describe('POST /v1/waa/user/totp/enable', () => {
    it('turns the second factor on with a current code of the pending secret', async () => {
      const { email, from, as } = await signedIn();
      const setup = await h.post<{ secret: string }>(SETUP, {}, as);
      expect(await h.post(ENABLE, { code: h.totp(setup.data.secret) }, as)).toEqual({
        code: 0,
        msg: 'success',
        data: null,
      });
      expect((await h.login(email, 'p4ssword', { ip: from })).qrcodeStatus).toBe(0);
    });

    it('uses up the code it was enabled with', async () => {
      const { email, from, as } = await signedIn();
      const setup = await h.post<{ secret: string }>(SETUP, {}, as);
      const code = h.totp(setup.data.secret);
      await h.post(ENABLE, { code }, as);
      const res = await h.post(
        '/v1/wa-na/login',
        { username: email, type: 'E', password: 'p4ssword', command: 'verification', authCode: code },
        { ip: from },
      );
      expect(res.code).toBe(1020);
    });

    it('ends every other session of the user (ASVS 7.4.3) and keeps the one that turned it on', async () => {
      const { email, from, as } = await signedIn();
      const other = await h.login(email, 'p4ssword', { ip: from });
      const stranger = await signedIn();
      const setup = await h.post<{ secret: string }>(SETUP, {}, as);
      expect((await h.post(ENABLE, { code: h.totp(setup.data.secret) }, as)).code).toBe(0);
      expect((await h.post(SETUP, {}, { token: other.token, ip: from })).code).toBe(23519);
      expect((await h.post(REFRESH, { refreshToken: other.refreshToken })).code).toBe(23519);
      const { rows } = await h.app.db.query<{ revoke_reason: string | null }>(
        `select revoke_reason from auth_sessions s join users u on u.id = s.user_id
          where u.email = $1`,
        [email],
      );
      expect(rows.map((row) => row.revoke_reason).sort()).toEqual([null, 'second-factor']);
      // The session that made the change, and other users' sessions, go on.
      expect((await h.post(SETUP, {}, as)).code).toBe(1017);
      expect((await h.post(SETUP, {}, stranger.as)).code).toBe(0);
    });

    it('answers 1021 without a setup, 1020 for a wrong code and 1110 after 5 wrong codes', async () => {
      const { email, from, as } = await signedIn();
      expect((await h.post(ENABLE, { code: '123456' }, as)).code).toBe(1021);
      const setup = await h.post<{ secret: string }>(SETUP, {}, as);
      const wrong = wrongFor(h.totp(setup.data.secret));
      for (let i = 0; i < 5; i++) expect((await h.post(ENABLE, { code: wrong }, as)).code).toBe(1020);
      expect((await h.post(ENABLE, { code: h.totp(setup.data.secret) }, as)).code).toBe(1110);
      h.clock.advance(15 * 60_000);
      const later = { token: (await h.login(email, 'p4ssword', { ip: from })).token, ip: from };
      expect((await h.post(ENABLE, { code: h.totp(setup.data.secret) }, later)).code).toBe(0);
    });

    it('answers HTTP 401 without a token', async () => {
      expect((await h.call(ENABLE, { code: '123456' })).statusCode).toBe(401);
    });
  });

  describe('POST /v1/waa/user/totp/disable', () => {
    it('turns the second factor off with a current code', async () => {
      const { email, from, as } = await signedIn();
      const setup = await h.post<{ secret: string }>(SETUP, {}, as);
      await h.post(ENABLE, { code: h.totp(setup.data.secret) }, as);
      h.clock.advance(30_000);
      expect((await h.post(DISABLE, { code: wrongFor(h.totp(setup.data.secret)) }, as)).code).toBe(1020);
      expect((await h.post(DISABLE, { code: h.totp(setup.data.secret) }, as)).code).toBe(0);
      expect((await h.login(email, 'p4ssword', { ip: from })).qrcodeStatus).toBe(1);
      const { rows } = await h.app.db.query('select totp_secret, totp_enabled from users where email = $1', [
        email,
      ]);
      expect(rows[0]).toEqual({ totp_secret: null, totp_enabled: false });
    });

    it('does not take the code that was already used to sign in', async () => {
      const { email, from, as } = await signedIn();
      const setup = await h.post<{ secret: string }>(SETUP, {}, as);
      await h.post(ENABLE, { code: h.totp(setup.data.secret) }, as);
      h.clock.advance(30_000);
      const code = h.totp(setup.data.secret);
      const login = {
        username: email,
        type: 'E',
        password: 'p4ssword',
        command: 'verification',
        authCode: code,
      };
      expect((await h.post('/v1/wa-na/login', login, { ip: from })).code).toBe(0);
      expect((await h.post(DISABLE, { code }, as)).code).toBe(1020);
    });

    it('ends the other sessions of the user and keeps the one that turned it off', async () => {
      const { email, from, as } = await signedIn();
      const setup = await h.post<{ secret: string }>(SETUP, {}, as);
      await h.post(ENABLE, { code: h.totp(setup.data.secret) }, as);
      h.clock.advance(30_000);
      const login = { username: email, type: 'E', password: 'p4ssword', command: 'verification' };
      const other = await h.post<{ token: string; refreshToken: string }>(
        '/v1/wa-na/login',
        { ...login, authCode: h.totp(setup.data.secret) },
        { ip: from },
      );
      expect(other.code).toBe(0);
      h.clock.advance(30_000);
      expect((await h.post(DISABLE, { code: h.totp(setup.data.secret) }, as)).code).toBe(0);
      expect((await h.post(SETUP, {}, { token: other.data.token, ip: from })).code).toBe(23519);
      expect((await h.post(REFRESH, { refreshToken: other.data.refreshToken })).code).toBe(23519);
      expect((await h.post(SETUP, {}, as)).code).toBe(0);
    });

    it('answers 1017 when the second factor is off', async () => {
      const { as } = await signedIn();
      expect((await h.post(DISABLE, { code: '123456' }, as)).code).toBe(1017);
    });
  });

  describe('POST /v1/wa-na/forgot with the second factor on', () => {
    it('resets the password but the next login still asks for the second factor (ASVS 6.4.3)', async () => {
      const { email, from, as } = await signedIn();
      const setup = await h.post<{ secret: string }>(SETUP, {}, as);
      await h.post(ENABLE, { code: h.totp(setup.data.secret) }, as);
      expect(
        (await h.post('/v1/wa-na/sendMail', { email, type: '2', locale: 'en' }, { ip: from })).code,
      ).toBe(0);
      const reset = { username: email, type: 'E', password: 'n3w-password', code: h.lastCode(email) };
      expect((await h.post('/v1/wa-na/forgot', reset, { ip: from })).code).toBe(0);
      const login = await h.post<{ token: string; qrcodeStatus: number }>(
        '/v1/wa-na/login',
        { username: email, type: 'E', password: 'n3w-password' },
        { ip: from },
      );
      expect(login.data).toMatchObject({ token: '', qrcodeStatus: 0 });
      const withoutCode = { username: email, type: 'E', password: 'n3w-password', command: 'verification' };
      expect((await h.post('/v1/wa-na/login', withoutCode, { ip: from })).code).toBe(1020);
      h.clock.advance(30_000);
      const full = await h.post(
        '/v1/wa-na/login',
        { ...withoutCode, authCode: h.totp(setup.data.secret) },
        { ip: from },
      );
      expect(full.code).toBe(0);
    });
  });
});
