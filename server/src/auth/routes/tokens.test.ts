import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefreshResponse } from '../../../../src/core/contract/auth';
import { describeOnBackends } from '../../db/testing';
import { authHarness, type AuthHarness } from '../testing';

const REFRESH = '/v1/wa-na/refresh';
const LOGOUT = '/v1/waa/user/logout';
const CHECK = '/exchange/checkToken';
const PROTECTED = '/v1/waa/user/totp/setup';
const DAY_MS = 24 * 60 * 60_000;

describeOnBackends('identity: tokens and sessions', { on: 'any' }, (backend) => {
  let h: AuthHarness;
  let seq = 0;
  const ip = () => `10.4.0.${++seq}`;
  beforeAll(async () => {
    h = await authHarness(backend);
  });
  afterAll(() => h?.close());

  const signedIn = async () => {
    const from = ip();
    const email = `user${seq}@example.com`;
    const uid = await h.registerEmail(email, 'p4ssword', { ip: from });
    return { uid, email, ...(await h.login(email, 'p4ssword', { ip: from })) };
  };
  const refresh = (refreshToken: string, token?: string) =>
    h.post<RefreshResponse>(REFRESH, { refreshToken, token });

  describe('POST /v1/wa-na/refresh', () => {
    it('rotates: a new access token and a new refresh token, and the family keeps going', async () => {
      const session = await signedIn();
      h.clock.advance(10 * 60_000);
      const first = await refresh(session.refreshToken, session.token);
      expect(first.code).toBe(0);
      expect(first.data.expiresAt).toBe(h.clock.now() + 15 * 60_000);
      expect(first.data.refreshToken).not.toBe(session.refreshToken);
      expect(first.data.token).not.toBe(session.token);
      const second = await refresh(first.data.refreshToken, first.data.token);
      expect(second.code).toBe(0);
      expect((await h.post(PROTECTED, {}, { token: second.data.token })).code).toBe(0);
    });

    it('takes the expired access token it replaces', async () => {
      const session = await signedIn();
      h.clock.advance(20 * 60_000);
      expect((await h.call(PROTECTED, {}, { token: session.token })).statusCode).toBe(401);
      expect((await refresh(session.refreshToken, session.token)).code).toBe(0);
    });

    it('rejects a reused refresh token with 23519, ends the family, and the next refresh fails too', async () => {
      const session = await signedIn();
      const rotated = await refresh(session.refreshToken);
      expect(rotated.code).toBe(0);
      expect(await refresh(session.refreshToken)).toEqual({ code: 23519, msg: 'login required', data: null });
      expect((await refresh(rotated.data.refreshToken)).code).toBe(23519);
      expect((await h.post(PROTECTED, {}, { token: rotated.data.token })).code).toBe(23519);
      expect((await h.post(PROTECTED, {}, { token: session.token })).code).toBe(23519);
    });

    it('leaves the other sessions of the user alone when one family is revoked', async () => {
      const session = await signedIn();
      const other = await h.login(session.email, 'p4ssword', { ip: ip() });
      await refresh(session.refreshToken);
      await refresh(session.refreshToken);
      expect((await refresh(other.refreshToken)).code).toBe(0);
    });

    it('answers 23519 to an unknown token and to an access token of another session', async () => {
      const a = await signedIn();
      const b = await signedIn();
      expect((await refresh('x'.repeat(43))).code).toBe(23519);
      expect((await refresh(a.refreshToken, b.token)).code).toBe(23519);
      expect((await refresh(a.refreshToken, 'not.a.jwt')).code).toBe(23519);
      expect((await refresh(a.refreshToken, a.token)).code).toBe(0);
    });

    it('answers 23519 once the 30-day family lifetime is over', async () => {
      let session: { refreshToken: string } = await signedIn();
      for (let day = 0; day < 29; day++) {
        h.clock.advance(24 * 60 * 60_000);
        const next = await refresh(session.refreshToken);
        expect(next.code).toBe(0);
        session = next.data;
      }
      h.clock.advance(24 * 60 * 60_000);
      expect((await refresh(session.refreshToken)).code).toBe(23519);
    });

    it('ends a session whose refresh token went unused for 7 days (ASVS 7.3.1), not one refreshed sooner', async () => {
      const idle = await signedIn();
      const active = await h.login(idle.email, 'p4ssword', { ip: ip() });
      h.clock.advance(7 * DAY_MS - 1);
      const kept = await refresh(active.refreshToken);
      expect(kept.code).toBe(0);
      h.clock.advance(1);
      expect(await refresh(idle.refreshToken)).toEqual({ code: 23519, msg: 'login required', data: null });
      const { rows } = await h.app.db.query<{ revoke_reason: string | null }>(
        `select s.revoke_reason from auth_sessions s join refresh_tokens t on t.session_id = s.id
          where t.token_hash = $1`,
        [createHash('sha256').update(idle.refreshToken).digest('hex')],
      );
      expect(rows).toEqual([{ revoke_reason: 'idle' }]);
      // The ended session stays ended: no later refresh revives it.
      expect((await refresh(idle.refreshToken)).code).toBe(23519);
      // The other session was refreshed 1 ms ago, so its week starts again from there.
      h.clock.advance(7 * DAY_MS - 2);
      const next = await refresh(kept.data.refreshToken);
      expect(next.code).toBe(0);
      expect((await h.post(PROTECTED, {}, { token: next.data.token })).code).toBe(0);
    });

    it('answers 1044 to a blocked user', async () => {
      const session = await signedIn();
      await h.app.db.query('update users set blocked = true where uid = $1', [session.uid]);
      expect((await refresh(session.refreshToken)).code).toBe(1044);
    });
  });

  describe('POST /v1/waa/user/logout', () => {
    it('ends the session: its token answers 23519 and its refresh token no longer works', async () => {
      const session = await signedIn();
      expect(await h.post(LOGOUT, {}, { token: session.token })).toEqual({
        code: 0,
        msg: 'success',
        data: null,
      });
      expect((await h.post(PROTECTED, {}, { token: session.token })).code).toBe(23519);
      expect((await refresh(session.refreshToken)).code).toBe(23519);
    });
  });

  describe('protected paths (/v1/waa/*)', () => {
    it('answer HTTP 401 without a token, with a forged one and with an expired one', async () => {
      const session = await signedIn();
      const missing = await h.call(PROTECTED);
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ code: 400, msg: 'not logged in', data: null });
      const [header, body] = session.token.split('.');
      expect((await h.call(PROTECTED, {}, { token: `${header}.${body}.forged` })).statusCode).toBe(401);
      h.clock.advance(15 * 60_000);
      expect((await h.call(PROTECTED, {}, { token: session.token })).statusCode).toBe(401);
    });

    it('answer 1002 when the user no longer exists', async () => {
      const session = await signedIn();
      await h.app.db.query('delete from users where uid = $1', [session.uid]);
      const res = await h.call(PROTECTED, {}, { token: session.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 1002, msg: 'user not found', data: null });
    });

    it('answer 1044 when the user is blocked', async () => {
      const session = await signedIn();
      await h.app.db.query('update users set blocked = true where uid = $1', [session.uid]);
      expect((await h.post(PROTECTED, {}, { token: session.token })).code).toBe(1044);
    });

    it("act on the token's own user only", async () => {
      const a = await signedIn();
      const b = await signedIn();
      await h.post(PROTECTED, {}, { token: a.token });
      const { rows } = await h.app.db.query<{ uid: string; pending: boolean }>(
        'select uid, totp_secret is not null as pending from users where uid = any($1) order by uid',
        [[a.uid, b.uid]],
      );
      expect(rows.find((row) => row.uid === a.uid)?.pending).toBe(true);
      expect(rows.find((row) => row.uid === b.uid)?.pending).toBe(false);
    });
  });

  describe('POST /exchange/checkToken', () => {
    it('answers 0 with the uid for a valid token and -1 for an invalid, expired or revoked one', async () => {
      const session = await signedIn();
      expect(await h.post(CHECK, { token: session.token })).toEqual({
        code: 0,
        msg: 'success',
        data: { uid: session.uid, virtualStatus: '0' },
      });
      expect(await h.post(CHECK, { token: 'garbage' })).toEqual({
        code: -1,
        msg: 'invalid token',
        data: null,
      });
      await h.post(LOGOUT, {}, { token: session.token });
      expect((await h.post(CHECK, { token: session.token })).code).toBe(-1);
      const fresh = await h.login(session.email, 'p4ssword', { ip: ip() });
      h.clock.advance(15 * 60_000);
      expect((await h.post(CHECK, { token: fresh.token })).code).toBe(-1);
    });
  });
});
