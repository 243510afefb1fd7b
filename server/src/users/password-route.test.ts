import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsApp, createUser, post, signIn, type TestUser } from '../accounts/test-app';

const URL = '/v1/waa/user/password/submit';
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildAccountsApp();
});
afterAll(() => app?.close());

describe('POST /v1/waa/user/password/submit', () => {
  it('answers HTTP 401 without a token', async () => {
    expect((await post(app, null, URL, { oldPassword: 'x', newPassword: 'y' })).statusCode).toBe(401);
  });

  it('refuses a wrong old password with 1109 and changes nothing', async () => {
    const user = await createUser(app);
    const token = await signIn(app, user.id);
    const res = await post(app, token, URL, { oldPassword: 'not-it-at-all', newPassword: 'brand-new-pw' });
    expect(res.json().code).toBe(1109);
    expect(await app.auth.verifyPassword(user.id, user.password)).toBe(true);
    expect((await post(app, token, '/v1/waa/user/balance')).json().code).toBe(0);
  });

  it('checks 5 wrong old passwords, then ends every session of the user with 23519 and checks no more', async () => {
    const user = await createUser(app);
    const token = await signIn(app, user.id);
    const elsewhere = await signIn(app, user.id);
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await post(app, token, URL, { oldPassword: `guess-${i}`, newPassword: 'brand-new-pw' });
      codes.push(res.statusCode === 401 ? 401 : res.json<{ code: number }>().code);
    }
    expect(codes.slice(0, 6)).toEqual([1109, 1109, 1109, 1109, 1109, 23519]);
    expect(codes.slice(6).every((code) => code === 23519 || code === 401)).toBe(true);
    expect((await post(app, elsewhere, '/v1/waa/user/balance')).json().code).toBe(23519);
    const fresh = await signIn(app, user.id);
    const right = await post(app, fresh, URL, { oldPassword: user.password, newPassword: 'brand-new-pw' });
    // Still locked for the rest of the window, right password or not, and nothing was changed.
    expect(right.json().code).toBe(23519);
  });

  it('checks at most 5 of 30 parallel wrong old passwords', async () => {
    const user = await createUser(app);
    const token = await signIn(app, user.id);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(app, token, URL, { oldPassword: `guess-${i}`, newPassword: 'brand-new-pw' }),
      ),
    );
    const codes = results.map((res) => (res.statusCode === 401 ? 401 : res.json<{ code: number }>().code));
    expect(codes.filter((code) => code === 1109).length).toBeLessThanOrEqual(5);
    expect((await post(app, token, '/v1/waa/user/balance')).json().code).toBe(23519);
  });

  it.each([
    ['a new password of six characters', { newPassword: 'abcdef' }],
    ['a new password of 141 characters', { newPassword: 'a'.repeat(141) }],
    ['a missing new password', { newPassword: undefined }],
  ])('refuses %s with 1001', async (_name, change) => {
    const user = await createUser(app);
    const body = Object.assign({ oldPassword: user.password, newPassword: 'long-enough' }, change);
    expect((await post(app, await signIn(app, user.id), URL, body)).json().code).toBe(1001);
    expect(await app.auth.verifyPassword(user.id, user.password)).toBe(true);
  });

  it.each([
    ['a top-100 password', 'E', () => 'sunshine', 'common'],
    ['the rank-2,900 password in capitals', 'E', () => 'DENMARK', 'common'],
    ['the brand name with substitutions', 'E', () => 'Tr4dek1t-2026', 'context'],
    [
      "the user's own email local part",
      'E',
      (user: TestUser) => `my-${user.email?.split('@')[0]}-pw`,
      'context',
    ],
    ["the user's own phone digits", 'P', (user: TestUser) => `pin ${user.phone?.slice(-7)} x`, 'context'],
  ] as const)(
    'refuses %s as the new password with 1001 naming the rule, and keeps the old one',
    async (_name, registerType, newPassword, rule) => {
      const user = await createUser(app, { registerType });
      const body = { oldPassword: user.password, newPassword: newPassword(user) };
      const res = await post(app, await signIn(app, user.id), URL, body);
      expect(res.json()).toEqual({ code: 1001, msg: `password: ${rule}`, data: null });
      expect(await app.auth.verifyPassword(user.id, user.password)).toBe(true);
    },
  );

  it('accepts the password at rank 3,001, past the list', async () => {
    const user = await createUser(app);
    const body = { oldPassword: user.password, newPassword: 'soccer10' };
    expect((await post(app, await signIn(app, user.id), URL, body)).json().code).toBe(0);
    expect(await app.auth.verifyPassword(user.id, 'soccer10')).toBe(true);
  });

  it('refuses the old password as the new one with 1001', async () => {
    const user = await createUser(app);
    const body = { oldPassword: user.password, newPassword: user.password };
    expect((await post(app, await signIn(app, user.id), URL, body)).json().code).toBe(1001);
  });

  it('stores the new password and ends every session of the user, this one included', async () => {
    const user = await createUser(app);
    const token = await signIn(app, user.id);
    const elsewhere = await signIn(app, user.id);
    const res = await post(app, token, URL, {
      oldPassword: user.password,
      newPassword: 'Seven77',
      metaData: {},
    });
    expect(res.json()).toEqual({ code: 0, msg: 'success', data: null });
    expect(await app.auth.verifyPassword(user.id, 'Seven77')).toBe(true);
    expect(await app.auth.verifyPassword(user.id, user.password)).toBe(false);
    expect((await post(app, token, '/v1/waa/user/balance')).json().code).toBe(23519);
    expect((await post(app, elsewhere, '/v1/waa/user/balance')).json().code).toBe(23519);
  });

  it("never changes another user's password", async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);
    const body = {
      oldPassword: alice.password,
      newPassword: 'hijacked-pw',
      userId: alice.id,
      uid: alice.uid,
    };
    expect((await post(app, await signIn(app, bob.id), URL, body)).json().code).toBe(1109);
    expect(await app.auth.verifyPassword(alice.id, alice.password)).toBe(true);
  });
});
