/**
 * ASVS 7.3.1 (decision SEC11): an operator session unused for 30 minutes ends, on the server clock. Any admitted
 * back-office request is activity, written at most once a minute in the session's row, so every process of the
 * database sees it; the 8-hour lifetime holds whatever the activity.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATOR_BACKGROUND_HEADER } from '../../../src/core/contract/backoffice';
import { ADMIN_TOKEN, admin } from '../accounts/test-app';
import { buildApp } from '../app';
import { appStorage, describeOnBackends, type TestBackend, type TestDatabase } from '../db/testing';
import { sweepOperatorSessions } from './sessions';
import { signInOperatorAt, type TestOperator } from './testing';

const MINUTE = 60_000;
/** What the guard answers a request without a live session (HTTP 401). */
const NO_SESSION = { code: 400, msg: 'admin token required', data: null };

/** Two apps on one database and one clock, with helpers to act as an operator. */
function harness(backend: TestBackend, processes: 1 | 2) {
  const state = {
    database: undefined as TestDatabase | undefined,
    apps: [] as FastifyInstance[],
    clock: Date.UTC(2026, 2, 2, 9, 0, 0),
    serial: 0,
  };
  beforeAll(async () => {
    state.database = await backend.create();
    for (let i = 0; i < processes; i += 1) {
      state.apps.push(
        await buildApp({
          ...appStorage(state.database),
          adminToken: ADMIN_TOKEN,
          modules: { market: false, broker: false },
          clock: { now: () => state.clock },
        }),
      );
    }
  }, 120_000);
  afterAll(async () => {
    for (const app of state.apps) await app.close();
    await state.database?.cleanup();
  });

  const app = (i = 0) => state.apps[i] as FastifyInstance;
  return {
    app,
    now: () => state.clock,
    advance: (ms: number) => (state.clock += ms),
    /** A new support operator, signed in (own password chosen); answers its id and session cookie. */
    async signedIn(): Promise<{ id: string; cookie: string }> {
      state.serial += 1;
      const email = `idle${state.serial}@ops.example`;
      const added = (await admin(app(), 'POST', '/admin/v1/operators', { email, roles: ['support'] })).json()
        .data as { operator: { id: string }; totpSecret: string; password: string };
      const op: TestOperator = { email, password: added.password, secret: added.totpSecret };
      // Each TOTP code is accepted once: every sign-in takes a step of its own.
      state.clock += 30_000;
      return { id: added.operator.id, cookie: await signInOperatorAt(app(), op, state.clock) };
    },
    /** A plain read of the support role, through process `i`. */
    read(cookie: string, i = 0): Promise<LightMyRequestResponse> {
      return app(i).inject({ method: 'GET', url: '/admin/v1/audit?pageSize=1', headers: { cookie } });
    },
    async lastSeen(operatorId: string): Promise<number> {
      const { rows } = await app().db.query<{ at: Date }>(
        'select last_seen_at as at from operator_sessions where operator_id = $1',
        [operatorId],
      );
      return new Date(rows[0]?.at as Date).getTime();
    },
  };
}

describeOnBackends('an operator session idle for 30 minutes', { on: 'any' }, (backend) => {
  const h = harness(backend, 1);

  it('admits a session idle for 29 minutes and ends one idle for 31: HTTP 401, as an expired one', async () => {
    const { cookie } = await h.signedIn();
    h.advance(29 * MINUTE);
    const read = await h.read(cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().code).toBe(0);
    h.advance(31 * MINUTE);
    for (const answer of [
      await h.read(cookie),
      await h.app().inject({ method: 'GET', url: '/admin/v1/operators/me', headers: { cookie } }),
    ]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(NO_SESSION);
    }
  });

  it('keeps a session alive as long as it is used, writing its activity at most once a minute', async () => {
    const { id, cookie } = await h.signedIn();
    const signedInAt = await h.lastSeen(id);
    // Requests within a minute of the recorded activity write nothing.
    h.advance(30_000);
    expect((await h.read(cookie)).statusCode).toBe(200);
    expect(await h.lastSeen(id)).toBe(signedInAt);
    h.advance(30_000);
    expect((await h.read(cookie)).statusCode).toBe(200);
    expect(await h.lastSeen(id)).toBe(signedInAt + MINUTE);
    // Two hours of a request every 20 minutes: never idle for 30.
    for (let i = 0; i < 6; i += 1) {
      h.advance(20 * MINUTE);
      expect((await h.read(cookie)).statusCode).toBe(200);
    }
    h.advance(29 * MINUTE);
    expect((await h.read(cookie)).statusCode).toBe(200);
  });

  it('counts only admitted requests: a refused one (no CSRF header) keeps no one signed in', async () => {
    const { cookie } = await h.signedIn();
    h.advance(20 * MINUTE);
    const forged = await h.app().inject({
      method: 'POST',
      url: '/admin/v1/operators/logout',
      headers: { cookie },
      payload: {},
    });
    expect(forged.statusCode).toBe(403);
    h.advance(11 * MINUTE);
    expect((await h.read(cookie)).statusCode).toBe(401);
  });

  // SEC13: what an open screen asks by itself (a pushed message marked read, a fetch after a reconnect).
  it('admits a call the page makes by itself but counts it as no activity: the idle session still ends', async () => {
    const { id, cookie } = await h.signedIn();
    const signedInAt = await h.lastSeen(id);
    const background = (): Promise<LightMyRequestResponse> =>
      h.app().inject({
        method: 'GET',
        url: '/admin/v1/audit?pageSize=1',
        headers: { cookie, [OPERATOR_BACKGROUND_HEADER]: '1' },
      });
    for (let i = 0; i < 2; i += 1) {
      h.advance(14 * MINUTE);
      const answer = await background();
      expect(answer.statusCode).toBe(200);
      expect(answer.json().code).toBe(0);
    }
    expect(await h.lastSeen(id)).toBe(signedInAt);
    // 30 minutes after the operator's own last request, however busy the page kept itself.
    h.advance(2 * MINUTE + 1);
    expect((await background()).json()).toEqual(NO_SESSION);
    expect((await h.read(cookie)).json()).toEqual(NO_SESSION);
  });

  it('still ends a session in use 8 hours after its sign-in', async () => {
    const { cookie } = await h.signedIn();
    for (let i = 0; i < 19; i += 1) {
      h.advance(25 * MINUTE);
      expect((await h.read(cookie)).statusCode).toBe(200);
    }
    // 7 h 55 min so far: used again at 8 hours less a minute, then past the lifetime.
    h.advance(4 * MINUTE);
    expect((await h.read(cookie)).statusCode).toBe(200);
    h.advance(MINUTE);
    expect((await h.read(cookie)).json()).toEqual(NO_SESSION);
  });

  it('lets the sweep forget idle sessions and keep the live ones', async () => {
    const idle = await h.signedIn();
    h.advance(20 * MINUTE);
    const live = await h.signedIn();
    h.advance(11 * MINUTE);
    await sweepOperatorSessions(h.app().db, h.now());
    const { rows } = await h
      .app()
      .db.query<{ id: string }>(
        'select operator_id::text as id from operator_sessions where operator_id in ($1, $2)',
        [idle.id, live.id],
      );
    expect(rows.map((row) => row.id)).toEqual([live.id]);
  });
});

describeOnBackends(
  'several processes share an operator session’s activity',
  { on: 'postgresOnly' },
  (backend) => {
    const h = harness(backend, 2);

    it('activity seen by one process keeps the session alive on the other, and idleness ends it on both', async () => {
      const { cookie } = await h.signedIn();
      for (let i = 0; i < 3; i += 1) {
        h.advance(20 * MINUTE);
        // Only process 1 serves the operator: process 0, which signed them in, never sees a request.
        expect((await h.read(cookie, 1)).statusCode).toBe(200);
      }
      h.advance(20 * MINUTE);
      expect((await h.read(cookie, 0)).statusCode).toBe(200);
      h.advance(31 * MINUTE);
      expect((await h.read(cookie, 0)).statusCode).toBe(401);
      expect((await h.read(cookie, 1)).statusCode).toBe(401);
    });
  },
);
