import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './testing';

const TOKEN = 'app-test-admin-token-0123';
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ adminToken: TOKEN, market: { seed: 7, autostart: false } });
});
afterAll(() => app?.close());

describe('buildApp', () => {
  it('registers every module with its decorator', () => {
    for (const name of ['db', 'broker', 'market', 'brand', 'adminToken', 'requireAdmin', 'config']) {
      expect(app.hasDecorator(name), name).toBe(true);
    }
  });

  it('applies the migrations of every module in order', async () => {
    const { rows } = await app.db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(rows.map((row) => row.name).slice(0, 2)).toEqual([
      '20261121T0001_platform.sql',
      '20261121T0002_market.sql',
    ]);
  });

  it('guards the admin hooks of other modules with the same token', async () => {
    const url = '/admin/v1/market/connections/drop';
    expect((await app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const res = await app.inject({
      method: 'POST',
      url,
      payload: {},
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.json()).toMatchObject({ code: 0, data: { dropped: 0 } });
  });
});
