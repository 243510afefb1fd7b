/**
 * A real platform (config loading, API client, store) with a scripted server and an in-memory local
 * storage, for session tests. Handlers answer by path after `/v1/` (e.g. `wa-na/refresh`).
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { sampleConfigJson } from '../config/runtime-config.fixture';
import type { TokenPayload } from '../contract/auth';
import type { SystemConfigEntry } from '../contract/types';
import { ALL_STRINGS } from '../i18n/english.fixture';
import { createI18n } from '../i18n/i18n';
import type { MarketFeedOptions } from '../feeds/market-feed';
import { createPlatform } from '../runtime/platform';
import type { OwnedPlatform } from '../runtime/platform';
import { createIsolatedStore } from '../state/store';
import { createSession, setSessionForTests } from './session';
import type { OwnedSession, SessionOptions } from './session';
import { createKeyValueStore } from './storage';
import type { KeyValueStore } from './storage';

/** A Storage kept in a Map (local storage of one test page). */
export class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned JWT-shaped token with this payload (the client never verifies signatures). */
export function makeToken(payload: Partial<TokenPayload> & { exp: number }): string {
  const full = {
    sub: '7',
    uid: '10000007',
    sid: 's1',
    virtualStatus: '0',
    aesKey: 'k'.repeat(32),
    iat: 0,
    ...payload,
  };
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(full)}.c2ln`;
}

/** What a handler answers: an envelope body, or an HTTP status without a body. */
export type Answer =
  { code: number; msg?: string; data?: unknown; [extra: string]: unknown } | { http: number };
/** One scripted endpoint. */
export type Handler = (body: Record<string, unknown>, bearer: string | null) => Answer | Promise<Answer>;

export interface Harness {
  platform: OwnedPlatform;
  session: OwnedSession;
  storage: MemoryStorage;
  kv: KeyValueStore;
  /** Every API call made, by path after /v1/ (or /exchange/). */
  calls: Array<{
    path: string;
    body: Record<string, unknown>;
    bearer: string | null;
    /** `include` for the calls that carry the refresh cookie. */
    credentials: RequestCredentials | null;
  }>;
  handlers: Record<string, Handler>;
  nav: { onUnauthorized: ReturnType<typeof vi.fn>; onEnded: ReturnType<typeof vi.fn> };
  /** Calls made to one path. */
  callsTo(path: string): Harness['calls'];
}

/** A user info answer for uid. */
export const userInfo = (uid = '10000007', virtual = false) => ({
  id: '7',
  uid,
  nickname: 'Ada',
  avatar: null,
  realName: null,
  email: 'ada@example.com',
  phone: null,
  areaCode: null,
  inviteCode: 'INV7',
  registerType: 'E',
  country: null,
  idNumber: null,
  account: { balanceAmount: virtual ? '50000.00' : '120.50', lockMargin: '0.00' },
  virtual,
  totalBalance: '120.50',
  availableBalance: '120.50',
  totpEnabled: false,
});

/** Build the harness; `prepare` may seed local storage before the session is created. */
export function createHarness(
  options: {
    systemConfigs?: SystemConfigEntry[];
    handlers?: Record<string, Handler>;
    prepare?: (storage: MemoryStorage) => void;
    session?: SessionOptions;
    /** Fields of `/config.json` over the sample's (e.g. `tokenStorage`). */
    config?: Record<string, unknown>;
    /** The market feed's STOMP client (a fake one for live prices). */
    clientFactory?: MarketFeedOptions['clientFactory'];
  } = {},
): Harness {
  const calls: Harness['calls'] = [];
  const handlers: Record<string, Handler> = {
    'waa/user/info': () => ({ code: 0, data: userInfo() }),
    'waa/user/balance': () => ({ code: 0, data: { balanceAmount: '120.50', lockMargin: '0.00' } }),
    'waa/user/logout': () => ({ code: 0, data: null }),
    ...options.handlers,
  };
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.pathname === '/config.json') return reply(sampleConfigJson(options.config));
    if (url.pathname.endsWith('/getAllConfigStatusWeb'))
      return reply({ code: 0, msg: '', data: { systemConfigs: options.systemConfigs ?? [], walletType: 0 } });
    const path = url.pathname.replace(/^\/(v1|exchange)\//, (_, root: string) =>
      root === 'v1' ? '' : 'exchange/',
    );
    // A multipart call (FormData) is recorded field by field, files as File objects.
    const body = (
      init?.body instanceof FormData
        ? Object.fromEntries(init.body.entries())
        : JSON.parse(String(init?.body ?? '{}'))
    ) as Record<string, unknown>;
    const auth = (init?.headers as Record<string, string> | undefined)?.authorization ?? null;
    const bearer = auth?.replace(/^Bearer /, '') ?? null;
    calls.push({ path, body, bearer, credentials: init?.credentials ?? null });
    const handler = handlers[path];
    if (!handler) return reply({}, 404);
    const answer = await handler(body, bearer);
    if (typeof answer.http === 'number') return reply({}, answer.http);
    return reply({ msg: '', data: null, ...answer });
  }) as typeof fetch;
  const platform = createPlatform({
    origin: 'https://platform.test',
    fetchImpl,
    store: createIsolatedStore(),
    i18n: createI18n({ strings: ALL_STRINGS }),
    clientFactory: options.clientFactory,
  });
  const storage = new MemoryStorage();
  options.prepare?.(storage);
  const kv = createKeyValueStore(storage, null);
  const session = createSession(platform, {
    storage: kv,
    now: () => Date.now(),
    lock: (task) => task(),
    page: null,
    pageOrigin: 'https://brand.test',
    // The suites over this fixture seed and read the spec's §3 keys: the compatibility mode (SC2). The
    // default cookie mode has its own suite (session-cookie.test.ts), which passes tokenStorage: 'cookie'.
    tokenStorage: 'spec',
    ...options.session,
  });
  setSessionForTests(platform, session);
  const nav = { onUnauthorized: vi.fn(), onEnded: vi.fn() };
  session.setNavigation(nav);
  return {
    platform,
    session,
    storage,
    kv,
    calls,
    handlers,
    nav,
    callsTo: (path) => calls.filter((c) => c.path === path),
  };
}

/**
 * Fake timers standing at `now` around each test of a session suite (timers and Date; promises stay real), and
 * the harness `current()` returns closed after it.
 */
export function useSessionTimers(now: number, current: () => Harness | undefined): void {
  beforeEach(() => {
    vi.useFakeTimers({ now, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    current()?.session.close();
    current()?.platform.close();
    vi.useRealTimers();
  });
}
