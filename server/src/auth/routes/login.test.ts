import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '../../../../src/core/contract/auth';
import { describeOnBackends } from '../../db/testing';
import { verifyJwt } from '../jwt';
import { passwordHasher } from '../passwords';
import { deriveKeys } from '../secrets';
import { authHarness, type AuthHarness } from '../testing';

const LOGIN = '/v1/wa-na/login';

describeOnBackends('identity: login', { on: 'postgres' }, (backend) => {
  let h: AuthHarness;
  let ipSeq = 0;
  const ip = () => `10.3.0.${++ipSeq}`;
  beforeAll(async () => {
    h = await authHarness(backend);
  });
  afterAll(() => h?.close());

  const login = (username: string, password: string, from: string, extra: object = {}) =>
    h.post<LoginResponse>(
      LOGIN,
      { username, type: username.includes('@') ? 'E' : 'P', password, ...extra },
      { ip: from },
    );

  /** Turns the second factor on for a fresh account and returns its secret. */
  const withSecondFactor = async (email: string, from: string) => {
    await h.registerEmail(email, 'p4ssword', { ip: from });
    const session = await h.login(email, 'p4ssword', { ip: from });
    const setup = await h.post<{ secret: string }>(
      '/v1/waa/user/totp/setup',
      {},
      { token: session.token, ip: from },
    );
    const enabled = await h.post(
      '/v1/waa/user/totp/enable',
      { code: h.totp(setup.data.secret) },
      { token: session.token, ip: from },
    );
    expect(enabled.code).toBe(0);
    h.clock.advance(30_000);
    return setup.data.secret;
  };

  describe('POST /v1/wa-na/login', () => {
    it('signs in with email and password: a 15-minute signed token with the real account, and a refresh token', async () => {
      const from = ip();
      const uid = await h.registerEmail('sam@example.com', 'p4ssword', { ip: from });
      const res = await login('SAM@example.com', 'p4ssword', from);
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({ qrcodeStatus: 1, expiresAt: h.clock.now() + 15 * 60_000 });
      expect(res.data.refreshToken).toMatch(/^[\w-]{43}$/);
      const payload = verifyJwt(
        res.data.token,
        deriveKeys('identity-test-secret-0123456789-abcdef').token,
        h.clock.now(),
      );
      expect(payload).toMatchObject({
        uid,
        virtualStatus: '0',
        aesKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
    });

    it('signs in with a phone number given without plus', async () => {
      const from = ip();
      await h.post('/v1/wa-na/sendPhone', { phone: '33611112222', type: '1' }, { ip: from });
      const code = h.lastCode('+33611112222');
      await h.post(
        '/v1/wa-na/register',
        { username: '33611112222', type: 'P', password: 'p4ssword', code },
        { ip: from },
      );
      expect((await login('33611112222', 'p4ssword', from)).data.qrcodeStatus).toBe(1);
      expect((await login('+33 6 11 11 22 22', 'p4ssword', from)).code).toBe(0);
    });

    it('answers 1108 to a wrong password', async () => {
      const from = ip();
      await h.registerEmail('wrong@example.com', 'p4ssword', { ip: from });
      expect(await login('wrong@example.com', 'not-the-password', from)).toEqual({
        code: 1108,
        msg: 'incorrect account or password',
        data: null,
      });
    });

    it('answers an unknown account exactly like a wrong password, after the same Argon2 verification', async () => {
      const from = ip();
      await h.registerEmail('known@example.com', 'p4ssword', { ip: from });
      const verify = vi.spyOn(passwordHasher, 'verify');
      const unknown = await login('unknown@example.com', 'p4ssword', from);
      expect(verify).toHaveBeenCalledTimes(1);
      const wrong = await login('known@example.com', 'not-the-password', from);
      expect(verify).toHaveBeenCalledTimes(2);
      const malformed = await login('not-an-email', 'p4ssword', from);
      expect(verify).toHaveBeenCalledTimes(3);
      const [dummy, real] = verify.mock.calls.map((call) => call[0]);
      expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(real).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(dummy).not.toBe(real);
      verify.mockRestore();
      expect(unknown).toEqual(wrong);
      expect(malformed).toEqual(wrong);
    });

    it('answers 1044 to a blocked user, but only with the right password', async () => {
      const from = ip();
      await h.registerEmail('blocked@example.com', 'p4ssword', { ip: from });
      await h.app.db.query('update users set blocked = true where email = $1', ['blocked@example.com']);
      expect((await login('blocked@example.com', 'p4ssword', from)).code).toBe(1044);
      expect((await login('blocked@example.com', 'wrong-pass', from)).code).toBe(1108);
    });

    it('asks for the second factor with qrcodeStatus 0 and no tokens', async () => {
      const from = ip();
      await withSecondFactor('two@example.com', from);
      const res = await login('two@example.com', 'p4ssword', from);
      expect(res).toEqual({
        code: 0,
        msg: 'success',
        data: { qrcodeStatus: 0, token: '', refreshToken: '', expiresAt: null },
      });
    });

    it('signs in with command "verification" and a current TOTP code, accepting each code once', async () => {
      const from = ip();
      const secret = await withSecondFactor('once@example.com', from);
      const authCode = h.totp(secret);
      const first = await login('once@example.com', 'p4ssword', from, { command: 'verification', authCode });
      expect(first.code).toBe(0);
      expect(first.data.qrcodeStatus).toBe(1);
      expect(first.data.token).not.toBe('');
      const replay = await login('once@example.com', 'p4ssword', from, { command: 'verification', authCode });
      expect(replay.code).toBe(1020);
      h.clock.advance(30_000);
      const next = await login('once@example.com', 'p4ssword', from, {
        command: 'verification',
        authCode: h.totp(secret),
      });
      expect(next.code).toBe(0);
    });

    it('answers 1020 to a wrong TOTP code and 1108 to a wrong password even with a right code', async () => {
      const from = ip();
      const secret = await withSecondFactor('wrongcode@example.com', from);
      const code = h.totp(secret);
      const wrong = code === '000000' ? '000001' : '000000';
      expect(
        (await login('wrongcode@example.com', 'p4ssword', from, { command: 'verification', authCode: wrong }))
          .code,
      ).toBe(1020);
      expect(
        (await login('wrongcode@example.com', 'p4ssword', from, { command: 'verification', authCode: '' }))
          .code,
      ).toBe(1020);
      expect(
        (await login('wrongcode@example.com', 'bad-pass', from, { command: 'verification', authCode: code }))
          .code,
      ).toBe(1108);
    });

    it('clears the current-password window of the user on a full login', async () => {
      const from = ip();
      await h.registerEmail('changer@example.com', 'p4ssword', { ip: from });
      const change = (token: string, oldPassword: string) =>
        h.post(
          '/v1/waa/user/password/submit',
          { oldPassword, newPassword: 'n3w-password' },
          { token, ip: from },
        );
      const stolen = await h.login('changer@example.com', 'p4ssword', { ip: from });
      for (let i = 0; i < 5; i++) expect((await change(stolen.token, `guess-${i}`)).code).toBe(1109);
      expect((await change(stolen.token, 'p4ssword')).code).toBe(23519);
      const owner = await h.login('changer@example.com', 'p4ssword', { ip: from });
      expect((await change(owner.token, 'p4ssword')).code).toBe(0);
    });

    it('takes a 64-character passphrase of any characters and checks it exactly as typed (ASVS 6.2.5, 6.2.8, 6.2.9)', async () => {
      const from = ip();
      const passphrase = ' Correct Horse ✓ Battery Staple — ünïcode & spaces, 64 chars!!! ';
      expect([...passphrase]).toHaveLength(64);
      await h.registerEmail('phrase@example.com', passphrase, { ip: from });
      for (const altered of [passphrase.trim(), passphrase.toLowerCase(), passphrase.slice(0, 63)]) {
        expect((await login('phrase@example.com', altered, from)).code).toBe(1108);
      }
      h.clock.advance(15 * 60_000);
      expect((await login('phrase@example.com', passphrase, from)).code).toBe(0);
    });

    it("does not sign an account in on another brand's site (ASVS 8.4.1)", async () => {
      const from = ip();
      await h.registerEmail('tenant@example.com', 'p4ssword', { ip: from });
      const elsewhere = await h.post(
        LOGIN,
        { username: 'tenant@example.com', type: 'E', password: 'p4ssword' },
        { ip: from, brand: 'aurora' },
      );
      expect(elsewhere.code).toBe(1108);
      expect((await login('tenant@example.com', 'p4ssword', from)).code).toBe(0);
    });

    it('answers 1001 to a login type that is neither E nor P', async () => {
      const res = await h.post(
        LOGIN,
        { username: 'a@example.com', type: 'X', password: 'p4ssword' },
        { ip: ip() },
      );
      expect(res.code).toBe(1001);
    });
  });
});
