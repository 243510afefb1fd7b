import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsFor } from '../db/testing';
import { buildTestApp } from '../testing';

const TOKEN = 'test-admin-token-0123456789';
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ adminToken: TOKEN, modules: { market: false, broker: false } });
  // A route of another module using the shared guard (routes must be added before the first request).
  app.get('/admin/v1/test/guarded', { preHandler: app.requireAdmin }, async () => ({ reached: true }));
});
afterAll(() => app?.close());

describe('GET /admin/v1/health', () => {
  it('refuses a request without the admin token with HTTP 401', async () => {
    const res = await app.inject({ method: 'GET', url: '/admin/v1/health' });
    expect(res.statusCode).toBe(401);
    expect(res.json().data).toBeNull();
  });

  it('refuses a wrong token', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/admin/v1/health',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('reports the database engine and applied migrations to the admin', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/admin/v1/health',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ status: 'ok', db: backendsFor('any', process.env)[0] });
    expect(body.data.migrations).toContain('20261121T0001_platform.sql');
  });

  it('exposes the guard and the token to other modules', async () => {
    expect(app.adminToken).toBe(TOKEN);
    expect((await app.inject({ method: 'GET', url: '/admin/v1/test/guarded' })).statusCode).toBe(401);
    const admitted = await app.inject({
      method: 'GET',
      url: '/admin/v1/test/guarded',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(admitted.json()).toEqual({ reached: true });
  });
});
