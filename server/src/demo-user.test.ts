import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './testing';
import { DEMO_USER, ensureDemoUser } from './demo-user';

describe('the demo login printed by npm start', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      logger: false,
      market: { autostart: false, backfillDays: 0.05 },
      auth: { devOutbox: true },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('is created once with starting funds, signs in with the printed password, and is found again', async () => {
    const uid = await ensureDemoUser(app);
    expect(uid).toMatch(/^\d{8}$/);
    expect(await ensureDemoUser(app)).toBe(uid);
    const login = await app.inject({
      method: 'POST',
      url: '/v1/wa-na/login',
      payload: { username: DEMO_USER.email, type: 'E', password: DEMO_USER.password },
    });
    const token = login.json().data.token as string;
    const balance = await app.inject({
      method: 'POST',
      url: '/v1/waa/user/balance',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(balance.json().data.balanceAmount).toBe('10000.00');
  });
});
