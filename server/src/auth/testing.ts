/** Test support for the identity suites: the real app on a test database, a movable clock and the dev outbox. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { LoginResponse } from '../../../src/core/contract/auth';
import { buildApp } from '../app';
import { createTestClock, type TestClock } from '../clock';
import type { TestBackend, TestDatabase } from '../db/testing';
import { createDevOutbox, type DevOutbox } from '../sender';
import { totpAt } from './totp';
import { base32Decode } from './base32';

export type { TestClock };

/** 2025-01-06 12:00:00 UTC. */
export const START_MS = Date.UTC(2025, 0, 6, 12);

/** The Set-Cookie lines of a response. */
export function setCookies(res: LightMyRequestResponse): string[] {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** A clock standing at `start` that moves only when told. */
export function testClock(start = START_MS): TestClock {
  return createTestClock({ start, frozen: true });
}

/** The admin API's bearer token in the identity suites. */
export const AUTH_ADMIN_TOKEN = 'identity-test-admin-token';

/** Options of one request of a test. */
export interface CallOptions {
  ip?: string;
  token?: string;
  brand?: string;
  /** Calls with the admin API's token. */
  admin?: boolean;
  /** The caller's User-Agent (light-my-request's own otherwise). */
  userAgent?: string;
}

/** The harness of an identity suite. */
export interface AuthHarness {
  app: FastifyInstance;
  clock: TestClock;
  outbox: DevOutbox;
  call(url: string, payload?: object, options?: CallOptions): Promise<LightMyRequestResponse>;
  /** `{ code, msg, data }` of a call. */
  post<T = unknown>(
    url: string,
    payload?: object,
    options?: CallOptions,
  ): Promise<{ code: number; msg: string; data: T }>;
  /** The newest code the outbox holds for `to`. */
  lastCode(to: string): string;
  /** Registers an email account through sendMail + register; returns its uid. */
  registerEmail(
    email: string,
    password: string,
    options?: CallOptions & { inviteCode?: string },
  ): Promise<string>;
  login(username: string, password: string, options?: CallOptions): Promise<LoginResponse>;
  /** The current TOTP code of a base32 secret on the harness clock. */
  totp(secret: string, offsetMs?: number): string;
  close(): Promise<void>;
}

/** Builds the app (no market, no broker) with the identity module on a fresh database of `backend`. */
export async function authHarness(backend: TestBackend): Promise<AuthHarness> {
  const database: TestDatabase = await backend.create();
  const clock = testClock();
  const outbox = createDevOutbox({ print: () => undefined, now: clock.now });
  const app = await buildApp({
    ...database,
    modules: { market: false, broker: false },
    adminToken: AUTH_ADMIN_TOKEN,
    clock,
    auth: { sender: outbox, tokenSecret: 'identity-test-secret-0123456789-abcdef' },
  });
  const call = (url: string, payload: object = {}, options: CallOptions = {}) =>
    app.inject({
      method: 'POST',
      url: options.brand ? `${url}?brand=${options.brand}` : url,
      payload,
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.admin ? { authorization: `Bearer ${AUTH_ADMIN_TOKEN}` } : {}),
        ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
      },
    });
  const post: AuthHarness['post'] = async (url, payload, options) =>
    (await call(url, payload, options)).json();
  const lastCode = (to: string) => {
    const code = outbox.list(to).find((entry) => entry.code !== null)?.code;
    if (!code) throw new Error(`no code was sent to ${to}`);
    return code;
  };
  const harness: AuthHarness = {
    app,
    clock,
    outbox,
    call,
    post,
    lastCode,
    async registerEmail(email, password, options = {}) {
      const sent = await post('/v1/wa-na/sendMail', { email, type: '1', locale: 'en' }, options);
      if (sent.code !== 0) throw new Error(`sendMail answered ${sent.code}`);
      const payload = {
        username: email,
        type: 'E',
        password,
        code: lastCode(email),
        inviteCode: options.inviteCode,
      };
      const res = await post<{ uid: string }>('/v1/wa-na/register', payload, options);
      if (res.code !== 0) throw new Error(`register answered ${res.code}`);
      return res.data.uid;
    },
    async login(username, password, options) {
      const type = username.includes('@') ? 'E' : 'P';
      const res = await post<LoginResponse>('/v1/wa-na/login', { username, type, password }, options);
      if (res.code !== 0) throw new Error(`login answered ${res.code}`);
      return res.data;
    },
    totp: (secret, offsetMs = 0) => totpAt(base32Decode(secret), clock.now() + offsetMs),
    async close() {
      await app.close();
      await database.cleanup();
    },
  };
  return harness;
}
