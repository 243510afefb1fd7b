import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../clock';
import { buildTestApp } from '../testing';

const TOKEN = 'clock-admin-token-0123456789';
const START = Date.UTC(2026, 11, 2, 8, 0, 0);

const advance = (app: FastifyInstance, body: unknown, token = TOKEN) =>
  app.inject({
    method: 'POST',
    url: '/admin/v1/clock/advance',
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });

describe('POST /admin/v1/clock/advance (CH4)', () => {
  let movable: FastifyInstance;
  let plain: FastifyInstance;
  beforeAll(async () => {
    const modules = { market: false, broker: false };
    movable = await buildTestApp({
      adminToken: TOKEN,
      modules,
      movableClock: createTestClock({ start: START, frozen: true }),
    });
    plain = await buildTestApp({ adminToken: TOKEN, modules });
  });
  afterAll(async () => {
    await movable?.close();
    await plain?.close();
  });

  it("moves the app's clock forward, answers the new time, and audits the move", async () => {
    expect(movable.clock.now()).toBe(START);
    const res = await advance(movable, { ms: 181_000 });
    expect(res.json()).toMatchObject({ code: 0, data: { now: START + 181_000 } });
    expect(movable.clock.now()).toBe(START + 181_000);
    const { rows } = await movable.db.query<{ action: string; after: unknown }>(
      `select action, after from audit_log where action = 'clock.advance' order by id desc limit 1`,
    );
    expect(rows[0]).toMatchObject({ action: 'clock.advance', after: { ms: 181_000 } });
  });

  it('refuses a move backwards, of nothing, past a day, or without the admin token', async () => {
    const before = movable.clock.now();
    for (const ms of [-1, 0, 86_400_001, 1.5, '60000']) {
      expect((await advance(movable, { ms })).json().code).toBe(1001);
    }
    expect((await advance(movable, { ms: 1000 }, 'wrong-token-0123456789')).statusCode).toBe(401);
    expect(movable.clock.now()).toBe(before);
  });

  it('does not exist on a server without a movable clock', async () => {
    const res = await advance(plain, { ms: 1000 });
    expect(res.statusCode).toBe(404);
  });

  it('refuses both a clock and a movable clock', async () => {
    await expect(
      buildTestApp({ clock: createTestClock(), movableClock: createTestClock(), logger: false }),
    ).rejects.toThrow(/clock or movableClock, not both/);
  });
});
