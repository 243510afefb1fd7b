/**
 * ASVS 7.2.4 (decision SEC9): signing in again in a browser ends the session that browser held. Each "browser"
 * here keeps the cookies the server sets and sends each one only to its path, as a browser does.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LoginResponse } from '../../../../src/core/contract/auth';
import { describeOnBackends } from '../../db/testing';
import { MARK_COOKIE, MARK_COOKIE_PATH, REFRESH_COOKIE } from '../refresh-cookie';
import { sessionMark } from '../session-mark';
import type { RevokeEvent } from '../sessions';
import { authHarness, setCookies, type AuthHarness } from '../testing';

const LOGIN = '/v1/wa-na/login';
const REFRESH = '/v1/wa-na/refresh';
const LOGOUT = '/v1/waa/user/logout';
const LIST = '/v1/waa/user/sessions';
const PAGE = 'https://partner.example';

interface Envelope<T = unknown> {
  code: number;
  data: T;
}

describeOnBackends(
  'identity: signing in again ends the browser’s session (ASVS 7.2.4)',
  { on: 'any' },
  (backend) => {
    let h: AuthHarness;
    let seq = 0;
    beforeAll(async () => {
      h = await authHarness(backend);
    });
    afterAll(() => h?.close());

    /** A browser on `origin`: a cookie jar, and requests that carry the cookies whose path they are under. */
    function browser(origin = PAGE, site = 'cross-site') {
      const ip = `10.11.0.${++seq}`;
      const jar = new Map<string, { value: string; path: string }>();
      async function send<T = unknown>(url: string, payload: object = {}, token?: string) {
        const cookie = [...jar]
          .filter(([, c]) => url.startsWith(c.path))
          .map(([name, c]) => `${name}=${c.value}`)
          .join('; ');
        const res = await h.app.inject({
          method: 'POST',
          url,
          remoteAddress: ip,
          payload,
          headers: {
            origin,
            'sec-fetch-site': site,
            ...(cookie ? { cookie } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        });
        for (const line of setCookies(res)) {
          const [pair = '', ...attributes] = line.split('; ');
          const name = pair.slice(0, pair.indexOf('='));
          const path = attributes.find((a) => a.startsWith('Path='))?.slice('Path='.length) ?? '/';
          if (attributes.includes('Max-Age=0')) jar.delete(name);
          else jar.set(name, { value: pair.slice(name.length + 1), path });
        }
        return { res, body: res.json<Envelope<T>>() };
      }
      const login = async (email: string, password = 'p4ssword', extra: object = {}) =>
        (await send<LoginResponse>(LOGIN, { username: email, type: 'E', password, ...extra })).body;
      return { ip, jar, send, login };
    }

    const newUser = async () => {
      const email = `again${++seq}@example.com`;
      await h.registerEmail(email, 'p4ssword', { ip: `10.11.1.${seq}` });
      return email;
    };
    /** 0 while the session of `token` lives, 23519 once it ended. */
    const alive = async (token: string) => (await h.post(LIST, {}, { token })).code;
    const sessionOf = async (token: string) => {
      const check = await h.app.auth.checkToken(token);
      if (!check.ok) throw new Error('not a live token');
      return check.auth.sessionId;
    };
    /** Sends `refreshToken` as the refresh cookie of a page on PAGE. */
    const refreshWith = async (refreshToken: string) =>
      (
        await h.app.inject({
          method: 'POST',
          url: REFRESH,
          headers: {
            origin: PAGE,
            'sec-fetch-site': 'cross-site',
            cookie: `${REFRESH_COOKIE}=${refreshToken}`,
          },
          payload: {},
        })
      ).json<Envelope>().code;
    const revocations = () => {
      const events: RevokeEvent[] = [];
      const stop = h.app.auth.onRevoke((event) => events.push(event));
      return { events, stop };
    };

    it('ends the session the browser held: its refresh cookie and access token are refused and its listeners hear of it', async () => {
      const email = await newUser();
      const tab = browser();
      const first = await tab.login(email);
      const firstRefresh = tab.jar.get(REFRESH_COOKIE)?.value ?? '';
      const firstSession = await sessionOf(first.data.token);
      const heard = revocations();
      const second = await tab.login(email);
      heard.stop();
      expect(second.code).toBe(0);
      expect(heard.events).toEqual([
        { userId: expect.any(String), sessionIds: [firstSession], reason: 'signed-in-again' },
      ]);
      expect(await alive(first.data.token)).toBe(23519);
      expect(await refreshWith(firstRefresh)).toBe(23519);
      expect(await alive(second.data.token)).toBe(0);
      expect((await tab.send(REFRESH)).body.code).toBe(0);
    });

    it('ends it only when the sign-in succeeds: not on a wrong password, not at the second-factor prompt', async () => {
      const email = await newUser();
      const api = await h.login(email, 'p4ssword', { ip: `10.11.2.${seq}` });
      const setup = await h.post<{ secret: string }>('/v1/waa/user/totp/setup', {}, { token: api.token });
      await h.post('/v1/waa/user/totp/enable', { code: h.totp(setup.data.secret) }, { token: api.token });
      h.clock.advance(30_000);
      const tab = browser();
      expect((await tab.login(email)).data.qrcodeStatus).toBe(0);
      const first = await tab.login(email, 'p4ssword', {
        command: 'verification',
        authCode: h.totp(setup.data.secret),
      });
      expect(first.code).toBe(0);
      h.clock.advance(30_000);
      expect((await tab.login(email, 'wrong-password')).code).toBe(1108);
      expect((await tab.login(email)).data.qrcodeStatus).toBe(0);
      expect(await alive(first.data.token)).toBe(0);
      const second = await tab.login(email, 'p4ssword', {
        command: 'verification',
        authCode: h.totp(setup.data.secret),
      });
      expect(second.code).toBe(0);
      expect(await alive(first.data.token)).toBe(23519);
      // The session of the client that is no browser (it got no mark) is not this browser's: it stays.
      expect(await alive(api.token)).toBe(0);
    });

    it('leaves the session of another browser of the same user alone', async () => {
      const email = await newUser();
      const [phone, desk] = [browser(), browser('https://platform.example', 'same-origin')];
      const phoneFirst = await phone.login(email);
      const deskFirst = await desk.login(email);
      expect(await alive(phoneFirst.data.token)).toBe(0);
      const phoneSecond = await phone.login(email);
      expect(await alive(phoneFirst.data.token)).toBe(23519);
      expect(await alive(deskFirst.data.token)).toBe(0);
      expect(await alive(phoneSecond.data.token)).toBe(0);
    });

    it('ends nothing for a forged mark, a mark of another user’s session, or the mark of an ended session', async () => {
      const [email, stranger] = [await newUser(), await newUser()];
      const tab = browser();
      const held = await tab.login(email);
      const heldSession = await sessionOf(held.data.token);
      const strangerTab = browser();
      const strangers = await strangerTab.login(stranger);
      const heard = revocations();
      const forgedMarks = [
        sessionMark(Buffer.alloc(32, 7), heldSession),
        `${heldSession}.${'A'.repeat(43)}`,
        heldSession,
        'x',
      ];
      for (const forged of forgedMarks) {
        const other = browser();
        other.jar.set(MARK_COOKIE, { value: forged, path: MARK_COOKIE_PATH });
        expect((await other.login(email)).code).toBe(0);
      }
      // The stranger's browser (a real mark) signs in as this user: the stranger's session is not this user's.
      expect((await strangerTab.login(email)).code).toBe(0);
      expect(await alive(strangers.data.token)).toBe(0);
      heard.stop();
      expect(heard.events).toEqual([]);
      expect(await alive(held.data.token)).toBe(0);

      // A stale mark: its session already ended, so it ends nothing more.
      const staleMark = tab.jar.get(MARK_COOKIE)?.value ?? '';
      const current = await tab.login(email);
      const stale = browser();
      stale.jar.set(MARK_COOKIE, { value: staleMark, path: MARK_COOKIE_PATH });
      expect((await stale.login(email)).code).toBe(0);
      expect(await alive(current.data.token)).toBe(0);
    });

    it('keeps the mark in an HttpOnly cookie of the sign-in path, renewed by refresh and cleared by logout', async () => {
      const email = await newUser();
      const tab = browser();
      const { res, body } = await tab.send<LoginResponse>(LOGIN, {
        username: email,
        type: 'E',
        password: 'p4ssword',
      });
      const line = setCookies(res).find((l) => l.startsWith(`${MARK_COOKIE}=`)) ?? '';
      for (const attribute of [
        `Path=${MARK_COOKIE_PATH}`,
        'HttpOnly',
        'Secure',
        'SameSite=None',
        'Partitioned',
      ])
        expect(line).toContain(`; ${attribute}`);
      const mark = tab.jar.get(MARK_COOKIE)?.value ?? '';
      expect(mark).toMatch(/^[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);
      expect(mark.split('.')[0]).toBe(await sessionOf(body.data.token));
      // Sent to the sign-in call only.
      expect(MARK_COOKIE_PATH).toBe(LOGIN);

      const refreshed = await tab.send(REFRESH);
      expect(refreshed.body.code).toBe(0);
      expect(setCookies(refreshed.res).filter((l) => l.startsWith(`${MARK_COOKIE}=${mark};`))).toHaveLength(
        1,
      );

      const out = await tab.send(LOGOUT, {}, body.data.token);
      expect(out.body.code).toBe(0);
      const cleared = setCookies(out.res).filter((l) => l.startsWith(`${MARK_COOKIE}=;`));
      expect(cleared).toHaveLength(2);
      expect(cleared.every((l) => l.includes('Max-Age=0') && l.includes(`Path=${MARK_COOKIE_PATH}`))).toBe(
        true,
      );
      expect(tab.jar.has(MARK_COOKIE)).toBe(false);
    });
  },
);
