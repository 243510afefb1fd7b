/**
 * The trader's own up/down colour pair (issue #22, UC2): saved per user through `user/preferences/submit`, read
 * back in `user/info` by every session of the user, refused where the brand fixes its colours (UC1).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildAccountsApp, createUser, post, signIn } from '../accounts/test-app';
import type { TestDatabase } from '../db/testing';
import { describeOnBackends } from '../db/testing';

const SUBMIT = '/v1/waa/user/preferences/submit';
const INFO = '/v1/waa/user/info';

// A new column with a check constraint and an update by id: both engines.
describeOnBackends('POST /v1/waa/user/preferences/submit', { on: 'both' }, (backend) => {
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

  const saved = async (userId: string) =>
    (await app.db.query<{ c: string | null }>('select color_scheme as c from users where id = $1', [userId]))
      .rows[0]?.c;
  const infoOf = async (token: string) => (await post(app, token, INFO)).json().data.colorScheme;

  it('answers HTTP 401 without a session', async () => {
    expect((await post(app, null, SUBMIT, { colorScheme: 'green-red' })).statusCode).toBe(401);
  });

  it("saves the caller's own pair, which every session of the user reads back and nobody else gets", async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    const first = await signIn(app, user.id);
    expect(await infoOf(first)).toBeNull();
    const res = await post(app, first, SUBMIT, { colorScheme: 'red-green' });
    expect(res.json()).toEqual({ code: 0, msg: 'success', data: { colorScheme: 'red-green' } });
    // Another browser: a session of its own, the same user.
    expect(await infoOf(await signIn(app, user.id))).toBe('red-green');
    // The demo account's token belongs to the same trader.
    const demo = await signIn(app, user.id, true);
    expect(await infoOf(demo)).toBe('red-green');
    expect((await post(app, demo, SUBMIT, { colorScheme: 'brand' })).json().code).toBe(0);
    expect(await infoOf(first)).toBe('brand');
    expect(await saved(other.id)).toBeNull();
    expect(await infoOf(await signIn(app, other.id))).toBeNull();
  });

  it.each([
    ['an unknown pair', { colorScheme: 'purple' }],
    ['a pair in another case', { colorScheme: 'Green-Red' }],
    ['an empty pair', { colorScheme: '' }],
    ['a control character', { colorScheme: 'brand\u0000' }],
    ['a number', { colorScheme: 1 }],
    ['no pair', {}],
    ['a long text', { colorScheme: 'x'.repeat(10_000) }],
  ])('refuses %s with 1001 and keeps what was saved', async (_, body) => {
    const user = await createUser(app);
    const token = await signIn(app, user.id);
    await post(app, token, SUBMIT, { colorScheme: 'green-red' });
    expect((await post(app, token, SUBMIT, body)).json().code).toBe(1001);
    expect(await saved(user.id)).toBe('green-red');
  });

  it('refuses with 23523 where the brand fixes its colours, and user/info hides a pair saved before', async () => {
    const user = await createUser(app, { brandId: 'meridian' });
    const token = await signIn(app, user.id);
    expect((await post(app, token, SUBMIT, { colorScheme: 'green-red' })).json().code).toBe(23523);
    expect(await saved(user.id)).toBeNull();
    // Saved while the brand still allowed it (an operator turned userColors off later): kept, not shown.
    await app.db.query(`update users set color_scheme = 'green-red' where id = $1`, [user.id]);
    expect(await infoOf(token)).toBeNull();
    expect(await saved(user.id)).toBe('green-red');
  });

  it('holds the column to the known pairs whatever writes it', async () => {
    const user = await createUser(app);
    await expect(
      app.db.query(`update users set color_scheme = 'purple' where id = $1`, [user.id]),
    ).rejects.toThrow(/check/i);
  });
});
