import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnBackends } from '../../db/testing';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '../refresh-cookie';
import { authHarness, setCookies, type AuthHarness } from '../testing';

const LOGIN = '/v1/wa-na/login';
const REFRESH = '/v1/wa-na/refresh';
const LOGOUT = '/v1/waa/user/logout';
const PROTECTED = '/v1/waa/user/totp/setup';
const PAGE = 'https://partner.example';

/** The refresh token a Set-Cookie line gives the browser ('' when it clears it). */
function cookieToken(res: LightMyRequestResponse): string | null {
  const line = setCookies(res).find((l) => l.startsWith(`${REFRESH_COOKIE}=`));
  return line ? line.slice(REFRESH_COOKIE.length + 1, line.indexOf(';')) : null;
}

describeOnBackends(
  'identity: the refresh token of a browser is an HttpOnly cookie',
  { on: 'any' },
  (backend) => {
    let h: AuthHarness;
    let seq = 0;
    beforeAll(async () => {
      h = await authHarness(backend);
    });
    afterAll(() => h?.close());

    /** Signs in as a browser on `origin` would: the Origin header, and fetch metadata for the site. */
    async function browserLogin(origin = PAGE, site = 'cross-site') {
      const ip = `10.9.0.${++seq}`;
      const email = `cookie${seq}@example.com`;
      await h.registerEmail(email, 'p4ssword', { ip });
      const res = await h.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress: ip,
        headers: { origin, 'sec-fetch-site': site },
        payload: { username: email, type: 'E', password: 'p4ssword' },
      });
      return { res, body: res.json<{ code: number; data: { token: string; refreshToken: string } }>() };
    }

    const refreshWithCookie = (cookie: string | null, origin: string | null, token?: string) =>
      h.app.inject({
        method: 'POST',
        url: REFRESH,
        headers: {
          ...(origin ? { origin, 'sec-fetch-site': 'cross-site' } : {}),
          ...(cookie !== null ? { cookie: `${REFRESH_COOKIE}=${cookie}` } : {}),
        },
        payload: token ? { token } : {},
      });

    it('signs a browser in with the refresh token only in the cookie: HttpOnly, Secure, partitioned, one path', async () => {
      const { res, body } = await browserLogin();
      expect(body.code).toBe(0);
      expect(body.data.token).not.toBe('');
      expect(body.data.refreshToken).toBe('');
      const [line] = setCookies(res);
      expect(line).toMatch(new RegExp(`^${REFRESH_COOKIE}=[A-Za-z0-9_-]{43};`));
      for (const attribute of [
        `Path=${REFRESH_COOKIE_PATH}`,
        'HttpOnly',
        'Secure',
        'SameSite=None',
        'Partitioned',
      ])
        expect(line).toContain(`; ${attribute}`);
    });

    it('keeps the cookie SameSite=Strict and unpartitioned on the platform’s own site', async () => {
      const { res } = await browserLogin('https://platform.example', 'same-origin');
      const [line] = setCookies(res);
      expect(line).toContain('; SameSite=Strict');
      expect(line).not.toContain('Partitioned');
    });

    it('gives a client without an Origin (not a browser) the spec’s body token and no cookie', async () => {
      const email = `nobrowser${++seq}@example.com`;
      await h.registerEmail(email, 'p4ssword', { ip: `10.9.1.${seq}` });
      const login = await h.login(email, 'p4ssword', { ip: `10.9.1.${seq}` });
      expect(login.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('refreshes from the cookie on the session’s own origin and rotates the cookie', async () => {
      const { res, body } = await browserLogin();
      const first = cookieToken(res);
      h.clock.advance(20 * 60_000);
      const refreshed = await refreshWithCookie(first, PAGE, body.data.token);
      expect(refreshed.json().code).toBe(0);
      expect(refreshed.json().data.refreshToken).toBe('');
      const second = cookieToken(refreshed);
      expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(second).not.toBe(first);
      expect((await h.post(PROTECTED, {}, { token: refreshed.json().data.token })).code).toBe(0);
    });

    it('refuses the cookie from any other origin, and from a client with no origin, without rotating it', async () => {
      const { res } = await browserLogin();
      const cookie = cookieToken(res);
      for (const origin of ['https://attacker.example', 'null', null]) {
        const refused = await refreshWithCookie(cookie, origin);
        expect(refused.json().code).toBe(23519);
      }
      // The same cookie sent as a body token by a script elsewhere is refused the same way.
      expect((await h.post(REFRESH, { refreshToken: cookie })).code).toBe(23519);
      // Nothing was rotated or revoked: the trader's own page still refreshes.
      expect((await refreshWithCookie(cookie, PAGE)).json().code).toBe(0);
    });

    it('answers 23519 to a refresh with neither body token nor cookie', async () => {
      expect((await refreshWithCookie(null, PAGE)).json().code).toBe(23519);
    });

    it('revokes the family on reuse of a rotated cookie and clears the cookie', async () => {
      const { res } = await browserLogin();
      const first = cookieToken(res);
      const rotated = await refreshWithCookie(first, PAGE);
      const reused = await refreshWithCookie(first, PAGE);
      expect(reused.json().code).toBe(23519);
      expect(setCookies(reused).every((line) => line.includes('Max-Age=0'))).toBe(true);
      expect((await refreshWithCookie(cookieToken(rotated), PAGE)).json().code).toBe(23519);
    });

    it('logout ends the session and clears the cookie in both of its forms', async () => {
      const { res, body } = await browserLogin();
      const cookie = cookieToken(res);
      const out = await h.app.inject({
        method: 'POST',
        url: LOGOUT,
        headers: { origin: PAGE, authorization: `Bearer ${body.data.token}` },
        payload: {},
      });
      expect(out.json().code).toBe(0);
      // (The session mark's cookie is cleared beside it: login-session.test.ts.)
      const lines = setCookies(out).filter((line) => line.startsWith(`${REFRESH_COOKIE}=`));
      expect(lines).toHaveLength(2);
      expect(
        lines.every((line) => line.startsWith(`${REFRESH_COOKIE}=;`) && line.includes('Max-Age=0')),
      ).toBe(true);
      expect(lines.some((line) => line.includes('Partitioned'))).toBe(true);
      expect((await refreshWithCookie(cookie, PAGE)).json().code).toBe(23519);
    });
  },
);
