import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsApp, createUser, post, signIn } from '../accounts/test-app';
import { requireBoundEmail } from './repo';

const URL = '/v1/waa/user/bind/email/submit';
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildAccountsApp();
});
afterAll(() => app?.close());

async function phoneUser(brandId = 'tradekit') {
  const user = await createUser(app, { registerType: 'P', brandId });
  return { user, token: await signIn(app, user.id) };
}

describe('POST /v1/waa/user/bind/email/submit', () => {
  it('answers HTTP 401 without a token', async () => {
    expect((await post(app, null, URL, { email: 'a@b.co' })).statusCode).toBe(401);
  });

  it('binds a trimmed, lower-cased email to a phone-registered user', async () => {
    const { user, token } = await phoneUser();
    const res = await post(app, token, URL, { email: '  Ada.Lovelace@Example.COM ' });
    expect(res.json()).toEqual({ code: 0, msg: 'success', data: { email: 'ada.lovelace@example.com' } });
    expect((await post(app, token, '/v1/waa/user/info')).json().data.email).toBe('ada.lovelace@example.com');
    expect(await requireBoundEmail(app.db, user.id)).toBe('ada.lovelace@example.com');
  });

  it('answers 1157 when an email is already bound', async () => {
    const { token } = await phoneUser();
    await post(app, token, URL, { email: 'first@example.com' });
    expect((await post(app, token, URL, { email: 'second@example.com' })).json().code).toBe(1157);
  });

  it('answers 1045 when another user of the brand has the email, whatever its case', async () => {
    const owner = await createUser(app, { email: 'taken@example.com' });
    const { token } = await phoneUser();
    expect((await post(app, token, URL, { email: 'TAKEN@example.com' })).json().code).toBe(1045);
    expect(owner.email).toBe('taken@example.com');
  });

  it('refuses an email-registered user with 23523', async () => {
    const user = await createUser(app);
    expect((await post(app, await signIn(app, user.id), URL, { email: 'x@example.com' })).json().code).toBe(
      23523,
    );
  });

  it('refuses with 23523 when the brand has user/bindEmail off', async () => {
    const { token } = await phoneUser('meridian');
    expect((await post(app, token, URL, { email: 'x@example.com' })).json().code).toBe(23523);
  });

  it.each(['not-an-email', 'a@b', 'a b@example.com', `${'a'.repeat(135)}@x.com`, ''])(
    'refuses "%s" with 1001',
    async (email) => {
      const { token } = await phoneUser();
      expect((await post(app, token, URL, { email })).json().code).toBe(1001);
    },
  );
});

describe('requireBoundEmail', () => {
  it('answers 1156 for a user without an email', async () => {
    const { user } = await phoneUser();
    await expect(requireBoundEmail(app.db, user.id)).rejects.toMatchObject({ code: 1156 });
  });
});
