import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeOnBackends } from '../db/testing';
import { verifyJwt } from './jwt';
import { passwordHasher } from './passwords';
import type { RevokeEvent } from './sessions';
import { deriveKeys } from './secrets';
import { authHarness, type AuthHarness } from './testing';

const PROTECTED = '/v1/waa/user/totp/setup';

describeOnBackends('app.auth', { on: 'any' }, (backend) => {
  let h: AuthHarness;
  let seq = 0;
  const created: Array<{ uid: string; brandId: string; seen: number }> = [];
  beforeAll(async () => {
    h = await authHarness(backend);
    h.app.auth.onUserCreated(async (tx, user) => {
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from users where id = $1', [
        user.id,
      ]);
      created.push({ uid: user.uid, brandId: user.brandId, seen: rows[0]?.n ?? 0 });
    });
  });
  afterAll(() => h?.close());

  const newUser = async () => {
    const from = `10.6.0.${++seq}`;
    const email = `svc${seq}@example.com`;
    const uid = await h.registerEmail(email, 'p4ssword', { ip: from });
    const { rows } = await h.app.db.query<{ id: string }>('select id from users where uid = $1', [uid]);
    return { id: (rows[0] as { id: string }).id, uid, email, from };
  };

  it('runs user-created hooks inside the registration transaction', async () => {
    const user = await newUser();
    expect(created).toContainEqual({ uid: user.uid, brandId: 'tradekit', seen: 1 });
  });

  it('issueSession opens a session whose tokens work, also inside a caller transaction', async () => {
    const user = await newUser();
    const tokens = await h.app.db.transaction((tx) =>
      h.app.auth.issueSession(tx, user.id, { virtual: true }),
    );
    expect((await h.post(PROTECTED, {}, { token: tokens.token })).code).toBe(0);
    const payload = verifyJwt(
      tokens.token,
      deriveKeys('identity-test-secret-0123456789-abcdef').token,
      h.clock.now(),
    );
    expect(payload?.virtualStatus).toBe('1');
    expect((await h.post('/v1/wa-na/refresh', { refreshToken: tokens.refreshToken })).code).toBe(0);
  });

  it('reissueAccessToken switches the account of a live session and keeps its AES key', async () => {
    const user = await newUser();
    const session = await h.login(user.email, 'p4ssword', { ip: user.from });
    const key = deriveKeys('identity-test-secret-0123456789-abcdef').token;
    const before = verifyJwt(session.token, key, h.clock.now());
    const demo = await h.app.auth.reissueAccessToken(before?.sid as string, { virtual: true });
    const after = verifyJwt(demo.token, key, h.clock.now());
    expect(after).toMatchObject({ sid: before?.sid, aesKey: before?.aesKey, virtualStatus: '1' });
    const refreshed = await h.post<{ token: string }>('/v1/wa-na/refresh', {
      refreshToken: session.refreshToken,
    });
    expect(verifyJwt(refreshed.data.token, key, h.clock.now())?.virtualStatus).toBe('1');
    await h.post('/v1/waa/user/logout', {}, { token: demo.token });
    await expect(
      h.app.auth.reissueAccessToken(before?.sid as string, { virtual: false }),
    ).rejects.toMatchObject({ code: 23519 });
  });

  it('revokeAllSessions ends every session of the user and tells the listeners', async () => {
    const user = await newUser();
    const other = await newUser();
    const a = await h.login(user.email, 'p4ssword', { ip: user.from });
    const b = await h.login(user.email, 'p4ssword', { ip: user.from });
    const untouched = await h.login(other.email, 'p4ssword', { ip: other.from });
    const events: RevokeEvent[] = [];
    const stop = h.app.auth.onRevoke((event) => events.push(event));
    expect(await h.app.auth.revokeAllSessions(user.id, 'blocked')).toBeGreaterThanOrEqual(2);
    stop();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userId: user.id, reason: 'blocked' });
    expect(events[0]?.sessionIds.length).toBeGreaterThanOrEqual(2);
    for (const session of [a, b])
      expect((await h.post(PROTECTED, {}, { token: session.token })).code).toBe(23519);
    expect((await h.post(PROTECTED, {}, { token: untouched.token })).code).toBe(0);
    await h.app.auth.revokeAllSessions(user.id);
    expect(events).toHaveLength(1);
  });

  it('tells the listeners of a logout and of a reused refresh token', async () => {
    const user = await newUser();
    const events: RevokeEvent[] = [];
    const stop = h.app.auth.onRevoke((event) => events.push(event));
    const a = await h.login(user.email, 'p4ssword', { ip: user.from });
    await h.post('/v1/waa/user/logout', {}, { token: a.token });
    const b = await h.login(user.email, 'p4ssword', { ip: user.from });
    await h.post('/v1/wa-na/refresh', { refreshToken: b.refreshToken });
    await h.post('/v1/wa-na/refresh', { refreshToken: b.refreshToken });
    stop();
    expect(events.map((event) => event.reason)).toEqual(['logout', 'refresh-reuse']);
  });

  it('verifyPassword checks with Argon2 and costs the same for a missing user', async () => {
    const user = await newUser();
    const verify = vi.spyOn(passwordHasher, 'verify');
    expect(await h.app.auth.verifyPassword(user.id, 'p4ssword')).toBe(true);
    expect(await h.app.auth.verifyPassword(user.id, 'wrong-pass')).toBe(false);
    expect(await h.app.auth.verifyPassword('999999999', 'p4ssword')).toBe(false);
    expect(verify).toHaveBeenCalledTimes(3);
    verify.mockRestore();
  });

  it('setPassword stores a new hash and enforces the 7–140 rule with 1001', async () => {
    const user = await newUser();
    await expect(
      h.app.db.transaction((tx) => h.app.auth.setPassword(tx, user.id, 'short')),
    ).rejects.toMatchObject({ code: 1001 });
    await h.app.db.transaction((tx) => h.app.auth.setPassword(tx, user.id, 'another-pass'));
    expect(await h.app.auth.verifyPassword(user.id, 'another-pass')).toBe(true);
    expect(await h.app.auth.verifyPassword(user.id, 'p4ssword')).toBe(false);
  });

  it('checkToken gives the request identity of a token', async () => {
    const user = await newUser();
    const session = await h.login(user.email, 'p4ssword', { ip: user.from });
    expect(await h.app.auth.checkToken(session.token)).toEqual({
      ok: true,
      auth: {
        userId: user.id,
        uid: user.uid,
        sessionId: expect.any(String),
        virtual: false,
        brandId: 'tradekit',
      },
    });
    expect(await h.app.auth.checkToken(undefined)).toEqual({ ok: false, code: 401 });
  });
});
